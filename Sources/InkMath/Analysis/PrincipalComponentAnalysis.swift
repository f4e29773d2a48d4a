/// Principal component analysis fitted to the rows of a data matrix, matching scikit-learn's
/// `PCA` (`whiten=False`) attribute for attribute.
///
/// Pearson (1901) and Hotelling (1933). Two solvers, as in scikit-learn 1.5+:
/// - ``Solver/covarianceEigh``: the covariance matrix `Xcᵀ·Xc / (n − 1)` by `dsyrk`, then its
///   eigendecomposition by `dsyevd`. O(n·d²) and very fast for `n ≫ d`. What differs from
///   scikit-learn: the data are mean-centred (in cache-sized blocks, never as a full copy) before
///   the rank-k update instead of subtracting `n·μ·μᵀ` afterwards, which avoids cancellation when
///   the mean is large compared with the spread.
/// - ``Solver/fullSVD``: the SVD of the centred data (scikit-learn's `"full"`). scikit-learn calls
///   `dgesdd` for `U`, `Σ` and `Vᵀ`; PCA needs no `U`, so InkMath calls `dgesvd` for `Σ` and `Vᵀ`
///   alone, which first reduces the data to a `d × d` triangle.
///
/// Both give components with scikit-learn's deterministic signs (`svd_flip` with
/// `u_based_decision=False`: the largest-magnitude entry of every component is positive), so
/// components compare exactly across solvers and with scikit-learn, up to rounding, wherever the
/// explained variances are distinct.
///
/// ```swift
/// let pca = try PrincipalComponentAnalysis(fitting: data, componentCount: 2)
/// let scores = try pca.transform(data)
/// ```
public struct PrincipalComponentAnalysis: Sendable, Equatable {
  /// How the principal axes are computed.
  public enum Solver: String, Sendable, CaseIterable {
    /// Eigendecomposition of the covariance matrix (scikit-learn `svd_solver="covariance_eigh"`).
    case covarianceEigh
    /// Thin SVD of the centred data (scikit-learn `svd_solver="full"`).
    case fullSVD
  }

  /// The per-feature mean of the fitted data (`mean_`).
  public let mean: [Double]
  /// The principal axes as rows, by decreasing explained variance (`components_`, `k × d`).
  public let components: Matrix
  /// The variance along each component, with the `n − 1` divisor (`explained_variance_`).
  public let explainedVariance: [Double]
  /// Each component's share of the total variance (`explained_variance_ratio_`); all zero when
  /// the data have no variance at all (scikit-learn gives NaN there).
  public let explainedVarianceRatio: [Double]
  /// The singular values of the centred data for the kept components (`singular_values_`).
  public let singularValues: [Double]
  /// The mean variance of the discarded components, 0 when none is discarded
  /// (`noise_variance_`, the probabilistic PCA estimate of Tipping and Bishop 1999).
  public let noiseVariance: Double
  /// The number of rows fitted (`n_samples_`).
  public let sampleCount: Int

  /// Fits the principal components of the rows of `data` (`n × d`, `n ≥ 2`).
  /// - Parameters:
  ///   - data: the samples as rows, the features as columns.
  ///   - componentCount: how many components to keep, `0…min(n, d)`; `nil` keeps `min(n, d)`.
  ///   - solver: ``Solver/covarianceEigh`` (the default, fastest for `n ≫ d`) or
  ///     ``Solver/fullSVD``.
  /// - Complexity: O(n·d²) for either solver when `n ≥ d`.
  /// - Throws: ``InkMathError/nonFiniteElement(operation:row:column:)`` for NaN or infinity;
  ///   ``InkMathError/invalidArgument(operation:detail:)`` for fewer than two rows or a component
  ///   count out of range; ``InkMathError/lapackFailure(routine:info:)`` if LAPACK fails.
  public init(fitting data: Matrix, componentCount: Int? = nil, solver: Solver = .covarianceEigh)
    throws
  {
    let (n, d) = (data.rows, data.columns)
    guard n >= 2 else {
      throw InkMathError.invalidArgument(
        operation: "PCA", detail: "\(n) rows; the sample covariance needs at least 2")
    }
    let k = componentCount ?? min(n, d)
    guard (0...min(n, d)).contains(k) else {
      throw InkMathError.invalidArgument(
        operation: "PCA", detail: "componentCount \(k) is outside 0…\(min(n, d))")
    }
    try data.validateFinite(operation: "PCA")
    let mean = data.columnMeans()
    var axes: Matrix
    var variances: [Double]
    switch solver {
    case .covarianceEigh:
      let covariance = data.centredGram(mean: mean, scale: 1 / Double(n - 1))
      let eigen = try SymmetricEigendecomposition(of: covariance)
      // dsyevd sorts ascending; PCA wants descending, negative rounding noise clipped to zero.
      variances = eigen.eigenvalues.reversed().map { max($0, 0) }
      axes = eigen.eigenvectors.transposed()
      axes.reverseRows()
    case .fullSVD:
      let svd = try SingularValueDecomposition.rightSingularVectors(of: data.centred(mean: mean))
      variances = svd.singularValues.map { $0 * $0 / Double(n - 1) }
      axes = svd.vt
    }
    axes.flipRowsToPositiveLargestEntry()
    let total = variances.reduce(0, +)
    self.mean = mean
    components = Matrix(
      validatedRows: k, columns: d, elements: Array(axes.elements[0..<(k * d)]))
    explainedVariance = Array(variances[0..<k])
    explainedVarianceRatio = explainedVariance.map { total > 0 ? $0 / total : 0 }
    singularValues = explainedVariance.map { ($0 * Double(n - 1)).squareRoot() }
    noiseVariance =
      k < min(n, d) ? variances[k...].reduce(0, +) / Double(variances.count - k) : 0
    sampleCount = n
  }

  /// Projects the rows of `data` onto the components: `(X − μ)·Cᵀ` (`transform`).
  /// - Throws: ``InkMathError/dimensionMismatch(operation:detail:)`` when `data` does not have
  ///   the fitted feature count; ``InkMathError/nonFiniteElement(operation:row:column:)``.
  public func transform(_ data: Matrix) throws -> Matrix {
    guard data.columns == mean.count else {
      throw InkMathError.dimensionMismatch(
        operation: "PCA.transform", detail: "\(data.columns) features, fitted on \(mean.count)")
    }
    try data.validateFinite(operation: "PCA.transform")
    return try Matrix.gemm(data.centred(mean: mean), components, transposeB: true)
  }

  /// Maps component scores back to feature space: `Z·C + μ` (`inverse_transform`).
  /// - Throws: ``InkMathError/dimensionMismatch(operation:detail:)`` when `scores` does not have
  ///   one column per component; ``InkMathError/nonFiniteElement(operation:row:column:)``.
  public func inverseTransform(_ scores: Matrix) throws -> Matrix {
    guard scores.columns == components.rows else {
      throw InkMathError.dimensionMismatch(
        operation: "PCA.inverseTransform",
        detail: "\(scores.columns) columns, \(components.rows) components")
    }
    try scores.validateFinite(operation: "PCA.inverseTransform")
    return try Matrix.gemm(scores, components).centred(mean: mean.map { -$0 })
  }
}
