import CLinearAlgebra

extension Matrix {
  /// The sign of the determinant of a square matrix (−1, 0 or +1), from its LU factorisation
  /// (LAPACK `dgetrf`): the product of the signs of `U`'s diagonal and of the row swaps.
  func determinantSign() throws -> Double {
    guard rows == columns else {
      throw InkMathError.dimensionMismatch(
        operation: "determinant", detail: "\(rows) × \(columns) is not square")
    }
    guard rows > 0 else { return 1 }
    var lu = self
    var pivots = [Int32](repeating: 0, count: rows)
    let n = try LAPACK.index(rows, operation: "dgetrf")
    let info = lu.withUnsafeMutableStorage {
      LAPACKE_dgetrf(LAPACK_ROW_MAJOR, n, n, $0, n, &pivots)
    }
    if info > 0 { return 0 }
    try LAPACK.check(info, routine: "dgetrf")
    var sign = 1.0
    for i in 0..<rows {
      if lu[i, i] < 0 { sign = -sign }
      if pivots[i] != Int32(i + 1) { sign = -sign }
    }
    return sign
  }
}
