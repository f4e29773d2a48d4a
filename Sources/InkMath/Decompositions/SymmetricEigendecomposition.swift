import CLinearAlgebra

/// The eigendecomposition `A = V·diag(λ)·Vᵀ` of a real symmetric matrix, by LAPACK's
/// divide-and-conquer `dsyevd` (Cuppen 1981; Gu and Eisenstat 1995), as `numpy.linalg.eigh`
/// computes it.
///
/// Only the lower triangle of the input is read (numpy's default `UPLO='L'`). Eigenvalues are
/// ascending; eigenvectors are orthonormal columns, unique only up to sign (and up to a rotation
/// within a repeated eigenvalue).
public struct SymmetricEigendecomposition: Sendable, Equatable {
  /// The eigenvalues, ascending.
  public let eigenvalues: [Double]
  /// The eigenvectors, column `j` belonging to `eigenvalues[j]`.
  public let eigenvectors: Matrix

  /// Decomposes the symmetric matrix `matrix`.
  /// - Complexity: O(n³).
  /// - Throws: ``InkMathError/dimensionMismatch(operation:detail:)`` when `matrix` is not square,
  ///   ``InkMathError/nonFiniteElement(operation:row:column:)`` for NaN or infinity in the lower
  ///   triangle, ``InkMathError/lapackFailure(routine:info:)`` if `dsyevd` does not converge.
  public init(of matrix: Matrix) throws {
    let n = matrix.rows
    guard matrix.columns == n else {
      throw InkMathError.dimensionMismatch(
        operation: "dsyevd", detail: "\(matrix.rows) × \(matrix.columns) is not square")
    }
    for i in 0..<n {
      for j in 0...i where !matrix[i, j].isFinite {
        throw InkMathError.nonFiniteElement(operation: "dsyevd", row: i, column: j)
      }
    }
    guard n > 0 else {
      eigenvalues = []
      eigenvectors = matrix
      return
    }
    // Row-major lower triangle = column-major upper triangle. On return the column-major
    // eigenvector columns are the rows of the storage, hence the transpose.
    var a = matrix
    var w = [Double](repeating: 0, count: n)
    let info = try a.withUnsafeMutableStorage { pa in
      LAPACKE_dsyevd(
        LAPACK_COL_MAJOR, LAPACK.option("V"), LAPACK.option("U"),
        try LAPACK.index(n, operation: "dsyevd"), pa, Int32(n), &w)
    }
    try LAPACK.check(info, routine: "dsyevd")
    eigenvalues = w
    eigenvectors = a.transposed()
  }
}
