import InkDistances
import InkSampling
import _DuctusSupport

/// DTW k-means: k-means whose distance is dynamic time warping and whose centres are DTW
/// barycentres (DBA), as tslearn's `TimeSeriesKMeans(metric="dtw", n_init=1)`.
///
/// The loop is tslearn's `_fit_one_init`, step for step, so that the same start gives the same
/// labels, inertia and centres: every iteration assigns each series to the centre of least DTW
/// distance (the first of equally near ones), takes the inertia (the mean squared distance to
/// the assigned centres), moves each centre to the DBA barycentre of its series starting from the
/// centre itself (tslearn's `dtw_barycenter_averaging_petitjean`, the series first in each
/// alignment: `DTWBarycenterAveraging.seriesFirst`, at most
/// ``barycenterIterations`` with ``barycenterTolerance``), and stops when the inertia changed by
/// less than ``tolerance`` or after ``maxIterations``. The series are then assigned once more to
/// the final centres (tslearn's `_post_fit`); the reported inertia stays the last iteration's.
///
/// Centres are as long as the longest series (or the longest given centre); a shorter start
/// centre is stretched to that length by linear interpolation over its sample positions, as
/// tslearn's `TimeSeriesResampler`. A cluster left empty by an assignment ends the start: a given
/// start is refused, a k-means++ start is drawn again from the same stream, at most
/// ``maximumAttempts`` times (tslearn's `max(n_init, 10)` attempts). The k-means++ start is
/// tslearn's `_k_init_metric` with DTW distances, drawn from `SplitMix64` (not NumPy's stream).
///
/// Sources: F. Petitjean, A. Ketterlin and P. Gançarski, *A global averaging method for dynamic
/// time warping, with applications to clustering*, Pattern Recognition 44 (2011); tslearn 0.10
/// `tslearn/clustering/kmeans.py` and `tslearn/barycenters/dba.py`.
///
/// ```swift
/// let result = try TimeSeriesKMeans(clusterCount: 3, seed: 7).fit(strokes)
/// print(result.labels, result.inertia)
/// ```
/// - Complexity: an iteration is `n × k` DTW distances (eight pairs at a time in SIMD lanes, on
///   all cores) and up to ``barycenterIterations`` × `n` DTW alignments with paths (in parallel
///   over each cluster's series): O(n · (k + barycenterIterations) · L²) for series of length L
///   without a global constraint.
public struct TimeSeriesKMeans: Sendable, Hashable {
  /// The number of clusters, `k` (1 up to the number of series).
  public var clusterCount: Int
  /// The most iterations (tslearn's `max_iter`).
  public var maxIterations: Int
  /// The iterations stop when the inertia changed by less than this (tslearn's `tol`).
  public var tolerance: Double
  /// The DTW of the assignments and of the barycentres: the channels compared, their weights and
  /// the global constraint (tslearn's `metric_params`); its local cost must be the squared
  /// Euclidean one, without open ends or derivatives.
  public var dtw: DynamicTimeWarping
  /// The most DBA iterations of a centre update (tslearn's DBA default, 30; tslearn's
  /// `max_iter_barycenter` does not reach DBA).
  public var barycenterIterations: Int
  /// The DBA cost change below which a centre update stops (tslearn's DBA default, 1e-5).
  public var barycenterTolerance: Double
  /// The seed of the k-means++ start.
  public var seed: UInt64

  /// How many k-means++ starts are tried before an empty cluster is an error.
  public static let maximumAttempts = 10

  /// A configuration; the defaults are tslearn's.
  public init(
    clusterCount: Int, maxIterations: Int = 50, tolerance: Double = 1e-6,
    dtw: DynamicTimeWarping = DynamicTimeWarping(), barycenterIterations: Int = 30,
    barycenterTolerance: Double = 1e-5, seed: UInt64 = 0
  ) {
    self.clusterCount = clusterCount
    self.maxIterations = maxIterations
    self.tolerance = tolerance
    self.dtw = dtw
    self.barycenterIterations = barycenterIterations
    self.barycenterTolerance = barycenterTolerance
    self.seed = seed
  }

  /// Clusters `series` (of any lengths) by DTW.
  ///
  /// - Parameters:
  ///   - series: the series; the channels of ``dtw`` are compared.
  ///   - initialCentres: the start (`k` series), as tslearn's `init=array`; when nil, the
  ///     k-means++ centres drawn with ``seed``.
  /// - Throws: ``ClusteringError`` for no series, `k` out of `1…n`, a start of another count,
  ///   an empty or non-finite series or centre, `maxIterations < 1`, a negative or non-finite
  ///   tolerance, a DTW configuration DBA cannot use, or a cluster left empty by every start.
  public func fit(_ series: [SampleBuffer], initialCentres: [SampleBuffer]? = nil) throws
    -> TimeSeriesClusteringResult
  {
    let operation = "DTW k-means"
    let (n, k) = (series.count, clusterCount)
    guard n >= 1 else {
      throw ClusteringError.invalidArgument(operation: operation, detail: "no series to cluster")
    }
    guard (1...n).contains(k) else {
      throw ClusteringError.invalidArgument(
        operation: operation, detail: "k = \(k) is not between 1 and the \(n) series")
    }
    guard maxIterations >= 1, barycenterIterations >= 1 else {
      throw ClusteringError.invalidArgument(
        operation: operation,
        detail: "at least one iteration is needed, not \(min(maxIterations, barycenterIterations))")
    }
    guard tolerance >= 0, tolerance.isFinite, barycenterTolerance >= 0,
      barycenterTolerance.isFinite
    else {
      throw ClusteringError.invalidArgument(
        operation: operation, detail: "the tolerances must be finite numbers ≥ 0")
    }
    guard dtw.localCost == .squaredEuclidean, !dtw.openBegin, !dtw.openEnd, !dtw.usesDerivative
    else {
      throw ClusteringError.invalidArgument(
        operation: operation,
        detail: "DBA needs the squared Euclidean local cost, global alignment and no derivative")
    }
    try check(series, operation: operation)
    if let initialCentres {
      guard initialCentres.count == k else {
        throw ClusteringError.dimensionMismatch(
          operation: operation,
          detail: "\(initialCentres.count) initial centres for k = \(k)")
      }
      try check(initialCentres, operation: "\(operation) initial centres")
    }
    let length = (initialCentres ?? series).map(\.count).max()!
    var random = SplitMix64(seed: seed)
    var empty = (cluster: 0, iteration: 0)
    let attempts = initialCentres == nil ? Self.maximumAttempts : 1
    for attempt in 1...attempts {
      let start =
        try initialCentres
        ?? KMeansPlusPlus(count: n, clusterCount: k) { index in
          try dtwCall { try dtw.distanceMatrix(rows: [series[index]], columns: series) }
            .values.map { $0 * $0 }
        }.centreIndices(using: &random).map { series[$0] }
      switch try iterate(series, from: start.map { stretched($0, to: length) }) {
      case .finished(var result):
        result.attempts = attempt
        return result
      case .emptyCluster(let cluster, let iteration):
        empty = (cluster, iteration)
      }
    }
    throw ClusteringError.invalidArgument(
      operation: operation,
      detail: "cluster \(empty.cluster) was left empty at iteration \(empty.iteration)"
        + (initialCentres == nil
          ? " of each of \(attempts) k-means++ starts" : " from the given start"))
  }

  /// How one start ended.
  private enum Outcome {
    case finished(TimeSeriesClusteringResult)
    case emptyCluster(Int, iteration: Int)
  }

  /// tslearn's `_fit_one_init` from `start`.
  private func iterate(_ series: [SampleBuffer], from start: [SampleBuffer]) throws -> Outcome {
    let averaging = DTWBarycenterAveraging(
      dtw: dtw, maxIterations: barycenterIterations, tolerance: barycenterTolerance,
      seriesFirst: true)
    var centres = start
    var (previousInertia, inertia) = (Double.infinity, Double.infinity)
    var (iterations, converged) = (0, false)
    while iterations < maxIterations {
      iterations += 1
      let (labels, distances) = try assign(series, to: centres)
      var members = [[SampleBuffer]](repeating: [], count: clusterCount)
      for (index, label) in labels.enumerated() { members[label].append(series[index]) }
      if let empty = members.firstIndex(where: \.isEmpty) {
        return .emptyCluster(empty, iteration: iterations)
      }
      inertia = distances.reduce(0) { $0 + $1 * $1 } / Double(series.count)
      for cluster in centres.indices {
        centres[cluster] = try dtwCall {
          try averaging.average(of: members[cluster], initial: centres[cluster]).barycenter
        }
      }
      if abs(previousInertia - inertia) < tolerance {
        converged = true
        break
      }
      previousInertia = inertia
    }
    return .finished(
      TimeSeriesClusteringResult(
        labels: try assign(series, to: centres).labels, centres: centres, inertia: inertia,
        iterations: iterations, converged: converged, attempts: 1))
  }

  /// Each series's nearest centre by DTW (the first of equally near ones) and its distance.
  private func assign(_ series: [SampleBuffer], to centres: [SampleBuffer]) throws
    -> (labels: [Int], distances: [Double])
  {
    let matrix = try dtwCall { try dtw.distanceMatrix(rows: series, columns: centres) }
    var labels = [Int](repeating: 0, count: series.count)
    var distances = [Double](repeating: 0, count: series.count)
    for i in series.indices {
      for c in centres.indices where c == 0 || matrix[i, c] < distances[i] {
        (labels[i], distances[i]) = (c, matrix[i, c])
      }
    }
    return (labels, distances)
  }

  /// `series`'s compared channels stretched to `length` samples by linear interpolation over
  /// evenly spaced positions in [0, 1] (tslearn's `TimeSeriesResampler`); a series of that length
  /// is returned as it is.
  private func stretched(_ series: SampleBuffer, to length: Int) -> SampleBuffer {
    guard series.count != length else { return series }
    let last = Double(series.count - 1)
    let zeros = [Double](repeating: 0, count: length)
    var result = SampleBuffer(xs: zeros, ys: zeros)
    for channel in dtw.channels {
      let samples = series[channel] ?? []
      let values = (0..<length).map { index -> Double in
        guard series.count > 1 else { return samples[0] }
        let position = Double(index) / Double(length - 1) * last
        let left = min(Int(position), series.count - 2)
        let fraction = position - Double(left)
        return samples[left] + fraction * (samples[left + 1] - samples[left])
      }
      try? result.setChannel(channel, to: values)
    }
    return result
  }

  /// Throws ``ClusteringError/invalidValue(operation:index:detail:)`` for the first series that
  /// is empty or has a missing or non-finite compared channel.
  private func check(_ series: [SampleBuffer], operation: String) throws {
    for (index, buffer) in series.enumerated() {
      guard !buffer.isEmpty else {
        throw ClusteringError.invalidValue(
          operation: operation, index: index, detail: "is a series with no sample")
      }
      do {
        try buffer.checkFinite(dtw.channels)
      } catch {
        throw ClusteringError.invalidValue(
          operation: operation, index: index, detail: "is a series with \(error)")
      }
    }
  }

  /// Runs a DTW computation, its errors as ``ClusteringError/invalidArgument(operation:detail:)``.
  private func dtwCall<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as DTWError {
      throw ClusteringError.invalidArgument(operation: "DTW k-means", detail: error.description)
    }
  }
}
