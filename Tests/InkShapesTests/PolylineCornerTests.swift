import Foundation
import InkSampling
import Testing

@testable import InkShapes

/// The open corner sets a polyline is read from again without its bends
/// (``ShapeClassifier/withoutBends(_:)``), on paths through given vertices.
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
}
