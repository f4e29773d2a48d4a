/// The entries of a ``DistanceMatrixStorage`` in row-major order, float64 or float32, valid only
/// inside the call that handed them out.
public struct DistanceMatrixElements {
  /// The entries, of one of the two widths.
  public enum Values {
    /// Eight-byte entries, read as they are.
    case float64(UnsafeBufferPointer<Double>)
    /// Four-byte entries, each widened exactly to `Double` when read.
    case float32(UnsafeBufferPointer<Float>)
  }

  /// The number of rows.
  public let rows: Int
  /// The number of columns.
  public let columns: Int
  /// The entries, `rows × columns` of them.
  public let values: Values
  /// Called before row `i` is read whole, for a storage that can fetch it ahead (a mapped file
  /// asks the kernel for the row's pages at once); nil for memory.
  let willReadRow: ((Int) -> Void)?

  /// Float64 entries; `elements` holds `rows × columns` of them. `willReadRow(i)`, when given,
  /// is called before row `i` is read whole (the methods read rows in an order of their own:
  /// Prim's algorithm, DBSCAN's search), so that a storage can fetch it ahead.
  public init(
    rows: Int, columns: Int, float64 elements: UnsafeBufferPointer<Double>,
    willReadRow: ((Int) -> Void)? = nil
  ) {
    precondition(rows >= 0 && columns >= 0 && elements.count == rows * columns)
    (self.rows, self.columns, values) = (rows, columns, .float64(elements))
    self.willReadRow = willReadRow
  }

  /// Float32 entries; `elements` holds `rows × columns` of them; `willReadRow` as for float64.
  public init(
    rows: Int, columns: Int, float32 elements: UnsafeBufferPointer<Float>,
    willReadRow: ((Int) -> Void)? = nil
  ) {
    precondition(rows >= 0 && columns >= 0 && elements.count == rows * columns)
    (self.rows, self.columns, values) = (rows, columns, .float32(elements))
    self.willReadRow = willReadRow
  }

  /// The entry in row `i`, column `j`.
  public subscript(i: Int, j: Int) -> Double {
    switch values {
    case .float64(let elements): elements[i * columns + j]
    case .float32(let elements): Double(elements[i * columns + j])
    }
  }

  /// Row `i` as float64: the entries themselves for a float64 matrix, else widened into
  /// `scratch` (of at least ``columns`` entries), which is returned.
  func row(_ i: Int, scratch: UnsafeMutableBufferPointer<Double>) -> UnsafeBufferPointer<Double> {
    willReadRow?(i)
    switch values {
    case .float64(let elements):
      return UnsafeBufferPointer(rebasing: elements[(i * columns)..<((i + 1) * columns)])
    case .float32(let elements):
      let start = i * columns
      for j in 0..<columns { scratch[j] = Double(elements[start + j]) }
      return UnsafeBufferPointer(rebasing: scratch[0..<columns])
    }
  }

  /// Calls `body` with each row as float64 in turn, through one scratch row.
  func forEachRow(_ body: (Int, UnsafeBufferPointer<Double>) throws -> Void) rethrows {
    try withRowScratch { scratch in
      for i in 0..<rows { try body(i, row(i, scratch: scratch)) }
    }
  }

  /// Calls `body` with a scratch row for ``row(_:scratch:)`` (empty for a float64 matrix, which
  /// needs none).
  func withRowScratch<Result>(_ body: (UnsafeMutableBufferPointer<Double>) throws -> Result)
    rethrows -> Result
  {
    var width = 0
    if case .float32 = values { width = columns }
    var scratch = [Double](repeating: 0, count: width)
    return try scratch.withUnsafeMutableBufferPointer { try body($0) }
  }

  /// Throws ``ClusteringError/dimensionMismatch(operation:detail:)`` unless the matrix is
  /// square; its side.
  func requireSquare(operation: String) throws -> Int {
    guard rows == columns else {
      throw ClusteringError.dimensionMismatch(
        operation: operation, detail: "a \(rows) × \(columns) matrix is not square")
    }
    return rows
  }

  /// The first pair `(i, j)`, `i < j`, whose entries `[i, j]` and `[j, i]` are not
  /// `equivalent` (nil when the square matrix is symmetric in that sense), compared in the
  /// blocks of ``someMirroredBlock(where:)``.
  func firstAsymmetricPair(equivalent: (Double, Double) -> Bool) -> (i: Int, j: Int)? {
    var pair: (i: Int, j: Int)?
    _ = someMirroredBlock { rows, columns in
      for i in rows {
        for j in max(columns.lowerBound, i + 1)..<max(columns.upperBound, i + 1)
        where !equivalent(self[i, j], self[j, i]) {
          pair = (i, j)
          return true
        }
      }
      return false
    }
    return pair
  }

  /// Whether the square matrix is exactly symmetric, having thrown for its first NaN, infinity
  /// or negative entry (as ``checkDistances(operation:)``).
  ///
  /// A matrix that is both is found so in one pass over the blocks of
  /// ``someMirroredBlock(where:)``: the upper triangle is checked a row at a time and every
  /// entry below it is compared with its mirror, which it must then equal. Only when that pass
  /// stops early (a bad entry or an asymmetric pair) are the two checks run apart, to name the
  /// first bad entry in row order.
  func checkDistancesAndSymmetry(operation: String) throws -> Bool {
    let isDirty =
      switch values {
      case .float64(let elements): someMirroredBlock { Self.isDirty(elements, rows, $0, $1) }
      case .float32(let elements): someMirroredBlock { Self.isDirty(elements, rows, $0, $1) }
      }
    if !isDirty { return true }
    try checkDistances(operation: operation)
    return firstAsymmetricPair(equivalent: ==) == nil
  }

  /// Whether the block `rows × columns` of the `n × n` `elements` has, on or above the
  /// diagonal, an entry that is not a finite number ≥ 0, or one that differs from its mirror.
  ///
  /// The block's rows are checked eight entries at a time, which brings them into the cache;
  /// the mirror is then read a row at a time, eight entries `[j, i]` against the eight `[i, j]`
  /// of the block's column `j` gathered from the cache. Eight entries a comparison keep more
  /// mirror rows on their way from memory at once than one entry a comparison (the pass took
  /// 0.6–0.8 of the time on a 5,000 × 5,000 matrix).
  private static func isDirty<Element: BinaryFloatingPoint & SIMDScalar>(
    _ elements: UnsafeBufferPointer<Element>, _ n: Int, _ rows: Range<Int>, _ columns: Range<Int>
  ) -> Bool {
    let base = elements.baseAddress!
    // Widened to `Double` first: comparisons of `SIMD8<Double>` are vector instructions, those
    // of a generic `SIMD8<Element>` go lane by lane.
    func eight(_ start: UnsafePointer<Element>) -> SIMD8<Double> {
      SIMD8<Double>(UnsafeRawPointer(start).loadUnaligned(as: SIMD8<Element>.self))
    }
    for i in rows {
      let row = base + i * n
      var j = max(columns.lowerBound, i)
      let end = max(columns.upperBound, j)
      // `>= 0` is false for a NaN.
      var isDistance = SIMDMask<SIMD8<Int64>>(repeating: true)
      while j + 8 <= end {
        let entries = eight(row + j)
        isDistance .&= (entries .>= 0) .& (entries .< .infinity)
        j += 8
      }
      guard all(isDistance) else { return true }
      while j < end {
        guard row[j] >= 0 && row[j] < .infinity else { return true }
        j += 1
      }
    }
    for j in columns where j > rows.lowerBound {
      let mirror = base + j * n
      var i = rows.lowerBound
      let end = min(rows.upperBound, j)
      var isSame = SIMDMask<SIMD8<Int64>>(repeating: true)
      while i + 8 <= end {
        let column = base + i * n + j
        let gathered = SIMD8<Double>(
          Double(column[0]), Double(column[n]), Double(column[2 * n]), Double(column[3 * n]),
          Double(column[4 * n]), Double(column[5 * n]), Double(column[6 * n]),
          Double(column[7 * n]))
        isSame .&= eight(mirror + i) .== gathered
        i += 8
      }
      guard all(isSame) else { return true }
      while i < end {
        guard mirror[i] == base[i * n + j] else { return true }
        i += 1
      }
    }
    return false
  }

  /// Whether `body` returns true for one of the blocks `rows × columns` of at most 64 × 64
  /// entries that together cover the upper triangle (diagonal included), called on each in turn
  /// until it does. The blocks come in tiles of about 2 GB each for a matrix read from disk: a tile
  /// and its mirror stay in the page cache while their entries are read, and each mirror row
  /// read is long enough for the kernel's read-ahead (64 × 64 alone reads a matrix larger than
  /// memory from disk many times over); a block and its mirror stay in the processor's cache.
  private func someMirroredBlock(where body: (Range<Int>, Range<Int>) -> Bool) -> Bool {
    let n = rows
    let width: Int
    switch values {
    case .float64: width = 8
    case .float32: width = 4
    }
    let (block, tile) = (64, max(64, Int((Double(1 << 31) / Double(width)).squareRoot()) / 64 * 64))
    for tileRow in stride(from: 0, to: n, by: tile) {
      for tileColumn in stride(from: tileRow, to: n, by: tile) {
        for rowStart in stride(from: tileRow, to: min(tileRow + tile, n), by: block) {
          for columnStart in stride(
            from: max(tileColumn, rowStart), to: min(tileColumn + tile, n), by: block)
          {
            let rows = rowStart..<min(rowStart + block, n)
            let columns = columnStart..<min(columnStart + block, n)
            if body(rows, columns) { return true }
          }
        }
      }
    }
    return false
  }

  /// Throws for the first NaN, infinity or negative entry, naming its row and column.
  func checkDistances(operation: String) throws {
    try forEachRow { i, row in
      if let j = row.firstIndex(where: { !($0.isFinite && $0 >= 0) }) {
        throw ClusteringError.invalidValue(
          operation: operation, index: i * columns + j,
          detail: "(row \(i), column \(j)) is \(row[j]), not a finite distance ≥ 0")
      }
    }
  }
}
