/// The segments of a candidate's outline in the lanes of `SIMD8<Double>` blocks (start,
/// direction, squared length), for the nearest-segment search of
/// ``ShapeCandidate/measure(_:)``: eight segments a step, each segment's distance computed with
/// the same operations, in the same order, as one at a time, so that the nearest segment and its
/// distance are bit for bit the scalar search's.
///
/// A break between two parts of the outline, and the padding of the last block, is a segment
/// whose start is NaN: its distance is NaN, never less than another.
///
/// Each block also keeps the bounding box of its segments, widened by far more than the
/// rounding of a distance: a block whose box is farther from the point than the nearest
/// segment found so far holds no segment as near, and is skipped. The search starts at the
/// block of a hint (the previous ink point's nearest segment), so that the first block looked
/// at is usually the nearest and most of the others are skipped.
struct OutlineSegments {
  /// Eight segments: their starts, directions and squared lengths, and their indices.
  private struct Block {
    var startX, startY, directionX, directionY, squaredLength, index: SIMD8<Double>
  }

  /// The box round a block's segments, widened by ``margin(_:_:)``.
  private struct Box {
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity

    /// The squared distance from `(x, y)` to the box, 0 inside it; no segment of its block is
    /// nearer.
    func squaredDistance(x: Double, y: Double) -> Double {
      let dx = max(max(minX - x, 0), x - maxX)
      let dy = max(max(minY - y, 0), y - maxY)
      return dx * dx + dy * dy
    }
  }

  private var blocks: [Block] = []
  private var boxes: [Box] = []

  /// The segments from point `s` to point `s + 1` of the outline `xs, ys` (and from the last
  /// point to the first when `closed`), leaving out those that `breaks` (ascending) lists.
  init(xs: [Double], ys: [Double], closed: Bool, breaks: [Int]) {
    let m = xs.count
    let segments = max(closed ? m : m - 1, 0)
    blocks.reserveCapacity((segments + 7) / 8)
    boxes.reserveCapacity((segments + 7) / 8)
    // The boxes are widened by a billionth of the outline's largest coordinate (at least of 1),
    // where a distance's rounding is some 1e-16 of it.
    var magnitude = 1.0
    for k in 0..<m { magnitude = max(magnitude, abs(xs[k]), abs(ys[k])) }
    let margin = 1e-9 * magnitude
    var nextBreak = 0
    for first in stride(from: 0, to: segments, by: 8) {
      var block = Block(
        startX: SIMD8(repeating: .nan), startY: SIMD8(repeating: .nan), directionX: .zero,
        directionY: .zero, squaredLength: .zero,
        index: SIMD8(0, 1, 2, 3, 4, 5, 6, 7) + Double(first))
      var box = Box()
      for s in first..<min(first + 8, segments) {
        if nextBreak < breaks.count, breaks[nextBreak] == s {
          nextBreak += 1
          continue
        }
        // The next point, the first after the last (a closed outline's last segment).
        let t = s + 1 < m ? s + 1 : 0
        let (ax, ay, bx, by) = (xs[s], ys[s], xs[t], ys[t])
        block.startX[s - first] = ax
        block.startY[s - first] = ay
        block.directionX[s - first] = bx - ax
        block.directionY[s - first] = by - ay
        box.minX = min(box.minX, ax - margin, bx - margin)
        box.maxX = max(box.maxX, ax + margin, bx + margin)
        box.minY = min(box.minY, ay - margin, by - margin)
        box.maxY = max(box.maxY, ay + margin, by + margin)
      }
      let (dx, dy) = (block.directionX, block.directionY)
      block.squaredLength = dx * dx + dy * dy
      blocks.append(block)
      boxes.append(box)
    }
  }

  /// The squared distance from `(x, y)` to the nearest segment and that segment's index, the
  /// first of equally near ones; `(infinity, 0)` when no segment is nearer than infinity. The
  /// search starts at the block of segment `hint` (any segment gives the same answer).
  func nearest(x: Double, y: Double, hint: Int = 0) -> (squaredDistance: Double, segment: Int) {
    let px = SIMD8(repeating: x)
    let py = SIMD8(repeating: y)
    // The least squared distance so far and the lowest index of the segments that reach it.
    var bound = Double.infinity
    var boundIndex = Double.infinity
    blocks.withUnsafeBufferPointer { blocks in
      boxes.withUnsafeBufferPointer { boxes in
        guard !blocks.isEmpty else { return }
        // The hint's block first, then every other one whose box comes as near as `bound`.
        let start = min(max(hint / 8, 0), blocks.count - 1)
        var b = start
        var next = 0
        while true {
          let (ax, ay) = (blocks[b].startX, blocks[b].startY)
          let (dx, dy) = (blocks[b].directionX, blocks[b].directionY)
          let squaredLength = blocks[b].squaredLength
          var f = ((px - ax) * dx + (py - ay) * dy) / squaredLength
          f.replace(with: 0, where: .!(squaredLength .> 0))
          // `min(1, max(0, f))` as the standard library has it, NaN included.
          f.replace(with: 0, where: .!(f .>= 0))
          f.replace(with: 1, where: .!(f .< 1))
          let ex = ax + f * dx - px
          let ey = ay + f * dy - py
          var d2 = ex * ex + ey * ey
          // A break's NaN is never nearer than anything.
          d2.replace(with: .infinity, where: .!(d2 .< .infinity))
          let least = Self.smallest(d2)
          // The blocks come out of order: of equal distances, the lower index wins.
          if least <= bound, least < .infinity {
            var index = blocks[b].index
            index.replace(with: .infinity, where: d2 .!= least)
            let first = Self.smallest(index)
            if least < bound || first < boundIndex { boundIndex = first }
            bound = least
          }
          while next < blocks.count,
            next == start || boxes[next].squaredDistance(x: x, y: y) > bound
          {
            next += 1
          }
          guard next < blocks.count else { break }
          b = next
          next += 1
        }
      }
    }
    guard bound < .infinity else { return (bound, 0) }
    return (bound, Int(boundIndex))
  }

  /// The smallest of eight lanes none of which is NaN, without the generic (slower) `min()`.
  @inline(__always)
  private static func smallest(_ lanes: SIMD8<Double>) -> Double {
    var half = lanes.lowHalf
    half.replace(with: lanes.highHalf, where: lanes.highHalf .< half)
    return min(min(half[0], half[1]), min(half[2], half[3]))
  }
}
