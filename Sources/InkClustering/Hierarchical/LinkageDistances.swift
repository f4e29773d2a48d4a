import Foundation
import _DuctusSupport

/// The distances among the clusters of an agglomerative clustering that Prim's algorithm reads,
/// and that the nearest-neighbour chain updates in place when a square matrix does not fit
/// (below that, the chain works on a ``CompactingDistanceMatrix``).
///
/// Both algorithms scan all of one cluster's distances at each step. In the condensed upper
/// triangle, the distances from cluster `x` to the clusters numbered below it lie a row apart,
/// each its own cache line (and a page apart for large matrices), so those scans wait on memory.
/// The square layout adds a copy of the lower triangle, row by row, so that each scan reads two
/// contiguous runs: row `x` of the copy (the points below `x`), then row `x` of the condensed
/// matrix (the points above). It is used while `n²` doubles fit in ``squareByteLimit``, and
/// takes `n(n − 1)/2` doubles beside the caller's matrix.
final class LinkageDistances {
  /// How the distances are stored.
  enum Layout: Sendable {
    /// The condensed matrix and a copy of the lower triangle, for Prim's algorithm.
    case square
    /// The upper triangle without the diagonal (SciPy's condensed vector).
    case condensed
  }

  /// The number of points, `n`.
  let count: Int
  /// The layout.
  let layout: Layout
  /// The condensed distances: the caller's values themselves when they are only read, else a
  /// copy.
  private var values: [Double]
  /// The square layout's lower triangle, row by row: `d(a, b)`, `b < a`, is at
  /// `a(a − 1)/2 + b`. Empty in the condensed layout.
  private let lowerTriangle: [Double]
  /// Where each row of the condensed layout would start if it began at column 0: `d(a, b)`,
  /// `a < b`, is at `rowOffsets[a] + b`.
  private let rowOffsets: [Int]

  /// The most memory the square layout may take: a quarter of the machine's physical memory.
  static var squareByteLimit: Double { Double(ProcessInfo.processInfo.physicalMemory) / 4 }

  /// The layout for `n` points: square while `n²` doubles fit in ``squareByteLimit``, else
  /// condensed.
  static func preferredLayout(count n: Int) -> Layout {
    Double(n) * Double(n) * Double(MemoryLayout<Double>.stride) <= squareByteLimit
      ? .square : .condensed
  }

  /// The distances in `layout`. The condensed values are shared rather than copied when
  /// nothing will update them (`updated` false: Prim's algorithm), else copied, each squared
  /// when `squared` (for Ward's update, which is linear in squared distances). Only Prim's
  /// algorithm reads the square layout.
  init(_ distances: CondensedDistanceMatrix, layout: Layout, squared: Bool, updated: Bool) {
    precondition(layout == .condensed || !updated, "the square layout is only read")
    let n = distances.count
    (count, self.layout) = (n, layout)
    let offsets = (0..<n).map { a in n * a - a * (a + 1) / 2 - a - 1 }
    rowOffsets = offsets
    let total = n * max(n - 1, 0) / 2
    if updated {
      values = distances.values.withUnsafeBufferPointer { source in
        [Double](unsafeUninitializedCapacity: total) { target, initialized in
          if let base = target.baseAddress {
            // Columns are read and written a row apart, a page apart for large matrices.
            Platform.adviseHugePages(base, byteCount: total * MemoryLayout<Double>.stride)
          }
          for index in 0..<total {
            target[index] = squared ? source[index] * source[index] : source[index]
          }
          initialized = total
        }
      }
    } else {
      values = distances.values
    }
    guard layout == .square else {
      lowerTriangle = []
      return
    }
    lowerTriangle = distances.values.withUnsafeBufferPointer { source in
      [Double](unsafeUninitializedCapacity: total) { target, initialized in
        if let base = target.baseAddress {
          Platform.adviseHugePages(base, byteCount: total * MemoryLayout<Double>.stride)
        }
        // Eight condensed rows at a time, read along their columns: each lower row gets eight
        // consecutive values.
        for a0 in stride(from: 0, to: n, by: 8) {
          let aEnd = min(a0 + 8, n)
          for b in (a0 + 1)..<n {
            let row = b * (b - 1) / 2
            for a in a0..<min(aEnd, b) { target[row + a] = source[offsets[a] + b] }
          }
        }
        initialized = total
      }
    }
  }

  /// Prim's step from the point `x` just joined: lowers `nearest[j]` to `d(x, j)` where that is
  /// smaller, for every `j ≠ x` (a NaN, the mark of a point inside the tree, stays), and returns
  /// the first position of the smallest result that is not NaN and that value; position −1 when
  /// none is finite.
  func relax(_ nearest: UnsafeMutableBufferPointer<Double>, from x: Int) -> (Int, Double) {
    let near = nearest.baseAddress!
    return values.withUnsafeBufferPointer { storage in
      let storage = storage.baseAddress!
      var below = (-1, Double.infinity)
      switch layout {
      case .square:
        lowerTriangle.withUnsafeBufferPointer { lower in
          below = Self.relax(near, toward: lower.baseAddress! + x * (x - 1) / 2, count: x)
        }
      case .condensed:
        for j in 0..<x {
          let distance = storage[rowOffsets[j] + x]
          if distance < near[j] { near[j] = distance }
          if near[j] < below.1 { below = (j, near[j]) }
        }
      }
      let above = Self.relax(
        near + x + 1, toward: storage + rowOffsets[x] + x + 1, count: count - x - 1)
      return above.0 >= 0 && (below.0 < 0 || above.1 < below.1) ? (x + 1 + above.0, above.1) : below
    }
  }

  /// `relax(_:from:)` on `count` consecutive points, eight at a time.
  @inline(__always)
  private static func relax(
    _ nearest: UnsafeMutablePointer<Double>, toward row: UnsafePointer<Double>, count: Int
  ) -> (Int, Double) {
    let (distances, near) = (UnsafeRawPointer(row), UnsafeMutableRawPointer(nearest))
    var low = SIMD8<Double>(repeating: .infinity)
    var j = 0
    while j + 8 <= count {
      let offset = j * MemoryLayout<Double>.stride
      let distance = distances.loadUnaligned(fromByteOffset: offset, as: SIMD8<Double>.self)
      var value = near.loadUnaligned(fromByteOffset: offset, as: SIMD8<Double>.self)
      value.replace(with: distance, where: distance .< value)
      near.storeBytes(of: value, toByteOffset: offset, as: SIMD8<Double>.self)
      low.replace(with: value, where: value .< low)
      j += 8
    }
    var best = low.min()
    for tail in j..<count {
      if row[tail] < nearest[tail] { nearest[tail] = row[tail] }
      if nearest[tail] < best { best = nearest[tail] }
    }
    guard best < .infinity else { return (-1, best) }
    let first = UnsafePointer(nearest).firstIndex(ofPresent: best, count: count)
    // The stored distance, not the minimum: equal to it, but with its own sign of zero.
    return (first, nearest[first])
  }

  /// Calls `body(position, d(x, clusters[position]))` for each position of the increasing
  /// `clusters`, in order, skipping `x` itself (the condensed layout).
  @inline(__always)
  func forEachDistance(
    from x: Int, to clusters: UnsafeBufferPointer<Int>, _ body: (Int, Double) -> Void
  ) {
    precondition(layout == .condensed, "the square layout is read by relax(_:from:)")
    values.withUnsafeBufferPointer { storage in
      let storage = storage.baseAddress!
      let split = Self.firstPosition(notBelow: x, in: clusters)
      rowOffsets.withUnsafeBufferPointer { offsets in
        for position in 0..<split { body(position, storage[offsets[clusters[position]] + x]) }
      }
      let row = storage + rowOffsets[x]
      for position in split..<clusters.count where clusters[position] != x {
        body(position, row[clusters[position]])
      }
    }
  }

  /// `d(a, b)`, `a ≠ b`.
  @inline(__always)
  subscript(a: Int, b: Int) -> Double {
    precondition(layout == .condensed, "the square layout is read by rows")
    return values[a < b ? rowOffsets[a] + b : rowOffsets[b] + a]
  }

  /// Merges cluster `x` into `y` (`x < y`) in the condensed layout (the chain's square copy is
  /// a ``CompactingDistanceMatrix``): sets `d(i, y)` to `update(d(i, x), d(i, y), i)` for every
  /// cluster `i` of the increasing `clusters` other than `y` (`x` is no longer among them).
  @inline(__always)
  func merge(
    _ x: Int, into y: Int, clusters: UnsafeBufferPointer<Int>,
    _ update: (Double, Double, Int) -> Double
  ) {
    precondition(layout == .condensed, "the square layout is only read")
    values.withUnsafeMutableBufferPointer { storage in
      let storage = storage.baseAddress!
      rowOffsets.withUnsafeBufferPointer { offsets in
        // Below x, between x and y, above y: where d(i, x) and d(i, y) lie in the rows.
        let (rowX, rowY) = (offsets[x], offsets[y])
        let belowX = Self.firstPosition(notBelow: x, in: clusters)
        let belowY = Self.firstPosition(notBelow: y, in: clusters)
        func set(_ i: Int, _ ix: Int, _ iy: Int) {
          storage[iy] = update(storage[ix], storage[iy], i)
        }
        for i in clusters[0..<belowX] { set(i, offsets[i] + x, offsets[i] + y) }
        for i in clusters[belowX..<belowY] { set(i, rowX + i, offsets[i] + y) }
        for i in clusters[(belowY + 1)...] { set(i, rowX + i, rowY + i) }
      }
    }
  }

  /// The first position of `sorted` whose element is not below `value`.
  static func firstPosition(notBelow value: Int, in sorted: UnsafeBufferPointer<Int>) -> Int {
    var (low, high) = (0, sorted.count)
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
