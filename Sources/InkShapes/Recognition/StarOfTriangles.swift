import Foundation
import InkSampling

/// A six-pointed star drawn as two triangles, one stroke each, about one centre (a hexagram):
/// the outer points are the triangles' vertices in turn, the inner points where their sides
/// cross.
enum StarOfTriangles {
  /// The triangles' centres lie within this part of the star's diagonal of each other.
  static let centreTolerance = 0.15

  /// The star reading of two strokes, or `nil` when they are not two closed triangles about
  /// one centre whose vertices alternate round it; its fit is measured on `path`, the strokes
  /// chained.
  static func reading(_ strokes: [SampleBuffer], path: InkPath) -> ShapeCandidate? {
    // Only a path that closes has a triangle reading: both strokes are asked that, which
    // costs little, before either is classified.
    let paths = strokes.compactMap { InkPath(strokes: [$0]) }
    guard paths.count == strokes.count, paths.allSatisfy({ $0.closingIndex() != nil }) else {
      return nil
    }
    var triangles: [[(Double, Double)]] = []
    for own in paths {
      // A triangle that is not the surest reading of its own stroke may still make the star
      // of the two, so the polygons are all listed.
      guard
        let triangle = ShapeClassifier(path: own, leavesOutHopeless: true, keepsEveryPolygon: true)
          .candidates().first(where: { $0.shape.kind == .triangle }),
        let vertices = triangle.shape.vertices
      else { return nil }
      triangles.append(vertices.map { ($0[0], $0[1]) })
    }
    let centres = triangles.map { t in
      (t.reduce(0) { $0 + $1.0 } / 3, t.reduce(0) { $0 + $1.1 } / 3)
    }
    guard
      hypot(centres[0].0 - centres[1].0, centres[0].1 - centres[1].1)
        <= centreTolerance * path.diagonal
    else { return nil }
    let outer = ShapeClassifier.clockwiseFromTop(triangles[0] + triangles[1])
    let first = Set(triangles[0].map { "\($0.0),\($0.1)" })
    let alternates = (0..<6).allSatisfy { k in
      first.contains("\(outer[k].0),\(outer[k].1)")
        != first.contains("\(outer[(k + 1) % 6].0),\(outer[(k + 1) % 6].1)")
    }
    guard alternates else { return nil }
    let cx = outer.reduce(0) { $0 + $1.0 } / 6
    let cy = outer.reduce(0) { $0 + $1.1 } / 6
    let shape = ShapeClassifier.star(outer: outer, cx: cx, cy: cy)
    // The outline as drawn: the two triangles.
    let outline = ShapeCandidate.parts(triangles.map { $0 + [$0[0]] })
    var reading = ShapeCandidate(
      shape, outlineXs: outline.xs, outlineYs: outline.ys, closed: false, complexity: 6)
    reading.breaks = outline.breaks
    reading.measure(path)
    return reading
  }
}
