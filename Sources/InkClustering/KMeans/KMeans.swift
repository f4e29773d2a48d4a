import InkMath

/// k-means clustering: a k-means++ start and Lloyd's iterations, with distances from one matrix
/// product (``Algorithm-swift.enum/lloyd``) or pruned by Hamerly's bounds
/// (``Algorithm-swift.enum/hamerly``).
///
/// The iteration is scikit-learn's `KMeans(algorithm="lloyd", n_init=1)`, step for step, so that
/// the same start gives the same labels and inertia: the data are centred on their mean first
/// (for precision; the centres are moved back at the end); each iteration assigns every point to
/// its nearest centre (the first of equally near ones), moves each centre to the mean of its
/// points, and gives an empty cluster the point farthest from its own centre (scikit-learn's
/// `_relocate_empty_clusters_dense`); it stops when no label changed (*strict convergence*), when
/// the squared centre moves add up to at most `tolerance` times the mean variance of the columns
/// (scikit-learn's relative `tol`), or after ``maxIterations``. Unless it converged strictly,
/// the points are assigned once more to the final centres, so that labels and centres agree. The
/// inertia is the sum of the squared distances of the points to their centres.
///
/// Sources: S. Lloyd, *Least squares quantization in PCM*, IEEE Trans. Inf. Theory 28 (1982);
/// D. Arthur and S. Vassilvitskii, *k-means++: the advantages of careful seeding*, SODA 2007
/// (the greedy variant with `2 + ⌊ln k⌋` candidates a step that scikit-learn uses); G. Hamerly,
/// *Making k-means even faster*, SDM 2010; scikit-learn 1.x `sklearn/cluster/_kmeans.py`.
///
/// ```swift
/// let result = try KMeans(clusterCount: 3, seed: 7).fit(features)
/// print(result.labels, result.inertia)
/// ```
/// - Complexity: O(n·k·d) an iteration with ``Algorithm-swift.enum/lloyd`` (one GEMM of the points
///   against the centres, in blocks of ``blockRows`` points, or for `k·d` up to 4,096 the
///   products in registers); with ``Algorithm-swift.enum/hamerly``
///   O(n·d + k²·d) for the points whose bounds hold, O(k·d) more for each of the others. Memory
///   O(n + k·d) beyond the data (a copy of it, centred).
public struct KMeans: Sendable, Hashable {
  /// The number of clusters, `k` (1 up to the number of points).
  public var clusterCount: Int
  /// The most iterations of Lloyd's algorithm (scikit-learn's `max_iter`); 0, with given
  /// initial centres, is the assignment step alone: each point's nearest centre and the inertia,
  /// the centres unmoved (the map step of a k-means spread over machines, whose update step is
  /// a reduce of the clusters' sums).
  public var maxIterations: Int
  /// The convergence tolerance, relative to the mean variance of the columns (scikit-learn's
  /// `tol`): the iterations stop when the squared moves of the centres add up to no more.
  public var tolerance: Double
  /// How each point's nearest centre is found.
  public var algorithm: Algorithm
  /// The seed of the k-means++ start (a SplitMix64 stream; the same seed gives the
  /// same centres on every machine).
  public var seed: UInt64

  /// How many points one matrix product of ``Algorithm-swift.enum/lloyd`` covers.
  public static let blockRows = 1024

  /// A configuration; nothing is computed until ``fit(_:initialCentres:)``.
  public init(
    clusterCount: Int, maxIterations: Int = 300, tolerance: Double = 1e-4,
    algorithm: Algorithm = .lloyd, seed: UInt64 = 0
  ) {
    self.clusterCount = clusterCount
    self.maxIterations = maxIterations
    self.tolerance = tolerance
    self.algorithm = algorithm
    self.seed = seed
  }

  /// Clusters the rows of `data` (`n × d`, one point a row).
  ///
  /// - Parameters:
  ///   - data: the points, `n × d`.
  ///   - initialCentres: the start (`k × d`), as scikit-learn's `init=array`; when nil, the
  ///     k-means++ centres drawn with ``seed``.
  /// - Throws: ``ClusteringError`` for no points, `k` out of `1…n`, a start of another shape,
  ///   a non-finite value, `maxIterations < 1` (0 is allowed with `initialCentres`) or a
  ///   negative or non-finite tolerance.
  public func fit(_ data: Matrix, initialCentres: Matrix? = nil) throws -> KMeansResult {
    let operation = "k-means"
    let (n, d, k) = (data.rows, data.columns, clusterCount)
    guard n >= 1, d >= 1 else {
      throw ClusteringError.invalidArgument(
        operation: operation, detail: "no points to cluster (\(n) × \(d))")
    }
    guard (1...n).contains(k) else {
      throw ClusteringError.invalidArgument(
        operation: operation, detail: "k = \(k) is not between 1 and the \(n) points")
    }
    guard maxIterations >= 1 || (maxIterations == 0 && initialCentres != nil) else {
      throw ClusteringError.invalidArgument(
        operation: operation,
        detail: "at least one iteration is needed, not \(maxIterations) (0 only assigns the "
          + "points to given initial centres)")
    }
    guard tolerance >= 0, tolerance.isFinite else {
      throw ClusteringError.invalidArgument(
        operation: operation, detail: "the tolerance \(tolerance) is not a finite number ≥ 0")
    }
    let columnSums = data.elements.withUnsafeBufferPointer {
      CentredPoints.columnSums(of: $0, rows: n, columns: d)
    }
    // A NaN or infinity leaves its column's sum NaN or infinite, so finite sums are a proof of
    // finite values; the check that names the first bad one runs only otherwise.
    if !columnSums.allSatisfy(\.isFinite) {
      try FiniteValues.check(data.elements, operation: operation)
    }
    if let initialCentres {
      guard initialCentres.rows == k, initialCentres.columns == d else {
        throw ClusteringError.dimensionMismatch(
          operation: operation,
          detail: "the initial centres are \(initialCentres.rows) × \(initialCentres.columns), "
            + "\(k) × \(d) are needed")
      }
      try FiniteValues.check(initialCentres.elements, operation: "k-means initial centres")
    }
    let centred = try CentredPoints(data, columnSums: columnSums)
    let (points, mean) = (centred.points, centred.mean)
    let start =
      try initialCentres.map { centres in
        centres.elements.indices.map { centres.elements[$0] - mean[$0 % d] }
      } ?? KMeansPlusPlus.centres(of: points, clusterCount: k, seed: seed)
    var state = LloydIterations(points: points, centres: start, clusterCount: k)
    let converged = state.iterate(
      maxIterations: maxIterations, tolerance: tolerance * centred.meanVariance,
      algorithm: algorithm)
    return try KMeansResult(
      labels: state.labels,
      centres: maxIterations == 0
        ? initialCentres!
        : Matrix(
          rows: k, columns: d,
          elements: state.centres.indices.map { state.centres[$0] + mean[$0 % d] }),
      inertia: state.inertia(), iterations: state.iterations, converged: converged)
  }
}
