import Foundation
import Testing

@testable import InkShapes

/// The corner evidence of a polygon whose sides bow between sharp corners
/// (``ShapeClassifier/bowedSideCornerRatio``), against that of a round loop cut at corners.
@Suite struct BowedSideTests {
  /// A closed loop through `vertices` (counterclockwise), each side an arc bowing out by `bow`
  /// radians of turn, a point about every unit, its first point repeated at the end; and the
  /// indices of its vertices (the first 0, the last the loop's end).
  func bowedPolygon(_ vertices: [(Double, Double)], bow: Double) -> (
    loop: (xs: [Double], ys: [Double], ts: [Double]), corners: [Int]
  ) {
    var (xs, ys, corners): ([Double], [Double], [Int]) = ([], [], [])
    for (k, a) in vertices.enumerated() {
      let b = vertices[(k + 1) % vertices.count]
      let length = hypot(b.0 - a.0, b.1 - a.1)
      let d = ((b.0 - a.0) / length, (b.1 - a.1) / length)
      let out = (d.1, -d.0)
      let radius = length / (2 * sin(bow / 2))
      let center = (
        (a.0 + b.0) / 2 - out.0 * radius * cos(bow / 2),
        (a.1 + b.1) / 2 - out.1 * radius * cos(bow / 2)
      )
      corners.append(xs.count)
      let count = Int(length)
      for i in 0..<count {
        let theta = -bow / 2 + bow * Double(i) / Double(count)
        xs.append(center.0 + radius * (cos(theta) * out.0 + sin(theta) * d.0))
        ys.append(center.1 + radius * (cos(theta) * out.1 + sin(theta) * d.1))
      }
    }
    corners.append(xs.count)
    xs.append(xs[0])
    ys.append(ys[0])
    return ((xs, ys, xs.indices.map(Double.init)), corners)
  }

  /// The loop of a circle of radius 100 drawn from angle 0, `count` points, its first point
  /// repeated at the end.
  func circle(count: Int) -> (xs: [Double], ys: [Double], ts: [Double]) {
    let angles = (0...count).map { 2 * Double.pi * Double($0 % count) / Double(count) }
    return (
      angles.map { 100 * cos($0) }, angles.map { 100 * sin($0) }, angles.indices.map(Double.init)
    )
  }

  @Test func aTriangleWhoseSidesBowHasSharpCorners() {
    // Each side turns by 25°, 75° in all (evidence 0.79 were the bows counted); the chords
    // either side of each corner turn by about 107°, 4.3 times as much.
    let triangle = [(0.0, 0.0), (200, 0), (100, 173)]
    let (loop, corners) = bowedPolygon(triangle, bow: 25 * .pi / 180)
    #expect(ShapeClassifier.cornerEvidence(loop, corners: corners) > 0.99)
    #expect(
      ShapeClassifier.cornerEvidence(loop, corners: corners, skippingCornersFoundTwice: true)
        > 0.99)
  }

  @Test func sidesBowingLikeARoundLoopKeepTheirTurn() {
    // A square whose sides bow by 60° turns between the chords at its corners by 60°, under
    // four times its sides' turn: its sides' 240° count (evidence 1/3).
    let square = [(0.0, 0.0), (200, 0), (200, 200), (0, 200)]
    let (loop, corners) = bowedPolygon(square, bow: 60 * .pi / 180)
    let evidence = ShapeClassifier.cornerEvidence(loop, corners: corners)
    #expect(abs(evidence - 1.0 / 3) < 0.02)
  }

  @Test func faintCornersLeaveBowsCounted() {
    // A regular hexagon whose sides bow by 10° turns between the chords at its corners by
    // about 55°, over four times its sides' turn but under a pentagon's corner: its sides' 60°
    // count (evidence 5/6).
    let hexagon: [(Double, Double)] = (0..<6).map { k in
      let angle = Double(k) * Double.pi / 3
      return (100 * cos(angle), 100 * sin(angle))
    }
    let (loop, corners) = bowedPolygon(hexagon, bow: 10 * .pi / 180)
    let evidence = ShapeClassifier.cornerEvidence(loop, corners: corners)
    #expect(abs(evidence - 5.0 / 6) < 0.02)
  }

  @Test func aCircleCutAtCornersKeepsItsTurn() {
    // Cut in three or eight, a circle turns along its runs, at its cuts by half of that.
    let loop = circle(count: 600)
    let thirds = ShapeClassifier.cornerEvidence(loop, corners: [0, 200, 400, 600])
    #expect(thirds < 0.02)
    let eighths = ShapeClassifier.cornerEvidence(
      loop, corners: Array(stride(from: 0, through: 600, by: 75)))
    #expect(eighths < 0.1)
  }

  @Test func anOpenPathsEndsAreNoCorners() {
    // The same bowed triangle left open at its first corner: its end runs meet at no corner,
    // so that its bows count.
    let triangle = [(0.0, 0.0), (200, 0), (100, 173)]
    let (loop, corners) = bowedPolygon(triangle, bow: 25 * .pi / 180)
    let evidence = ShapeClassifier.cornerEvidence(loop, corners: corners, closed: false)
    #expect(abs(evidence - (1 - 75.0 / 360)) < 0.02)
  }
}
