/// The segments of a candidate's outline in the lanes of `SIMD8<Double>` blocks (start,
/// direction, squared length), for the nearest-segment search of
/// ``ShapeCandidate/measure(_:)``: eight segments a step, each segment's distance computed with
/// the same operations, in the same order, as one at a time, so that the nearest segment and its
/// distance are bit for bit the scalar search's.
///
/// A break between two parts of the outline, and the padding of the last block, is a segment
/// whose start is NaN: its distance is NaN, never less than another.
struct OutlineSegments {
  /// Eight segments: their starts, directions and squared lengths.
  private struct Block {
    var startX, startY, directionX, directionY, squaredLength: SIMD8<Double>
  }

  private var blocks: [Block] = []

  /// The segments from point `s` to point `s + 1` of the outline `xs, ys` (and from the last
  /// point to the first when `closed`), leaving out those that `breaks` (ascending) lists.
  init(xs: [Double], ys: [Double], closed: Bool, breaks: [Int]) {
    let m = xs.count
    let segments = max(closed ? m : m - 1, 0)
    blocks.reserveCapacity((segments + 7) / 8)
    var nextBreak = 0
    for first in stride(from: 0, to: segments, by: 8) {
      var block = Block(
        startX: SIMD8(repeating: .nan), startY: SIMD8(repeating: .nan), directionX: .zero,
        directionY: .zero, squaredLength: .zero)
      for s in first..<min(first + 8, segments) {
        if nextBreak < breaks.count, breaks[nextBreak] == s {
          nextBreak += 1
          continue
        }
        block.startX[s - first] = xs[s]
        block.startY[s - first] = ys[s]
        block.directionX[s - first] = xs[(s + 1) % m] - xs[s]
        block.directionY[s - first] = ys[(s + 1) % m] - ys[s]
      }
      let (dx, dy) = (block.directionX, block.directionY)
      block.squaredLength = dx * dx + dy * dy
      blocks.append(block)
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
    blocks.withUnsafeBufferPointer { blocks in
      for block in blocks {
        let (ax, ay, dx, dy) = (block.startX, block.startY, block.directionX, block.directionY)
        var f = ((px - ax) * dx + (py - ay) * dy) / block.squaredLength
        f.replace(with: 0, where: .!(block.squaredLength .> 0))
        // `min(1, max(0, f))` as the standard library has it, NaN included.
        f.replace(with: 0, where: .!(f .>= 0))
        f.replace(with: 1, where: .!(f .< 1))
        let ex = ax + f * dx - px
        let ey = ay + f * dy - py
        let d2 = ex * ex + ey * ey
        let nearer = d2 .< best
        best.replace(with: d2, where: nearer)
        bestIndex.replace(with: index, where: nearer)
        index += 8
      }
    }
    var smallest = best[0]
    for lane in 1..<8 where best[lane] < smallest { smallest = best[lane] }
    guard smallest < .infinity else { return (smallest, 0) }
    var segment = Double.infinity
    for lane in 0..<8 where best[lane] == smallest && bestIndex[lane] < segment {
      segment = bestIndex[lane]
    }
    return (smallest, Int(segment))
  }
}
