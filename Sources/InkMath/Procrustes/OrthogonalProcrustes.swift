/// The orthogonal Procrustes problem: the orthogonal matrix `R` minimising `‖A·R − B‖_F`
/// (Schönemann 1966), as `scipy.linalg.orthogonal_procrustes(A, B)` solves it.
///
/// With `Aᵀ·B = U·Σ·Vᵀ`, `R = U·Vᵀ` and ``scale`` is `trace(Σ)`, the sum of the singular values
/// (SciPy's second return value). `R` may be a reflection (`det R = −1`); see
/// ``ProcrustesSuperimposition`` for the rotation-only variant, translation and scaling.
public struct OrthogonalProcrustes: Sendable, Equatable {
  /// The orthogonal `d × d` matrix `R`.
  public let rotation: Matrix
  /// The sum of the singular values of `Aᵀ·B`.
  public let scale: Double

  /// Solves for the `R` mapping the rows of `a` onto those of `b` (both `n × d`).
  /// - Complexity: O(n·d² + d³).
  /// - Throws: ``InkMathError/dimensionMismatch(operation:detail:)`` when the shapes differ;
  ///   ``InkMathError/nonFiniteElement(operation:row:column:)`` for NaN or infinity.
  public init(_ a: Matrix, _ b: Matrix) throws {
    guard a.rows == b.rows, a.columns == b.columns else {
      throw InkMathError.dimensionMismatch(
        operation: "orthogonalProcrustes",
        detail: "A is \(a.rows) × \(a.columns), B is \(b.rows) × \(b.columns)")
    }
    try a.validateFinite(operation: "orthogonalProcrustes")
    try b.validateFinite(operation: "orthogonalProcrustes")
    let svd = try SingularValueDecomposition(of: Matrix.gemm(a, b, transposeA: true))
    rotation = try Matrix.gemm(svd.u, svd.vt)
    scale = svd.singularValues.reduce(0, +)
  }
}
