import Foundation
import OpenPencilKit
import Testing

@Suite("PKStrokePath: the B-spline and its strides")
struct PKStrokePathTests {
  @Test func curveStartsAndEndsOnTheEndControlPoints() {
    let p = ModelFixtures.path([
      ModelFixtures.point(0, 0), ModelFixtures.point(10, 30), ModelFixtures.point(40, -5),
      ModelFixtures.point(50, 20),
    ])
    #expect(p.interpolatedLocation(at: 0) == CGPoint(x: 0, y: 0))
    let end = p.interpolatedLocation(at: 3)
    #expect(abs(end.x - 50) < 1e-12 && abs(end.y - 20) < 1e-12)
  }

  @Test func interiorKnotsAreTheBSplineAverage() {
    let p = ModelFixtures.path([
      ModelFixtures.point(0, 0), ModelFixtures.point(10, 30), ModelFixtures.point(40, -5),
      ModelFixtures.point(50, 20),
    ])
    // At an interior knot the uniform cubic B-spline is (P[i-1] + 4 P[i] + P[i+1]) / 6.
    let knot = p.interpolatedLocation(at: 1)
    #expect(abs(knot.x - (0 + 40 + 40) / 6) < 1e-12)
    #expect(abs(knot.y - (0 + 120 - 5) / 6) < 1e-12)
    let knot2 = p.interpolatedLocation(at: 2)
    #expect(abs(knot2.x - (10 + 160 + 50) / 6) < 1e-12)
    #expect(abs(knot2.y - (30 - 20 + 20) / 6) < 1e-12)
  }

  @Test func straightRunsStayStraight() {
    let p = ModelFixtures.path([
      ModelFixtures.point(0, 0), ModelFixtures.point(10, 10), ModelFixtures.point(30, 30),
      ModelFixtures.point(35, 35),
    ])
    for u in stride(from: 0.0, through: 3.0, by: 0.05) {
      let location = p.interpolatedLocation(at: u)
      #expect(abs(location.x - location.y) < 1e-12)
    }
    // Two points: exactly the segment, linear in the parameter.
    let segment = ModelFixtures.path([ModelFixtures.point(0, 0), ModelFixtures.point(100, 50)])
    let middle = segment.interpolatedLocation(at: 0.25)
    #expect(abs(middle.x - 25) < 1e-12 && abs(middle.y - 12.5) < 1e-12)
  }

  @Test func otherAttributesAreLinearBetweenNeighbours() {
    let p = ModelFixtures.path([
      ModelFixtures.point(0, 0, t: 0, force: 0.2), ModelFixtures.point(10, 0, t: 1, force: 0.6),
      ModelFixtures.point(20, 0, t: 3),
    ])
    let q = p.interpolatedPoint(at: 0.25)
    #expect(abs(q.force - 0.3) < 1e-12)
    #expect(abs(q.timeOffset - 0.25) < 1e-12)
    #expect(abs(p.interpolatedPoint(at: 1.5).timeOffset - 2) < 1e-12)
  }

  @Test func distanceStrideOnAStraightLine() {
    let p = ModelFixtures.path([ModelFixtures.point(0, 0), ModelFixtures.point(102, 0)])
    let xs = p.interpolatedPoints(by: .distance(5)).map(\.location.x)
    // 0, 5, …, 100, then the last point of the range is always emitted.
    #expect(xs.count == 22)
    for (i, x) in xs.dropLast().enumerated() { #expect(abs(x - CGFloat(5 * i)) < 1e-9) }
    #expect(xs.last == 102)
  }

  @Test func distanceStrideFollowsTheCurve() {
    // A polygon approximating a circle of radius 50: steps are 5 points of arc apart.
    let control = (0...24).map { i -> PKStrokePoint in
      let angle = Double(i) / 24 * 2 * .pi
      return ModelFixtures.point(50 * cos(angle), 50 * sin(angle))
    }
    let points = Array(ModelFixtures.path(control).interpolatedPoints(by: .distance(5)))
    for (a, b) in zip(points, points.dropFirst()).dropLast() {
      let chord = hypot(b.location.x - a.location.x, b.location.y - a.location.y)
      #expect(chord <= 5 + 1e-9 && chord > 4.98)
    }
  }

  @Test func timeAndParametricStrides() {
    let p = ModelFixtures.path([
      ModelFixtures.point(0, 0, t: 0), ModelFixtures.point(10, 0, t: 0.1),
      ModelFixtures.point(20, 0, t: 0.4),
    ])
    let times = p.interpolatedPoints(by: .time(0.1)).map(\.timeOffset)
    #expect(times.count == 5)
    for (i, t) in times.enumerated() { #expect(abs(t - 0.1 * Double(i)) < 1e-12) }
    let us = Array(p.interpolatedPoints(by: .parametricStep(0.5)))
    #expect(us.count == 5)
    #expect(us[1].location.x == p.interpolatedLocation(at: 0.5).x)
  }

  @Test func rangesClampAndTheLastPointIsEmitted() {
    let p = ModelFixtures.path([
      ModelFixtures.point(0, 0), ModelFixtures.point(10, 0), ModelFixtures.point(20, 0),
    ])
    let slice = Array(p.interpolatedPoints(in: 0.5...7, by: .parametricStep(0.6)))
    #expect(slice.first?.location.x == p.interpolatedLocation(at: 0.5).x)
    #expect(slice.last?.location.x == 20)
    #expect(p.parametricValue(1.5, offsetBy: .parametricStep(10)) == 2)
    #expect(p.parametricValue(0, offsetBy: .distance(1000)) == 2)
  }

  @Test func onePointAndEmptyPaths() {
    let dot = ModelFixtures.path([ModelFixtures.point(7, 8)])
    let points = Array(dot.interpolatedPoints(by: .distance(5)))
    #expect(points.count == 1)
    #expect(points[0].location == CGPoint(x: 7, y: 8))
    #expect(dot.interpolatedLocation(at: 3) == CGPoint(x: 7, y: 8))
    #expect(Array(PKStrokePath().interpolatedPoints(by: .distance(5))).isEmpty)
  }

  @Test func zeroAndNegativeStridesTerminate() {
    let p = ModelFixtures.path([
      ModelFixtures.point(0, 0, t: 0), ModelFixtures.point(10, 0, t: 0),
      ModelFixtures.point(20, 0, t: 0),
    ])
    #expect(Array(p.interpolatedPoints(by: .distance(0))).count == 2)
    #expect(Array(p.interpolatedPoints(by: .time(0.01))).count == 2)
    #expect(Array(p.interpolatedPoints(by: .parametricStep(-1))).count == 2)
  }

  @Test func isARandomAccessCollectionOfControlPoints() {
    let p = ModelFixtures.path([ModelFixtures.point(1, 2), ModelFixtures.point(3, 4)])
    #expect(p.count == 2)
    #expect(p[1].location == CGPoint(x: 3, y: 4))
    #expect(p.map(\.location.x) == [1, 3])
  }
}
