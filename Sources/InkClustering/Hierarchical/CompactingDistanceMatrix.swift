import _DuctusSupport

/// The nearest-neighbour chain's working copy of the distances while a square matrix fits: the
/// active clusters' rows, each one contiguous run of doubles in the order of the clusters'
/// numbers, scanned with vector minima; a merge rewrites one row and leaves the column to be
/// replayed.
///
/// A merge of `x` into `y` changes `d(i, y)` for every active cluster `i`. Writing it into row
/// `y` is one contiguous, vectorised pass over rows `x` and `y`; writing it into the column,
/// `d(y, i)` in every row `i`, touches one cache line a row, and those writes were most of the
/// chain's time. So the column is not written: the merge is appended to a list of pending
/// updates, and a row is brought up to date only when it is read (scanned, merged or moved),
/// by applying the updates it has not seen, in order, from its own entries `d(i, x)` and
/// `d(i, y)` — the same Lance–Williams operations on the same values as the eager update, so
/// the distances are the same to the bit, and the entries they touch are in the row that is
/// about to be read anyway.
///
/// Merged clusters leave holes (`+∞`, as the diagonal and the padding of each row to a multiple
/// of eight are), which no scan picks while a finite distance remains. When fewer than a third
/// of the positions are active, the active rows move into a smaller square in the same order, in
/// the same memory (each row up to date first, the pending list then empty), so that scans and
/// merges stay proportional to the active clusters; the moves cost about an eighth of the first
/// copy in all (compacting at a half, a third of it, took 3–10% longer in three runs back to
/// back).
///
/// Ties are broken as before: positions keep the order of the clusters' numbers, a scan takes
/// the first of equal minima, and a scan that meets something a vector minimum cannot order
/// (no finite distance, or a NaN, which overflowing distances can produce) is redone one
/// active cluster at a time with the original comparisons.
final class CompactingDistanceMatrix {
  /// The method whose Lance–Williams update merges apply.
  let method: LinkageMethod
  /// The number of positions in use (active or merged away since the last compaction).
  private(set) var dimension: Int
  /// The distance between consecutive rows, `dimension` rounded up to a multiple of 8.
  private var rowStride: Int
  /// `dimension × rowStride` distances, row by row.
  private let storage: UnsafeMutablePointer<Double>
  /// The size of the cluster at each position, 0 for merged ones and the padding
  /// (`rowStride` entries).
  private let sizes: UnsafeMutablePointer<Double>
  /// A point of the cluster at each position: the number the chain records merges by.
  private(set) var points: [Int]
  /// How many of the pending updates each position's row has applied.
  private var applied: [Int]
  /// The merges since the last compaction, in order.
  private var pending: [PendingUpdate] = []
  /// The number of clusters still active.
  private var activeCount: Int
  /// The sum of the last row read ahead of its updates, kept so the read is not optimised away.
  private var readAhead = 0.0

  /// The square matrix of `distances` (each squared when `squared`), `+∞` on the diagonal, for
  /// complete, average or Ward linkage (single linkage runs Prim's algorithm).
  init(_ distances: CondensedDistanceMatrix, method: LinkageMethod, squared: Bool) {
    precondition(method != .single, "single linkage runs Prim's algorithm")
    let n = distances.count
    self.method = method
    (dimension, activeCount) = (n, n)
    rowStride = (n + 7) & ~7
    let total = n * rowStride
    let stride = rowStride
    let byteCount = max(total, 1) * MemoryLayout<Double>.stride
    // Whole huge pages for a large matrix; cache lines (a row's eight-double blocks) always.
    let raw = UnsafeMutableRawPointer.allocate(
      byteCount: byteCount, alignment: byteCount >= 4 << 20 ? 2 << 20 : 64)
    // Rows are read a page apart, and the copy below writes columns.
    Platform.adviseHugePages(raw, byteCount: byteCount)
    storage = raw.bindMemory(to: Double.self, capacity: max(total, 1))
    sizes = .allocate(capacity: stride)
    sizes.initialize(repeating: 0, count: stride)
    sizes.update(repeating: 1, count: n)
    points = Array(0..<n)
    applied = [Int](repeating: 0, count: n)
    let target = storage
    distances.values.withUnsafeBufferPointer { source in
      // Eight rows at a time: their upper parts copied from the condensed rows, then their
      // columns below them written as one cache line a row, read from those rows in cache.
      for a0 in Swift.stride(from: 0, to: n, by: 8) {
        let aEnd = min(a0 + 8, n)
        for a in a0..<aEnd {
          let row = target + a * stride
          let offset = CondensedDistanceMatrix.index(a, a + 1, count: n) - a - 1
          for b in (a + 1)..<n {
            let value = source[offset + b]
            row[b] = squared ? value * value : value
          }
          (row + n).update(repeating: .infinity, count: stride - n)
          row[a] = .infinity
          for b in a0..<a { row[b] = target[b * stride + a] }
        }
        for b in aEnd..<n {
          let row = target + b * stride
          for a in a0..<aEnd { row[a] = target[a * stride + b] }
        }
      }
    }
  }

  deinit {
    UnsafeMutableRawPointer(storage).deallocate()
    sizes.deallocate()
  }

  /// The first active position.
  func firstActivePosition() -> Int {
    var position = 0
    while sizes[position] == 0 { position += 1 }
    return position
  }

  /// The nearest active cluster to the one at `position` and its distance: the first of equally
  /// near ones in position order, or `previous` (a position, or −1 for none) when it is among
  /// them, as SciPy's chain prefers its previous element.
  func nearest(to position: Int, preferring previous: Int) -> (position: Int, distance: Double) {
    bringUpToDate(position)
    let row = storage + position * rowStride
    let (best, sawNaN) = Self.minimum(of: UnsafeRawPointer(row), count: rowStride)
    let toPrevious = previous >= 0 ? row[previous] : .infinity
    // A NaN anywhere in the row, `toPrevious` included, was seen by the minimum.
    guard best < .infinity, !sawNaN else {
      return nearestOneByOne(to: position, preferring: previous)
    }
    // The stored distances, not the minimum: equal to it, but each with its own sign of zero.
    if toPrevious == best { return (previous, toPrevious) }
    let nearest = UnsafePointer(row).firstIndex(ofPresent: best, count: rowStride)
    return (nearest, row[nearest])
  }

  /// The smallest of `count` (a multiple of 8) doubles, and whether one was NaN.
  @inline(__always)
  private static func minimum(of row: UnsafeRawPointer, count: Int) -> (Double, Bool) {
    let stride = MemoryLayout<SIMD8<Double>>.stride
    var (low0, low1) = (SIMD8<Double>(repeating: .infinity), SIMD8<Double>(repeating: .infinity))
    var nan = SIMDMask<SIMD8<Int64>>()
    var offset = 0
    let end = count * MemoryLayout<Double>.stride
    while offset + 2 * stride <= end {
      let v0 = row.loadUnaligned(fromByteOffset: offset, as: SIMD8<Double>.self)
      let v1 = row.loadUnaligned(fromByteOffset: offset + stride, as: SIMD8<Double>.self)
      low0.replace(with: v0, where: v0 .< low0)
      low1.replace(with: v1, where: v1 .< low1)
      nan .|= (v0 .!= v0) .| (v1 .!= v1)
      offset += 2 * stride
    }
    if offset < end {
      let v0 = row.loadUnaligned(fromByteOffset: offset, as: SIMD8<Double>.self)
      low0.replace(with: v0, where: v0 .< low0)
      nan .|= v0 .!= v0
    }
    low0.replace(with: low1, where: low1 .< low0)
    return (low0.min(), any(nan))
  }

  /// The scan of the chain before vector minima: each active cluster in order, the first
  /// strictly nearer one replacing the previous element or, without one, the first.
  private func nearestOneByOne(to position: Int, preferring previous: Int)
    -> (position: Int, distance: Double)
  {
    let row = storage + position * rowStride
    var (nearest, distance) = previous >= 0 ? (previous, row[previous]) : (-1, Double.infinity)
    for other in 0..<dimension where sizes[other] > 0 && other != position {
      if row[other] < distance || nearest < 0 { (nearest, distance) = (other, row[other]) }
    }
    return (nearest, distance)
  }

  /// Merges the cluster at position `x` into the one at `y` (`x < y`, each other's nearest at
  /// `distance`): row `y` gets the Lance–Williams update, vectorised; the columns wait.
  func merge(_ x: Int, into y: Int, distance: Double) {
    bringUpToDate(x)
    bringUpToDate(y)
    let update = PendingUpdate(
      x: x, y: y, sizeX: sizes[x], sizeY: sizes[y], distance: distance)
    sizes[x] = 0
    let rowX = UnsafeRawPointer(storage + x * rowStride)
    let rowY = UnsafeMutableRawPointer(storage + y * rowStride)
    let others = UnsafeRawPointer(sizes)
    let end = rowStride * MemoryLayout<Double>.stride
    let stride = MemoryLayout<SIMD8<Double>>.stride
    // Merged positions, the padding and the diagonals of x and y stay +∞: +∞ on one side and a
    // finite value or +∞ on the other give +∞ in each update.
    func apply(_ body: (SIMD8<Double>, SIMD8<Double>, SIMD8<Double>) -> SIMD8<Double>) {
      var offset = 0
      while offset < end {
        let dx = rowX.loadUnaligned(fromByteOffset: offset, as: SIMD8<Double>.self)
        let dy = rowY.loadUnaligned(fromByteOffset: offset, as: SIMD8<Double>.self)
        let ni = others.loadUnaligned(fromByteOffset: offset, as: SIMD8<Double>.self)
        rowY.storeBytes(of: body(dx, dy, ni), toByteOffset: offset, as: SIMD8<Double>.self)
        offset += stride
      }
    }
    let nx = SIMD8<Double>(repeating: update.sizeX)
    let ny = SIMD8<Double>(repeating: update.sizeY)
    let dxy = SIMD8<Double>(repeating: distance)
    switch method {
    case .single: preconditionFailure("single linkage runs Prim's algorithm")
    case .complete: apply { dx, dy, _ in LanceWilliams.complete(dx, dy) }
    case .average: apply { dx, dy, _ in LanceWilliams.average(dx, dy, sizeX: nx, sizeY: ny) }
    case .ward:
      apply { dx, dy, ni in
        LanceWilliams.ward(dx, dy, sizeI: ni, sizeX: nx, sizeY: ny, between: dxy)
      }
    }
    sizes[y] = update.mergedSize
    activeCount -= 1
    pending.append(update)
    applied[y] = pending.count
  }

  /// Applies to the row at `position` the pending updates it has not seen, in order.
  private func bringUpToDate(_ position: Int) {
    let start = applied[position]
    guard start < pending.count else { return }
    let row = storage + position * rowStride
    let ni = sizes[position]
    if 64 * (pending.count - start) >= rowStride {
      // The updates touch most of the row's cache lines: read it in order first, at the speed
      // of a sequential read rather than of one miss after another.
      var sum = SIMD8<Double>()
      for column in Swift.stride(from: 0, to: rowStride, by: 8) {
        sum += UnsafeRawPointer(row + column).loadUnaligned(as: SIMD8<Double>.self)
      }
      readAhead = sum.sum()
    }
    pending.withUnsafeBufferPointer { updates in
      let updates = updates[start...]
      switch method {
      case .single: preconditionFailure("single linkage runs Prim's algorithm")
      case .complete:
        for u in updates {
          (row[u.y], row[u.x]) = (LanceWilliams.complete(row[u.x], row[u.y]), .infinity)
        }
      case .average:
        for u in updates {
          row[u.y] = LanceWilliams.average(row[u.x], row[u.y], sizeX: u.sizeX, sizeY: u.sizeY)
          row[u.x] = .infinity
        }
      case .ward:
        for u in updates {
          row[u.y] = LanceWilliams.ward(
            row[u.x], row[u.y], sizeI: ni, sizeX: u.sizeX, sizeY: u.sizeY, between: u.distance)
          row[u.x] = .infinity
        }
      }
    }
    applied[position] = pending.count
  }

  /// When fewer than a third of the positions are active, moves the active rows and columns to the
  /// front, in order, and renumbers `chain` (positions) to match.
  func compactIfSparse(renumbering chain: inout [Int]) {
    guard dimension > 64 && 3 * activeCount < dimension else { return }
    var kept: [Int] = []
    kept.reserveCapacity(activeCount)
    var newPosition = [Int](repeating: -1, count: dimension)
    for position in 0..<dimension where sizes[position] > 0 {
      newPosition[position] = kept.count
      kept.append(position)
    }
    let count = kept.count
    let newStride = (count + 7) & ~7
    // Row r moves to an address no later than its old one, and rows go in order: nothing is
    // overwritten before it is read.
    kept.withUnsafeBufferPointer { kept in
      for (r, old) in kept.enumerated() {
        bringUpToDate(old)
        let (source, target) = (storage + old * rowStride, storage + r * newStride)
        for c in 0..<count { target[c] = source[kept[c]] }
        for c in count..<newStride { target[c] = .infinity }
      }
    }
    for (r, old) in kept.enumerated() {
      sizes[r] = sizes[old]
      points[r] = points[old]
    }
    (sizes + count).update(repeating: 0, count: rowStride - count)
    points.removeLast(points.count - count)
    pending.removeAll(keepingCapacity: true)
    applied.replaceSubrange(0..<count, with: repeatElement(0, count: count))
    for i in chain.indices { chain[i] = newPosition[chain[i]] }
    (dimension, rowStride) = (count, newStride)
  }
}
