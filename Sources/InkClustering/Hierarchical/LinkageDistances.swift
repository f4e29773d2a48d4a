import Foundation
import _DuctusSupport

/// The working copy of the distances among the clusters of an agglomerative clustering that
/// Prim's algorithm reads, and that the nearest-neighbour chain updates in place when the
/// square matrix does not fit (below that, the chain works on a ``CompactingDistanceMatrix``).
///
/// Both algorithms scan all of one cluster's distances at each step. In the condensed upper
/// triangle, the distances from cluster `x` to the clusters numbered below it lie a row apart,
/// each its own cache line (and a page apart for large matrices), so those scans wait on memory.
/// The square layout holds each distance twice, so that every scan reads one contiguous row. It
/// takes twice the memory of the condensed copy, and is used while `n²` doubles fit in
/// ``squareByteLimit``.
final class LinkageDistances {
  /// How the distances are stored.
  enum Layout: Sendable {
    /// The full symmetric `n × n` matrix, row by row.
    case square
    /// The upper triangle without the diagonal (SciPy's condensed vector).
    case condensed
  }

  /// The number of points, `n`.
  let count: Int
  /// The layout.
  let layout: Layout
  /// The distances: the caller's condensed values themselves when they are only read, else a
  /// copy.
  private var values: [Double]
  /// Where each row of the condensed layout would start if it began at column 0: `d(a, b)`,
  /// `a < b`, is at `rowOffsets[a] + b`.
  private let rowOffsets: [Int]

  /// The most memory the square layout may take: a quarter of the machine's physical memory.
  static var squareByteLimit: Double { Double(ProcessInfo.processInfo.physicalMemory) / 4 }

  /// The layout for `n` points: square while it fits in ``squareByteLimit``, else condensed.
  static func preferredLayout(count n: Int) -> Layout {
    Double(n) * Double(n) * Double(MemoryLayout<Double>.stride) <= squareByteLimit
      ? .square : .condensed
  }

  /// The distances in `layout`, each squared when `squared` (for Ward's update, which is
  /// linear in squared distances). The condensed values are shared rather than copied when
  /// neither changes them and nothing will be updated (`updated` false: Prim's algorithm).
  init(_ distances: CondensedDistanceMatrix, layout: Layout, squared: Bool, updated: Bool) {
    let n = distances.count
    (count, self.layout) = (n, layout)
    let offsets = (0..<n).map { a in n * a - a * (a + 1) / 2 - a - 1 }
    rowOffsets = offsets
    if layout == .condensed && !squared && !updated {
      values = distances.values
      return
    }
    let total = layout == .square ? n * n : n * max(n - 1, 0) / 2
    values = distances.values.withUnsafeBufferPointer { source in
      [Double](unsafeUninitializedCapacity: total) { target, initialized in
        if let base = target.baseAddress {
          // Columns are read or written a row apart, a page apart for large matrices.
          Platform.adviseHugePages(base, byteCount: total * MemoryLayout<Double>.stride)
        }
        switch layout {
        case .condensed:
          for index in 0..<total {
            target[index] = squared ? source[index] * source[index] : source[index]
          }
        case .square:
          // Tile by tile, so that the column writes of a tile stay in cache.
          let tile = 64
          for a in 0..<n { target[a * n + a] = 0 }
          for a0 in stride(from: 0, to: n, by: tile) {
            for b0 in stride(from: a0, to: n, by: tile) {
              let bEnd = min(b0 + tile, n)
              for a in a0..<min(a0 + tile, n) where max(b0, a + 1) < bEnd {
                for b in max(b0, a + 1)..<bEnd {
                  let value = source[offsets[a] + b]
                  let stored = squared ? value * value : value
                  target[a * n + b] = stored
                  target[b * n + a] = stored
                }
              }
            }
          }
        }
        initialized = total
      }
    }
  }

  /// Calls `body(position, d(x, clusters[position]))` for each position of the increasing
  /// `clusters`, in order, skipping `x` itself.
  @inline(__always)
  func forEachDistance(
    from x: Int, to clusters: UnsafeBufferPointer<Int>, _ body: (Int, Double) -> Void
  ) {
    values.withUnsafeBufferPointer { storage in
      let storage = storage.baseAddress!
      switch layout {
      case .square:
        let row = storage + x * count
        for position in clusters.indices where clusters[position] != x {
          body(position, row[clusters[position]])
        }
      case .condensed:
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
