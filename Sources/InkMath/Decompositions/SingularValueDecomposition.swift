import CLinearAlgebra

/// The singular value decomposition `A = U·diag(s)·Vᵀ` of an `m × n` matrix, by LAPACK's
/// divide-and-conquer `dgesdd` (Gu and Eisenstat 1995), as `numpy.linalg.svd` and
/// `scipy.linalg.svd` compute it.
///
/// Thin (the default): `U` is `m × r`, `Vᵀ` is `r × n` with `r = min(m, n)`. Full: `U` is `m × m`
/// and `Vᵀ` is `n × n`. Singular values are non-negative and descending. Singular vectors are
/// unique only up to sign (and, for repeated singular values, up to a rotation);
/// ``withDeterministicSigns()`` applies scikit-learn's `svd_flip` so that results compare exactly.
///
/// Row-major storage of `A` is column-major storage of `Aᵀ`, so InkMath hands LAPACK `Aᵀ` without
/// copying and reads `V` and `U` back in the roles swapped: no transposition is done on either side.
public struct SingularValueDecomposition: Sendable, Equatable {
  /// The left singular vectors, as columns.
  public let u: Matrix
  /// The singular values, descending.
  public let singularValues: [Double]
  /// The right singular vectors, as rows (`Vᵀ`).
  public let vt: Matrix

  /// Decomposes `matrix`.
  /// - Parameters:
  ///   - matrix: the `m × n` matrix to decompose.
  ///   - full: whether to return the full square `U` and `Vᵀ` (LAPACK `jobz = 'A'`) rather than
  ///     the thin ones (`jobz = 'S'`).
  /// - Complexity: O(m·n·min(m, n)).
  /// - Throws: ``InkMathError/nonFiniteElement(operation:row:column:)`` for NaN or infinity;
  ///   ``InkMathError/lapackFailure(routine:info:)`` if `dgesdd` does not converge.
  public init(of matrix: Matrix, full: Bool = false) throws {
    try matrix.validateFinite(operation: "dgesdd")
    let (m, n) = (matrix.rows, matrix.columns)
    let r = min(m, n)
    let (uColumns, vtRows) = full ? (m, n) : (r, r)
    guard r > 0 else {
      // No singular values; the full factors of an empty side are identities.
      u = try full ? Matrix.identity(m) : Matrix(rows: m, columns: 0)
      singularValues = []
      vt = try full ? Matrix.identity(n) : Matrix(rows: 0, columns: n)
      return
    }
    // Column-major view: the storage holds Aᵀ (n × m, lda = n). Aᵀ = V·S·Uᵀ, so LAPACK's "U"
    // (n × vtRows, column-major) is our Vᵀ in row-major, and its "Vᵀ" (uColumns × m,
    // column-major) is our U in row-major.
    var a = matrix
    var s = [Double](repeating: 0, count: r)
    var vtStorage = [Double](repeating: 0, count: vtRows * n)
    var uStorage = [Double](repeating: 0, count: m * uColumns)
    let info = try a.withUnsafeMutableStorage { pa in
      LAPACKE_dgesdd(
        LAPACK_COL_MAJOR, LAPACK.option(full ? "A" : "S"),
        try LAPACK.index(n, operation: "dgesdd"), try LAPACK.index(m, operation: "dgesdd"),
        pa, Int32(n), &s, &vtStorage, Int32(n), &uStorage, Int32(uColumns))
    }
    try LAPACK.check(info, routine: "dgesdd")
    u = Matrix(validatedRows: m, columns: uColumns, elements: uStorage)
    singularValues = s
    vt = Matrix(validatedRows: vtRows, columns: n, elements: vtStorage)
  }

  /// The singular values and right singular vectors (`Vᵀ`, `min(m, n) × n`) of `matrix`
  /// without `U`, by LAPACK's QR-iteration `dgesvd` (Golub and Kahan 1965; Demmel and Kahan
  /// 1990), which unlike `dgesdd` can skip one factor. For a tall `m × n` matrix it reduces `A`
  /// to an `n × n` triangle first, so the cost is O(m·n²) with a small constant and no `m × n`
  /// factor is formed: what PCA needs.
  static func rightSingularVectors(of matrix: Matrix) throws -> (
    singularValues: [Double], vt: Matrix
  ) {
    try matrix.validateFinite(operation: "dgesvd")
    let (m, n) = (matrix.rows, matrix.columns)
    let r = min(m, n)
    guard r > 0 else { return ([], try Matrix(rows: 0, columns: n)) }
    // As in init(of:full:), LAPACK sees Aᵀ: its left factor (jobu = 'S') is our Vᵀ, and its right
    // factor, our U, is not computed (jobvt = 'N').
    var a = matrix
    var s = [Double](repeating: 0, count: r)
    var vtStorage = [Double](repeating: 0, count: r * n)
    var unused = 0.0
    var superdiagonal = [Double](repeating: 0, count: max(r - 1, 1))
    let info = try a.withUnsafeMutableStorage { pa in
      LAPACKE_dgesvd(
        LAPACK_COL_MAJOR, LAPACK.option("S"), LAPACK.option("N"),
        try LAPACK.index(n, operation: "dgesvd"), try LAPACK.index(m, operation: "dgesvd"),
        pa, Int32(n), &s, &vtStorage, Int32(n), &unused, 1, &superdiagonal)
    }
    try LAPACK.check(info, routine: "dgesvd")
    return (s, Matrix(validatedRows: r, columns: n, elements: vtStorage))
  }

  init(u: Matrix, singularValues: [Double], vt: Matrix) {
    self.u = u
    self.singularValues = singularValues
    self.vt = vt
  }

  /// The same decomposition with each pair of singular vectors signed so that the entry of
  /// largest absolute value in each row of `Vᵀ` is positive — scikit-learn's
  /// `svd_flip(u, v, u_based_decision=False)`, the convention of its `PCA`.
  ///
  /// The first such entry wins ties, as `numpy.argmax` does; a zero row keeps its sign. Columns of
  /// a full `U` beyond `min(m, n)` are left as they are.
  public func withDeterministicSigns() -> SingularValueDecomposition {
    var u = self.u
    var vt = self.vt
    for k in 0..<singularValues.count where vt.columns > 0 {
      guard vt.largestMagnitudeIsNegative(inRow: k) else { continue }
      for j in 0..<vt.columns { vt[k, j] = -vt[k, j] }
      for i in 0..<u.rows { u[i, k] = -u[i, k] }
    }
    return SingularValueDecomposition(u: u, singularValues: singularValues, vt: vt)
  }
}
