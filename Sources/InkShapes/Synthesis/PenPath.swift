import Foundation

/// One stroke's intended path before the hand's noise: points the pen means to pass, and which
/// of them are corners (where the pen slows down, stops and may overshoot).
struct PenPath {
  /// The points, in drawing coordinates.
  var points: [CGPoint]
  /// The indices of the corners; the two ends always count as corners.
  var corners: Set<Int>

  /// A path through `points` with corners at `corners` (and at its ends).
  init(_ points: [CGPoint], corners: Set<Int> = []) {
    self.points = points
    self.corners = corners.union([0, max(points.count - 1, 0)])
  }

  /// A path whose every point is a corner: a polyline of straight edges.
  init(edges points: [CGPoint]) {
    self.init(points, corners: Set(points.indices))
  }

  /// The path drawn the other way.
  var reversed: PenPath {
    let last = points.count - 1
    return PenPath(points.reversed(), corners: Set(corners.map { last - $0 }))
  }

  /// The parts between consecutive corners, each a polyline from one corner to the next.
  var segments: [[CGPoint]] {
    let stops = corners.sorted()
    return zip(stops, stops.dropFirst()).map { Array(points[$0.0...$0.1]) }
  }

  /// The length of the path.
  var length: Double {
    zip(points, points.dropFirst()).reduce(0) { $0 + IdealShape.distance($1.0, $1.1) }
  }

  /// Closed outline `loop` (the last point equal to the first) cut into `count` paths at the
  /// given corner indices (`cuts`, ascending, into `loop`; the first is where drawing starts).
  static func split(loop: [CGPoint], corners: Set<Int>, cuts: [Int]) -> [PenPath] {
    let n = loop.count - 1
    guard n > 0, let start = cuts.first else { return [] }
    return cuts.indices.map { k in
      let from = cuts[k]
      let to = k + 1 < cuts.count ? cuts[k + 1] : start + n
      let indices = Array(from...to)
      return PenPath(
        indices.map { loop[$0 % n] },
        corners: Set(indices.indices.filter { corners.contains(indices[$0] % n) }))
    }
  }
}
