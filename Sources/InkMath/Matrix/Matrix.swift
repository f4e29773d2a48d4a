import _DuctusSupport

/// A dense matrix of `Double` in row-major order, stored contiguously.
///
/// Element `(i, j)` lives at `elements[i * columns + j]`, so a row is a contiguous slice and the
/// storage can be handed to CBLAS/LAPACKE without copying. Every public initialiser validates its
/// sizes and throws ``InkMathError`` instead of trapping.
///
/// ```swift
/// let a = try Matrix([[1, 2], [3, 4]])
/// let b = try Matrix.gemm(a, a, transposeB: true)  // A·Aᵀ
/// ```
public struct Matrix: Sendable, Equatable, Hashable {
  /// The number of rows.
  public let rows: Int
  /// The number of columns.
  public let columns: Int
  /// The elements in row-major order (`rows * columns` of them).
  public internal(set) var elements: [Double]

  /// A matrix from its row-major elements.
  /// - Throws: ``InkMathError/invalidArgument(operation:detail:)`` for a negative size,
  ///   ``InkMathError/dimensionMismatch(operation:detail:)`` when the count is not
  ///   `rows * columns`.
  public init(rows: Int, columns: Int, elements: [Double]) throws {
    try Matrix.validateSize(rows: rows, columns: columns, operation: "Matrix")
    guard elements.count == rows * columns else {
      throw InkMathError.dimensionMismatch(
        operation: "Matrix",
        detail: "\(elements.count) elements for a \(rows) × \(columns) matrix")
    }
    self.init(validatedRows: rows, columns: columns, elements: elements)
  }

  /// A matrix with every element equal to `value`.
  /// - Throws: ``InkMathError/invalidArgument(operation:detail:)`` for a negative size.
  public init(rows: Int, columns: Int, repeating value: Double = 0) throws {
    try Matrix.validateSize(rows: rows, columns: columns, operation: "Matrix")
    self.init(
      validatedRows: rows, columns: columns,
      elements: [Double](repeating: value, count: rows * columns))
  }

  /// A matrix from an array of rows, all of the same length.
  /// - Throws: ``InkMathError/dimensionMismatch(operation:detail:)`` for ragged rows.
  public init(_ rowArrays: [[Double]]) throws {
    let columns = rowArrays.first?.count ?? 0
    if let bad = rowArrays.firstIndex(where: { $0.count != columns }) {
      throw InkMathError.dimensionMismatch(
        operation: "Matrix",
        detail: "row \(bad) has \(rowArrays[bad].count) elements, row 0 has \(columns)")
    }
    self.init(
      validatedRows: rowArrays.count, columns: columns, elements: rowArrays.flatMap { $0 })
  }

  /// The `n × n` identity matrix.
  public static func identity(_ n: Int) throws -> Matrix {
    var matrix = try Matrix(rows: n, columns: n)
    for i in 0..<n { matrix[i, i] = 1 }
    return matrix
  }

  /// Internal initialiser for sizes already known to be consistent.
  init(validatedRows rows: Int, columns: Int, elements: [Double]) {
    self.rows = rows
    self.columns = columns
    self.elements = elements
  }

  /// Internal initialiser that lets `initializer` write all `rows * columns` elements into
  /// uninitialised storage, so that large outputs are not zero-filled first (the pages are first
  /// touched by the thread that computes them). Storage of 4 MiB or more is advised to use huge
  /// pages.
  init(
    validatedRows rows: Int, columns: Int,
    initializingWith initializer: (UnsafeMutableBufferPointer<Double>) throws -> Void
  ) rethrows {
    let count = rows * columns
    self.rows = rows
    self.columns = columns
    self.elements = try [Double](unsafeUninitializedCapacity: count) { buffer, initialized in
      if let base = buffer.baseAddress, count >= 1 << 19 {
        Platform.adviseHugePages(base, byteCount: count * MemoryLayout<Double>.stride)
      }
      try initializer(buffer)
      initialized = count
    }
  }

  static func validateSize(rows: Int, columns: Int, operation: String) throws {
    guard rows >= 0, columns >= 0 else {
      throw InkMathError.invalidArgument(
        operation: operation, detail: "negative size \(rows) × \(columns)")
    }
    guard rows == 0 || columns <= Int.max / rows else {
      throw InkMathError.invalidArgument(
        operation: operation, detail: "size \(rows) × \(columns) overflows")
    }
  }

  /// The element at `row`, `column` (both zero-based; out-of-range indices trap like an array's).
  public subscript(row: Int, column: Int) -> Double {
    get { elements[row * columns + column] }
    set { elements[row * columns + column] = newValue }
  }

  /// Row `i` as a contiguous slice of ``elements``.
  public func row(_ i: Int) -> ArraySlice<Double> {
    elements[(i * columns)..<((i + 1) * columns)]
  }

  /// The transpose (`columns × rows`). O(rows·columns), blocked for cache locality.
  public func transposed() -> Matrix {
    let (rows, columns) = (self.rows, self.columns)
    let block = 32
    return elements.withUnsafeBufferPointer { source in
      Matrix(validatedRows: columns, columns: rows) { target in
        for rowStart in stride(from: 0, to: rows, by: block) {
          for columnStart in stride(from: 0, to: columns, by: block) {
            for i in rowStart..<min(rowStart + block, rows) {
              for j in columnStart..<min(columnStart + block, columns) {
                target[j * rows + i] = source[i * columns + j]
              }
            }
          }
        }
      }
    }
  }

  /// Throws ``InkMathError/nonFiniteElement(operation:row:column:)`` for the first NaN or
  /// infinity, scanning in storage order.
  public func validateFinite(operation: String) throws {
    if let index = elements.firstIndex(where: { !$0.isFinite }) {
      throw InkMathError.nonFiniteElement(
        operation: operation, row: index / columns, column: index % columns)
    }
  }

  /// Calls `body` with the storage pointer, for the BLAS/LAPACK wrappers.
  mutating func withUnsafeMutableStorage<R>(
    _ body: (UnsafeMutablePointer<Double>) throws -> R
  ) rethrows -> R {
    try elements.withUnsafeMutableBufferPointer { try body($0.baseAddress!) }
  }
}
