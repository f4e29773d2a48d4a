/// Pairwise (squared) Euclidean distances between the rows of matrices, by the GEMM identity
/// `‖x − y‖² = ‖x‖² + ‖y‖² − 2·x·y`.
///
/// This is the route of scikit-learn's `euclidean_distances` and of the NumPy idiom
/// `xx[:, None] + yy[None, :] - 2 * x @ y.T`: the inner products come from one BLAS level 3
/// product, far faster than the direct difference loop of `scipy.spatial.distance.cdist`.
/// What differs here: the output is computed in square tiles of ``tileSize`` rows and columns,
/// each finished (norms added, clamped at zero, optionally square-rooted) while it is still in
/// cache, and written straight into the one output matrix; no other matrix of that size is ever
/// allocated. For distances among the rows of one matrix, only the tiles on and above the
/// diagonal are computed (`dsyrk` on the diagonal tiles, `dgemm` elsewhere) and mirrored, which
/// halves the arithmetic, and the diagonal is exactly zero.
///
/// Precision: the identity cancels catastrophically for points much closer together than their
/// norms; such distances carry an absolute error of about `ε·(‖x‖² + ‖y‖²)` and are clamped at 0.
/// Centre the data first when that matters.
public enum PairwiseDistances {
  /// The side of the square output tiles.
  public static let tileSize = 1024

  /// The `m × n` matrix of squared Euclidean distances between the rows of `x` (`m × d`) and
  /// the rows of `y` (`n × d`).
  /// - Complexity: O(m·n·d), one `m × n` output allocation.
  /// - Throws: ``InkMathError/dimensionMismatch(operation:detail:)`` when the column counts
  ///   differ; ``InkMathError/nonFiniteElement(operation:row:column:)`` for NaN or infinity.
  public static func squaredEuclidean(_ x: Matrix, _ y: Matrix) throws -> Matrix {
    try distances(x, y, squared: true)
  }

  /// The `m × n` matrix of Euclidean distances between the rows of `x` and the rows of `y`
  /// (the square roots of ``squaredEuclidean(_:_:)``), like `scipy.spatial.distance.cdist`.
  public static func euclidean(_ x: Matrix, _ y: Matrix) throws -> Matrix {
    try distances(x, y, squared: false)
  }

  /// The symmetric `m × m` matrix of squared Euclidean distances among the rows of `x`, with an
  /// exactly zero diagonal.
  /// - Complexity: O(m²·d/2) arithmetic, one `m × m` output allocation.
  /// - Throws: ``InkMathError/nonFiniteElement(operation:row:column:)`` for NaN or infinity.
  public static func squaredEuclidean(_ x: Matrix) throws -> Matrix {
    try distances(x, squared: true)
  }

  /// The symmetric `m × m` matrix of Euclidean distances among the rows of `x`, like
  /// `scipy.spatial.distance.squareform(pdist(x))`.
  public static func euclidean(_ x: Matrix) throws -> Matrix {
    try distances(x, squared: false)
  }

  /// The squared Euclidean norm of every row of `x`.
  static func rowSquaredNorms(_ x: Matrix) -> [Double] {
    (0..<x.rows).map { i in x.row(i).reduce(0) { $0 + $1 * $1 } }
  }

  private static func distances(_ x: Matrix, _ y: Matrix, squared: Bool) throws -> Matrix {
    let operation = squared ? "squaredEuclidean" : "euclidean"
    guard x.columns == y.columns else {
      throw InkMathError.dimensionMismatch(
        operation: operation,
        detail: "x has \(x.columns) columns, y has \(y.columns)")
    }
    try x.validateFinite(operation: operation)
    try y.validateFinite(operation: operation)
    let (m, n, d) = (x.rows, y.rows, x.columns)
    guard m > 0, n > 0, d > 0 else { return try Matrix(rows: m, columns: n) }
    let xNorms = rowSquaredNorms(x)
    let yNorms = rowSquaredNorms(y)
    return x.elements.withUnsafeBufferPointer { px in
      y.elements.withUnsafeBufferPointer { py in
        Matrix(validatedRows: m, columns: n) { storage in
          let output = DisjointWriteBuffer(storage)
          for rowStart in stride(from: 0, to: m, by: tileSize) {
            let rows = rowStart..<min(rowStart + tileSize, m)
            for columnStart in stride(from: 0, to: n, by: tileSize) {
              let columns = columnStart..<min(columnStart + tileSize, n)
              BLAS.gemm(
                transposeA: false, transposeB: true, m: rows.count, n: columns.count, k: d,
                alpha: -2, a: px.baseAddress! + rowStart * d, lda: d,
                b: py.baseAddress! + columnStart * d, ldb: d, beta: 0,
                c: output.baseAddress + rowStart * n + columnStart, ldc: n)
              finishTile(
                output, ld: n, rows: rows, columns: columns, rowNorms: xNorms,
                columnNorms: yNorms, squared: squared, upperOnly: false)
            }
          }
        }
      }
    }
  }

  private static func distances(_ x: Matrix, squared: Bool) throws -> Matrix {
    try x.validateFinite(operation: squared ? "squaredEuclidean" : "euclidean")
    let (m, d) = (x.rows, x.columns)
    guard m > 0, d > 0 else { return try Matrix(rows: m, columns: m) }
    let norms = rowSquaredNorms(x)
    return x.elements.withUnsafeBufferPointer { px in
      Matrix(validatedRows: m, columns: m) { storage in
        let output = DisjointWriteBuffer(storage)
        for rowStart in stride(from: 0, to: m, by: tileSize) {
          let rows = rowStart..<min(rowStart + tileSize, m)
          for columnStart in stride(from: rowStart, to: m, by: tileSize) {
            let columns = columnStart..<min(columnStart + tileSize, m)
            let tile = output.baseAddress + rowStart * m + columnStart
            let diagonal = columnStart == rowStart
            if diagonal {
              BLAS.syrkUpper(
                transpose: false, n: rows.count, k: d, alpha: -2,
                a: px.baseAddress! + rowStart * d, lda: d, beta: 0, c: tile, ldc: m)
            } else {
              BLAS.gemm(
                transposeA: false, transposeB: true, m: rows.count, n: columns.count, k: d,
                alpha: -2, a: px.baseAddress! + rowStart * d, lda: d,
                b: px.baseAddress! + columnStart * d, ldb: d, beta: 0, c: tile, ldc: m)
            }
            finishTile(
              output, ld: m, rows: rows, columns: columns, rowNorms: norms, columnNorms: norms,
              squared: squared, upperOnly: diagonal)
            mirrorTile(output, ld: m, rows: rows, columns: columns, diagonal: diagonal)
          }
        }
      }
    }
  }

  /// Turns the tile's `−2·x·y` entries into distances: adds both squared norms, clamps at zero,
  /// takes square roots unless `squared`. With `upperOnly` (a diagonal tile of the self case)
  /// only entries on and above the diagonal are touched and the diagonal is set to exactly 0.
  private static func finishTile(
    _ output: DisjointWriteBuffer<Double>, ld: Int, rows: Range<Int>, columns: Range<Int>,
    rowNorms: [Double], columnNorms: [Double], squared: Bool, upperOnly: Bool
  ) {
    ParallelLoop.forEachChunk(of: rows, minimumChunkSize: 16) { chunk in
      columnNorms.withUnsafeBufferPointer { yn in
        for i in chunk {
          let row = output.baseAddress + i * ld
          let xi = rowNorms[i]
          let first = upperOnly ? i + 1 : columns.lowerBound
          if upperOnly { row[i] = 0 }
          for j in first..<columns.upperBound {
            let value = max(row[j] + xi + yn[j], 0)
            row[j] = squared ? value : value.squareRoot()
          }
        }
      }
    }
  }

  /// Copies the finished upper tile `rows × columns` into its transposed place below the
  /// diagonal (within the tile itself when `diagonal`). Writes are contiguous, reads strided.
  private static func mirrorTile(
    _ output: DisjointWriteBuffer<Double>, ld: Int, rows: Range<Int>, columns: Range<Int>,
    diagonal: Bool
  ) {
    ParallelLoop.forEachChunk(of: columns, minimumChunkSize: 16) { chunk in
      for j in chunk {
        let target = output.baseAddress + j * ld
        let end = diagonal ? j : rows.upperBound
        for i in rows.lowerBound..<end { target[i] = output.baseAddress[i * ld + j] }
      }
    }
  }
}
