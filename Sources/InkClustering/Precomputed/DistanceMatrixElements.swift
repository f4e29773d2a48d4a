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
  /// `equivalent` (nil when the square matrix is symmetric in that sense), compared in tiles of
  /// 64 × 64 for the processor's cache, and those in tiles of about 2 GB each for a matrix read
  /// from disk: a tile and its mirror stay in the page cache while their entries are compared,
  /// and each mirror row read is long enough for the kernel's read-ahead (64 × 64 alone reads a
  /// matrix larger than memory from disk many times over).
  func firstAsymmetricPair(equivalent: (Double, Double) -> Bool) -> (i: Int, j: Int)? {
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
            for i in rowStart..<min(rowStart + block, n) {
              for j in max(columnStart, i + 1)..<max(min(columnStart + block, n), i + 1)
              where !equivalent(self[i, j], self[j, i]) {
                return (i, j)
              }
            }
          }
        }
      }
    }
    return nil
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
