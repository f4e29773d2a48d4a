import Foundation
import Testing

@testable import InkShapes

/// How sure a loop's corners are corners
/// (``ShapeClassifier/cornerEvidence(_:corners:skippingCornersFoundTwice:closed:)``), and which
/// runs a polygon reading's evidence leaves out.
@Suite struct CornerEvidenceTests {
  /// A loop through `corners` (the first repeated at the end), a point every unit along each
  /// side, each side bowing outward by `bows[k]` of its length at its middle; and the indices
  /// of the corners.
  func loop(_ corners: [(Double, Double)], bows: [Double])
    -> (points: (xs: [Double], ys: [Double], ts: [Double]), corners: [Int])
  {
    var (xs, ys, found): ([Double], [Double], [Int]) = ([], [], [])
    for (k, (a, b)) in zip(corners, corners.dropFirst()).enumerated() {
      found.append(xs.count)
      let length = hypot(b.0 - a.0, b.1 - a.1)
      // Outward on a loop drawn clockwise on screen (y down): the side's normal to its left.
      let (nx, ny) = ((b.1 - a.1) / length, -(b.0 - a.0) / length)
      for i in 0..<Int(length) {
        let t = Double(i) / length
        let bulge = bows[k] * length * 4 * t * (1 - t)
        xs.append(a.0 + t * (b.0 - a.0) + bulge * nx)
        ys.append(a.1 + t * (b.1 - a.1) + bulge * ny)
      }
    }
    xs.append(corners[0].0)
    ys.append(corners[0].1)
    found.append(xs.count - 1)
    return ((xs, ys, xs.indices.map(Double.init)), found)
  }

  @Test func aLongRectanglesShortSidesCount() {
    // A rectangle 300 by 100 whose short sides bow by a tenth: runs 300, 100, 300, 100. The
    // short sides are its lower median run, no round corner found twice, and their bow counts.
    let (points, corners) = loop(
      [(0, 0), (300, 0), (300, 100), (0, 100), (0, 0)], bows: [0, 0.1, 0, 0.1])
    let all = ShapeClassifier.cornerEvidence(points, corners: corners)
    let own = ShapeClassifier.cornerEvidence(
      points, corners: corners, skippingCornersFoundTwice: true)
    #expect(all < 0.9)
    #expect(own == all)
  }

  @Test func aRoundCornerFoundTwiceIsLeftOut() {
    // A square of side 100 with its third corner cut by a short bowed run of 14 (a round corner
    // found as two): that run's turn is left out of the polygon's evidence only.
    let (points, corners) = loop(
      [(0, 0), (100, 0), (100, 90), (90, 100), (0, 100), (0, 0)], bows: [0, 0, 0.3, 0, 0])
    let all = ShapeClassifier.cornerEvidence(points, corners: corners)
    let own = ShapeClassifier.cornerEvidence(
      points, corners: corners, skippingCornersFoundTwice: true)
    #expect(all < 0.95)
    #expect(own > 0.99)
  }

  @Test func noCornersNoRuns() {
    let points = (xs: [0.0, 1, 0], ys: [0.0, 0, 0], ts: [0.0, 1, 2])
    #expect(
      ShapeClassifier.cornerEvidence(points, corners: [0], skippingCornersFoundTwice: true) == 1)
  }
}
