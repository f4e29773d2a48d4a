import CLinearAlgebra

extension Matrix {
  /// The solution `X` of `A·X = B` for a square `A`, by LU factorisation with partial pivoting
  /// (LAPACK `dgesv`, as `numpy.linalg.solve`).
  /// - Complexity: O(n³ + n²·k) for `k` right-hand sides.
  /// - Throws: ``InkMathError/dimensionMismatch(operation:detail:)`` for a non-square `A` or a
  ///   `B` with another row count; ``InkMathError/nonFiniteElement(operation:row:column:)``;
  ///   ``InkMathError/lapackFailure(routine:info:)`` with `info > 0` when `A` is exactly singular.
  public static func solve(_ a: Matrix, _ b: Matrix) throws -> Matrix {
    try validateSquareSystem(a, b, routine: "dgesv")
    guard a.rows > 0, b.columns > 0 else { return b }
    var (lu, x) = (a, b)
    var pivots = [Int32](repeating: 0, count: a.rows)
    let n = try LAPACK.index(a.rows, operation: "dgesv")
    let k = try LAPACK.index(b.columns, operation: "dgesv")
    let info = lu.withUnsafeMutableStorage { pa in
      x.withUnsafeMutableStorage { pb in
        LAPACKE_dgesv(LAPACK_ROW_MAJOR, n, k, pa, n, &pivots, pb, k)
      }
    }
    try LAPACK.check(info, routine: "dgesv")
    return x
  }

  /// The solution `X` of `A·X = B` for a symmetric positive-definite `A`, by Cholesky
  /// factorisation (LAPACK `dposv`; as `scipy.linalg.solve(assume_a="pos")`). Only the lower
  /// triangle of `A` is read.
  /// - Complexity: O(n³/3 + n²·k).
  /// - Throws: as ``solve(_:_:)``; `info > 0` means `A` is not positive definite.
  public static func solvePositiveDefinite(_ a: Matrix, _ b: Matrix) throws -> Matrix {
    try validateSquareSystem(a, b, routine: "dposv")
    guard a.rows > 0, b.columns > 0 else { return b }
    var (cholesky, x) = (a, b)
    let n = try LAPACK.index(a.rows, operation: "dposv")
    let k = try LAPACK.index(b.columns, operation: "dposv")
    let info = cholesky.withUnsafeMutableStorage { pa in
      x.withUnsafeMutableStorage { pb in
        LAPACKE_dposv(LAPACK_ROW_MAJOR, LAPACK.option("L"), n, k, pa, n, pb, k)
      }
    }
    try LAPACK.check(info, routine: "dposv")
    return x
  }

  private static func validateSquareSystem(_ a: Matrix, _ b: Matrix, routine: String) throws {
    guard a.rows == a.columns, b.rows == a.rows else {
      throw InkMathError.dimensionMismatch(
        operation: routine,
        detail: "A is \(a.rows) × \(a.columns), B is \(b.rows) × \(b.columns)")
    }
    try a.validateFinite(operation: routine)
    try b.validateFinite(operation: routine)
  }
}
