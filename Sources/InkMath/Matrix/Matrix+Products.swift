extension Matrix {
  /// The general matrix product `alpha·op(A)·op(B) + beta·C` (BLAS level 3 `dgemm`, through
  /// OpenBLAS's `cblas_dgemm`).
  ///
  /// `op(X)` is `Xᵀ` when the matching `transpose…` flag is set. `c` is needed only when
  /// `beta ≠ 0`.
  ///
  /// ```swift
  /// let gram = try Matrix.gemm(x, x, transposeA: true)  // Xᵀ·X
  /// ```
  /// - Complexity: O(m·n·k) floating-point operations, on as many threads as OpenBLAS is set to
  ///   use (see ``BLASThreading``).
  /// - Throws: ``InkMathError/dimensionMismatch(operation:detail:)`` when the inner dimensions
  ///   differ or `c` is not `m × n`; ``InkMathError/invalidArgument(operation:detail:)`` when
  ///   `beta ≠ 0` without `c`.
  public static func gemm(
    _ a: Matrix, _ b: Matrix, transposeA: Bool = false, transposeB: Bool = false,
    alpha: Double = 1, beta: Double = 0, c: Matrix? = nil
  ) throws -> Matrix {
    let (m, k) = transposeA ? (a.columns, a.rows) : (a.rows, a.columns)
    let (kb, n) = transposeB ? (b.columns, b.rows) : (b.rows, b.columns)
    guard k == kb else {
      throw InkMathError.dimensionMismatch(
        operation: "gemm", detail: "op(A) is \(m) × \(k), op(B) is \(kb) × \(n)")
    }
    var result: Matrix
    if beta != 0 {
      guard let c else {
        throw InkMathError.invalidArgument(operation: "gemm", detail: "beta ≠ 0 needs C")
      }
      guard c.rows == m, c.columns == n else {
        throw InkMathError.dimensionMismatch(
          operation: "gemm", detail: "C is \(c.rows) × \(c.columns), the product is \(m) × \(n)")
      }
      result = c
    } else {
      result = Matrix(validatedRows: m, columns: n, elements: [Double](repeating: 0, count: m * n))
    }
    guard m > 0, n > 0 else { return result }
    guard k > 0 else {
      // An empty inner dimension: the product is zero and only beta·C remains.
      for index in result.elements.indices { result.elements[index] *= beta }
      return result
    }
    a.elements.withUnsafeBufferPointer { pa in
      b.elements.withUnsafeBufferPointer { pb in
        result.withUnsafeMutableStorage { pc in
          BLAS.gemm(
            transposeA: transposeA, transposeB: transposeB, m: m, n: n, k: k, alpha: alpha,
            a: pa.baseAddress!, lda: a.columns, b: pb.baseAddress!, ldb: b.columns, beta: beta,
            c: pc, ldc: n)
        }
      }
    }
    return result
  }

  /// The product `alpha·A[rows]·Bᵀ` of a block of this matrix's rows and the transpose of `b`,
  /// written into `c` (`rows.count × b.rows`, row-major) without copying the rows (`dgemm`).
  ///
  /// For loops over the blocks of a large matrix (a k-means assignment step, a tile of pair
  /// distances) that reuse one buffer for the products.
  ///
  /// - Precondition: `rows` lies within the matrix, `b` has as many columns, and `c` holds at
  ///   least `rows.count × b.rows` elements.
  public func productOfRows(
    _ rows: Range<Int>, withTransposeOf b: Matrix, alpha: Double = 1,
    into c: UnsafeMutableBufferPointer<Double>
  ) {
    precondition(rows.lowerBound >= 0 && rows.upperBound <= self.rows, "rows out of range")
    precondition(b.columns == columns, "the inner dimensions differ")
    precondition(c.count >= rows.count * b.rows, "the output is too small")
    guard !rows.isEmpty, b.rows > 0 else { return }
    guard columns > 0 else {
      c.baseAddress!.update(repeating: 0, count: rows.count * b.rows)
      return
    }
    elements.withUnsafeBufferPointer { pa in
      b.elements.withUnsafeBufferPointer { pb in
        BLAS.gemm(
          transposeA: false, transposeB: true, m: rows.count, n: b.rows, k: columns,
          alpha: alpha, a: pa.baseAddress! + rows.lowerBound * columns, lda: columns,
          b: pb.baseAddress!, ldb: columns, beta: 0, c: c.baseAddress!, ldc: b.rows)
      }
    }
  }

  /// The symmetric rank-k update `alpha·A·Aᵀ` (or `alpha·Aᵀ·A` when `transpose`), BLAS level 3
  /// `dsyrk` through `cblas_dsyrk`.
  ///
  /// BLAS computes one triangle, half the work of ``gemm(_:_:transposeA:transposeB:alpha:beta:c:)``;
  /// the other triangle is mirrored so the result is a full symmetric matrix.
  /// - Complexity: O(n²·k) for an `n × n` result with inner dimension `k`.
  public static func syrk(_ a: Matrix, transpose: Bool = false, alpha: Double = 1) -> Matrix {
    let (n, k) = transpose ? (a.columns, a.rows) : (a.rows, a.columns)
    var result = Matrix(
      validatedRows: n, columns: n, elements: [Double](repeating: 0, count: n * n))
    guard n > 0, k > 0 else { return result }
    a.elements.withUnsafeBufferPointer { pa in
      result.withUnsafeMutableStorage { pc in
        BLAS.syrkUpper(
          transpose: transpose, n: n, k: k, alpha: alpha, a: pa.baseAddress!, lda: a.columns,
          beta: 0, c: pc, ldc: n)
        Matrix.mirrorUpperTriangle(pc, n: n, ld: n, rowRange: 0..<n)
      }
    }
    return result
  }

  /// Copies the strict upper triangle of the `n × n` block at `c` into its lower triangle, for the
  /// rows in `rowRange` (row `i` receives column `i` of the upper triangle).
  static func mirrorUpperTriangle(
    _ c: UnsafeMutablePointer<Double>, n: Int, ld: Int, rowRange: Range<Int>
  ) {
    for i in rowRange {
      for j in 0..<i { c[i * ld + j] = c[j * ld + i] }
    }
  }
}
