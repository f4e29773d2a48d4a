import Foundation
import _DuctusSupport

/// A specimen before the hand's noise: the exact ground truth, and the paths of its strokes.
struct ShapePlan {
  /// How the ends of a path are drawn.
  enum Ends {
    /// An open shape's own ends: drawn where they are.
    case free
    /// A closed loop in one stroke: it stops a little short of its start, or runs a little past.
    case loop
    /// One of several strokes that meet at corners: each end a little off the corner.
    case joined
  }

  /// The ground truth (its strokes, hot points, fit and record are filled in later).
  var truth: DetectedShape
  /// The strokes' paths, in drawing order.
  var paths: [PenPath]
  /// How the paths' ends are drawn.
  var ends: Ends

  /// The points as the arrays of `DetectedShape`.
  static func pairs(_ points: [CGPoint]) -> [[Double]] {
    points.map { [Double($0.x), Double($0.y)] }
  }

  /// Local points turned by `rotation` and moved to `center`.
  static func place(_ points: [CGPoint], rotation: Double, center: CGPoint) -> [CGPoint] {
    let (c, s) = (CGFloat(cos(rotation)), CGFloat(sin(rotation)))
    return points.map {
      CGPoint(x: center.x + c * $0.x - s * $0.y, y: center.y + s * $0.x + c * $0.y)
    }
  }

  /// The points moved so that their mean is the origin.
  static func centered(_ points: [CGPoint]) -> [CGPoint] {
    let n = CGFloat(points.count)
    let (mx, my) = (points.reduce(0) { $0 + $1.x } / n, points.reduce(0) { $0 + $1.y } / n)
    return points.map { CGPoint(x: $0.x - mx, y: $0.y - my) }
  }

  /// A polygon's corners in the order a hand draws them: from a random corner, either way round.
  static func drawingOrder(_ corners: [CGPoint], random: inout SplitMix64) -> [CGPoint] {
    let start = Int.random(in: 0..<corners.count, using: &random)
    let turned = Array(corners[start...] + corners[..<start])
    return Bool.random(using: &random) ? turned : [turned[0]] + turned.dropFirst().reversed()
  }

  /// A closed polygon, its corners in drawing order, as `strokes` paths of whole sides, each
  /// after the first drawn backwards three times in ten; in one stroke as
  /// ``oneStrokeLoop(_:size:random:)`` draws it.
  static func polygon(
    _ truth: DetectedShape, corners: [CGPoint], strokes: Int, size: Double,
    random: inout SplitMix64
  ) -> ShapePlan {
    let n = corners.count
    let count = min(strokes, n)
    if count == 1 {
      return ShapePlan(
        truth: truth, paths: [oneStrokeLoop(corners, size: size, random: &random)], ends: .loop)
    }
    let cuts = (0..<count).map { Int((Double($0) * Double(n) / Double(count)).rounded()) }
    var paths = PenPath.split(loop: corners + [corners[0]], corners: Set(0..<n), cuts: cuts)
    for k in paths.indices.dropFirst() where random.uniform(0...1) < 0.3 {
      paths[k] = paths[k].reversed
    }
    return ShapePlan(truth: truth, paths: paths, ends: count == 1 ? .loop : .joined)
  }

  /// A smooth closed outline (its ideal, with cusps at `cusps`) from a random point, either
  /// way round, as `strokes` paths of equal length.
  static func smoothLoop(
    _ truth: DetectedShape, strokes: Int, cusps: Set<Int> = [], fixedStart: Int? = nil,
    random: inout SplitMix64
  ) -> ShapePlan {
    guard let loop = try? IdealShape(truth).pieces[0], loop.count > 2 else {
      return ShapePlan(truth: truth, paths: [], ends: .free)
    }
    let n = loop.count - 1
    let start = fixedStart ?? Int.random(in: 0..<n, using: &random)
    let cuts = (0..<strokes).map { start + $0 * n / strokes }
    var paths = PenPath.split(loop: loop, corners: cusps, cuts: cuts)
    if fixedStart == nil, Bool.random(using: &random) {
      paths = paths.reversed().map(\.reversed)
    }
    return ShapePlan(truth: truth, paths: paths, ends: strokes == 1 ? .loop : .joined)
  }

  /// An open shape drawn along its ideal outline in one stroke, with corners at its vertices
  /// when `edges` is set.
  static func open(_ truth: DetectedShape, edges: Bool) -> ShapePlan {
    guard let line = try? IdealShape(truth).pieces[0] else {
      return ShapePlan(truth: truth, paths: [], ends: .free)
    }
    return ShapePlan(
      truth: truth, paths: [edges ? PenPath(edges: line) : PenPath(line)], ends: .free)
  }
}
