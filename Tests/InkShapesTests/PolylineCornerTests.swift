import Foundation
import InkSampling
import Testing

@testable import InkShapes

/// The open corner sets a polyline is read from again without its bends
/// (``ShapeClassifier/withoutBends(_:)``), and the check whose long leg bows
/// (``ShapeClassifier/bowedCheckCandidate(_:apex:last:)``), on paths through given vertices.
@Suite struct PolylineCornerTests {
  /// The classifier of one stroke through `vertices` (a point every unit), and the index of
  /// the resampled point nearest each vertex.
  func classifier(_ vertices: [(Double, Double)]) throws -> (ShapeClassifier, [Int]) {
    var xs: [Double] = []
    var ys: [Double] = []
    for (a, b) in zip(vertices, vertices.dropFirst()) {
      let steps = max(1, Int(hypot(b.0 - a.0, b.1 - a.1)))
      for s in 0..<steps {
        xs.append(a.0 + Double(s) / Double(steps) * (b.0 - a.0))
        ys.append(a.1 + Double(s) / Double(steps) * (b.1 - a.1))
      }
    }
    xs.append(vertices[vertices.count - 1].0)
    ys.append(vertices[vertices.count - 1].1)
    let path = try #require(InkPath(strokes: [try SampleBuffer(xs: xs, ys: ys)]))
    let corners = vertices.map { v in
      path.xs.indices.min {
        hypot(path.xs[$0] - v.0, path.ys[$0] - v.1) < hypot(path.xs[$1] - v.0, path.ys[$1] - v.1)
      }!
    }
    return (ShapeClassifier(path: path), corners)
  }

  @Test func aBendOfOneRunIsLeftOut() throws {
    // A delete mark whose bottom bends by 32° at (120, 75): an interior angle of 148°.
    let (classifier, corners) = try classifier([
      (120, 0), (170, 80), (120, 75), (80, 95), (170, 0),
    ])
    let sets = classifier.withoutBends(corners)
    #expect(sets == [corners, [corners[0], corners[1], corners[3], corners[4]]])
  }

  @Test func sharpCornersStay() throws {
    // A zigzag whose corners turn by 120°: no bend, one set.
    let (classifier, corners) = try classifier([(0, 0), (50, 80), (100, 0), (150, 80)])
    #expect(classifier.withoutBends(corners) == [corners])
  }

  @Test func bendsAreLeftOutTheWidestFirstTheRestMeasuredAgain() throws {
    // A bottom bent twice, at (140, 76) by 15° and at (110, 80) by 14° (interior angles of 165°
    // and 166°); without the wider, the other spans to (80, 92) and is still a bend (157°).
    let (classifier, corners) = try classifier([
      (120, 0), (170, 80), (140, 76), (110, 80), (80, 92), (170, 0),
    ])
    let sets = classifier.withoutBends(corners)
    #expect(sets == [corners, [corners[0], corners[1], corners[4], corners[5]]])
  }

  @Test func aCheckIsReadWithALongLegThatBowsTowardsItsStartOnly() throws {
    // A short leg from (0, 60) down to (30, 100), then a long leg to (130, 0) along a quadratic
    // curve whose middle stands 0.18 of the leg's chord off it, towards the short leg's start or
    // away from it (a u's upstroke).
    func reading(control: (Double, Double)) throws -> ShapeCandidate? {
      let (b, c) = ((30.0, 100.0), (130.0, 0.0))
      let leg = (0...20).map { k in
        let t = Double(k) / 20
        let (u, v, w) = ((1 - t) * (1 - t), 2 * t * (1 - t), t * t)
        return (u * b.0 + v * control.0 + w * c.0, u * b.1 + v * control.1 + w * c.1)
      }
      let (classifier, corners) = try classifier([(0, 60)] + leg)
      let path = classifier.path
      let chords = [corners[0], corners[1], corners[corners.count - 1]].map {
        (path.xs[$0], path.ys[$0])
      }
      return classifier.bowedCheckCandidate(chords, apex: corners[1], last: corners.last!)
    }
    let towards = try #require(try reading(control: (44, 14)))
    #expect(towards.shape.kind == .check)
    #expect(towards.fit.meanDeviation < 0.01)
    #expect(try reading(control: (116, 86)) == nil)
  }
}
