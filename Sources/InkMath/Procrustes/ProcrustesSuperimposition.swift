/// The similarity transform that best superimposes one configuration of points on another in the
/// least-squares sense: `transformed = scale · shape · rotation + translation ≈ reference`.
///
/// Procrustes analysis after Schönemann (1966) and Gower (1975); the rotation comes from the SVD
/// of the cross-covariance of the centred configurations, with the determinant correction of
/// Kabsch (1976) and Umeyama (1991) when reflections are not allowed, and the optimal scale is
/// `trace(Σ′)/‖shape_c‖²`.
///
/// ``disparity`` is the residual sum of squares divided by the reference's centred sum of squares.
/// With scaling and reflection allowed (the defaults) this is exactly the disparity of
/// `scipy.spatial.procrustes(reference, shape)`, `1 − (Σσ)² / (‖A_c‖²·‖B_c‖²)`, which is
/// symmetric in the two configurations; SciPy offers no variant without scaling or reflection.
public struct ProcrustesSuperimposition: Sendable, Equatable {
  /// The shape after the transform, in the reference's coordinates.
  public let transformed: Matrix
  /// The orthogonal `d × d` matrix applied on the right of the centred shape's rows; a proper
  /// rotation (`det = +1`) unless reflections are allowed.
  public let rotation: Matrix
  /// The uniform scale factor (1 when scaling is not allowed).
  public let scale: Double
  /// The translation added after rotation and scaling (`d` values).
  public let translation: [Double]
  /// The residual sum of squares over the reference's centred sum of squares (0: identical up to
  /// the transform; at most 1 with scaling).
  public let disparity: Double

  /// Superimposes `shape` on `reference` (both `n × d`, rows in correspondence).
  /// - Parameters:
  ///   - reference: the fixed configuration, one point a row.
  ///   - shape: the configuration to move onto it, rows in the same order.
  ///   - allowsScaling: fit a uniform scale factor (otherwise the scale is 1).
  ///   - allowsReflection: allow an improper orthogonal matrix (`det = −1`) when it fits better.
  /// - Complexity: O(n·d² + d³).
  /// - Throws: ``InkMathError/dimensionMismatch(operation:detail:)`` when the shapes differ;
  ///   ``InkMathError/invalidArgument(operation:detail:)`` when either configuration has all its
  ///   points equal (SciPy's "must contain >1 unique points"); ``InkMathError/nonFiniteElement(operation:row:column:)``.
  public init(
    reference: Matrix, shape: Matrix, allowsScaling: Bool = true, allowsReflection: Bool = true
  ) throws {
    guard reference.rows == shape.rows, reference.columns == shape.columns else {
      throw InkMathError.dimensionMismatch(
        operation: "procrustes",
        detail: "reference is \(reference.rows) × \(reference.columns), "
          + "shape is \(shape.rows) × \(shape.columns)")
    }
    try reference.validateFinite(operation: "procrustes")
    try shape.validateFinite(operation: "procrustes")
    let referenceMean = reference.columnMeans()
    let shapeMean = shape.columnMeans()
    let a = reference.centred(mean: referenceMean)
    let b = shape.centred(mean: shapeMean)
    let normA = a.elements.reduce(0) { $0 + $1 * $1 }
    let normB = b.elements.reduce(0) { $0 + $1 * $1 }
    guard normA > 0, normB > 0 else {
      throw InkMathError.invalidArgument(
        operation: "procrustes", detail: "a configuration has all its points equal")
    }
    // Bᵀ·A = U·Σ·Vᵀ; R = U·Vᵀ maximises trace(Rᵀ·Bᵀ·A), i.e. minimises ‖B·R − A‖.
    let svd = try SingularValueDecomposition(of: Matrix.gemm(b, a, transposeA: true))
    var u = svd.u
    var traceSigma = svd.singularValues.reduce(0, +)
    if !allowsReflection, let last = svd.singularValues.indices.last,
      try Matrix.gemm(svd.u, svd.vt).determinantSign() < 0
    {
      // Flip the axis of the smallest singular value: the best proper rotation.
      for i in 0..<u.rows { u[i, last] = -u[i, last] }
      traceSigma -= 2 * svd.singularValues[last]
    }
    let rotation = try Matrix.gemm(u, svd.vt)
    let scale = allowsScaling ? traceSigma / normB : 1
    let fitted = try Matrix.gemm(b, rotation, alpha: scale)
    var residual = 0.0
    for (x, y) in zip(fitted.elements, a.elements) { residual += (x - y) * (x - y) }
    let shift = try Matrix.gemm(
      Matrix(rows: 1, columns: shapeMean.count, elements: shapeMean), rotation, alpha: scale)
    self.rotation = rotation
    self.scale = scale
    self.translation = zip(referenceMean, shift.elements).map { $0 - $1 }
    self.transformed = fitted.centred(mean: referenceMean.map { -$0 })
    self.disparity = residual / normA
  }
}
