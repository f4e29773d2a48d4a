/// The segments of a candidate's outline in the lanes of `SIMD8<Double>` blocks (start,
/// direction, squared length), for the nearest-segment search of
/// ``ShapeCandidate/measure(_:)``: eight segments a step, each segment's distance computed with
/// the same operations, in the same order, as one at a time, so that the nearest segment and its
/// distance are bit for bit the scalar search's.
///
/// A break between two parts of the outline, and the padding of the last block, is a segment
/// whose start is NaN: its distance is NaN, never less than another.
struct OutlineSegments {
  private var startXs: [SIMD8<Double>] = []
  private var startYs: [SIMD8<Double>] = []
  private var directionXs: [SIMD8<Double>] = []
  private var directionYs: [SIMD8<Double>] = []
  private var squaredLengths: [SIMD8<Double>] = []

  /// The segments from point `s` to point `s + 1` of the outline `xs, ys` (and from the last
  /// point to the first when `closed`), leaving out those that `breaks` (ascending) lists.
  init(xs: [Double], ys: [Double], closed: Bool, breaks: [Int]) {
    let m = xs.count
    let segments = closed ? m : m - 1
    let blocks = (max(segments, 0) + 7) / 8
    var ax = [Double](repeating: .nan, count: blocks * 8)
    var ay = [Double](repeating: .nan, count: blocks * 8)
    var dx = [Double](repeating: 0, count: blocks * 8)
    var dy = [Double](repeating: 0, count: blocks * 8)
    var nextBreak = 0
    for s in 0..<max(segments, 0) {
      if nextBreak < breaks.count, breaks[nextBreak] == s {
        nextBreak += 1
        continue
      }
      ax[s] = xs[s]
      ay[s] = ys[s]
      dx[s] = xs[(s + 1) % m] - xs[s]
      dy[s] = ys[(s + 1) % m] - ys[s]
    }
    for b in 0..<blocks {
      let lanes = b * 8..<(b + 1) * 8
      startXs.append(SIMD8(ax[lanes]))
      startYs.append(SIMD8(ay[lanes]))
      let (bx, by) = (SIMD8(dx[lanes]), SIMD8(dy[lanes]))
      directionXs.append(bx)
      directionYs.append(by)
      squaredLengths.append(bx * bx + by * by)
    }
  }

  /// The squared distance from `(x, y)` to the nearest segment and that segment's index, the
  /// first of equally near ones; `(infinity, 0)` when no segment is nearer than infinity.
  func nearest(x: Double, y: Double) -> (squaredDistance: Double, segment: Int) {
    let px = SIMD8(repeating: x)
    let py = SIMD8(repeating: y)
    var best = SIMD8<Double>(repeating: .infinity)
    var bestIndex = SIMD8<Double>(repeating: 0)
    var index = SIMD8<Double>(0, 1, 2, 3, 4, 5, 6, 7)
    startXs.withUnsafeBufferPointer { ax in
      startYs.withUnsafeBufferPointer { ay in
        directionXs.withUnsafeBufferPointer { dx in
          directionYs.withUnsafeBufferPointer { dy in
            squaredLengths.withUnsafeBufferPointer { length2 in
              for b in 0..<ax.count {
                var f = ((px - ax[b]) * dx[b] + (py - ay[b]) * dy[b]) / length2[b]
                f.replace(with: 0, where: .!(length2[b] .> 0))
                // `min(1, max(0, f))` as the standard library has it, NaN included.
                f.replace(with: 0, where: .!(f .>= 0))
                f.replace(with: 1, where: .!(f .< 1))
                let ex = ax[b] + f * dx[b] - px
                let ey = ay[b] + f * dy[b] - py
                let d2 = ex * ex + ey * ey
                let nearer = d2 .< best
                best.replace(with: d2, where: nearer)
                bestIndex.replace(with: index, where: nearer)
                index += 8
              }
            }
          }
        }
      }
    }
    let smallest = best.min()
    guard smallest < .infinity else { return (smallest, 0) }
    var segment = Double.infinity
    for lane in 0..<8 where best[lane] == smallest { segment = min(segment, bestIndex[lane]) }
    return (smallest, Int(segment))
  }
}
