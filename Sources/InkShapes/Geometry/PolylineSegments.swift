import Foundation
import InkSampling

/// The segments of some polylines in flat arrays, each with its start, its direction and the
/// inverse of its squared length precomputed, for nearest-point queries; a one-point polyline
/// is a segment of no length.
struct PolylineSegments {
  private var startXs: [Double] = []
  private var startYs: [Double] = []
  private var directionXs: [Double] = []
  private var directionYs: [Double] = []
  /// `1 / |direction|²`, or 0 for a segment of no length.
  private var inverseSpans: [Double] = []

  /// The segments of the polylines, in order.
  init(_ lines: [SampleBuffer]) {
    for line in lines where line.count > 0 {
      let (xs, ys) = (line.xs, line.ys)
      if line.count == 1 { append(xs[0], ys[0], xs[0], ys[0]) }
      for j in stride(from: 1, to: line.count, by: 1) { append(xs[j - 1], ys[j - 1], xs[j], ys[j]) }
    }
  }

  private mutating func append(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
    let (dx, dy) = (bx - ax, by - ay)
    let span = dx * dx + dy * dy
    startXs.append(ax)
    startYs.append(ay)
    directionXs.append(dx)
    directionYs.append(dy)
    inverseSpans.append(span > 0 ? 1 / span : 0)
  }

  /// How many segments there are.
  var count: Int { startXs.count }

  /// The squared distance from `(x, y)` to segment `j`.
  @inline(__always)
  private func squaredDistance(_ x: Double, _ y: Double, segment j: Int) -> Double {
    let (px, py) = (x - startXs[j], y - startYs[j])
    let (dx, dy) = (directionXs[j], directionYs[j])
    let f = min(max((px * dx + py * dy) * inverseSpans[j], 0), 1)
    let (ex, ey) = (px - f * dx, py - f * dy)
    return ex * ex + ey * ey
  }

  /// The distance from `(x, y)` to the nearest segment; infinity when there is none.
  func distance(x: Double, y: Double) -> Double {
    var best = Double.infinity
    for j in 0..<count { best = min(best, squaredDistance(x, y, segment: j)) }
    return best.squareRoot()
  }

  /// Whether a segment lies within `reach` of `(x, y)`, searching from segment `hint` onwards
  /// (round to it again) and leaving `hint` at the segment found, so that a run of nearby
  /// queries finds theirs at once.
  func reaches(x: Double, y: Double, within reach: Double, hint: inout Int) -> Bool {
    let limit = reach * reach
    for k in 0..<count {
      let j = (hint + k) % count
      if squaredDistance(x, y, segment: j) <= limit {
        hint = j
        return true
      }
    }
    return false
  }
}
