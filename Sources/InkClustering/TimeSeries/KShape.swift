import InkMath
import InkSampling
import _DuctusSupport

/// k-Shape (Paparrizos and Gravano, *k-Shape: efficient and accurate clustering of time series*,
/// SIGMOD 2015), as tslearn's `KShape(n_init=1)`: series are compared by the shape-based
/// distance, one minus the largest normalised cross-correlation over all shifts, and each centre
/// is the shape that best correlates with its cluster's series.
///
/// Each series is first z-normalised channel by channel (mean 0, population standard deviation 1,
/// a constant channel to 0), as tslearn's `TimeSeriesScalerMeanVariance`, which tslearn leaves
/// to the caller. The loop is tslearn's `_fit_one_init`: assign every series to the centre of
/// least distance `1 − max_m Σ_c Σ_t x_c[t + m]·μ_c[t] / (‖x‖·‖μ‖)` (Frobenius norms; a product
/// of norms below 1e-9 makes the distance 1), then repeat: extract each centre's new shape, z-
/// normalise it, assign again, and stop — going back to the previous centres — when the inertia
/// (the mean squared distance) changed by less than ``tolerance`` or grew, or after
/// ``maxIterations``. Shape extraction aligns each member to the current centre by its best
/// shift (zeros shifted in), and takes, channel by channel, the eigenvector of the largest
/// eigenvalue of `Qᵀ·S·Q` (`S` the sum of the aligned members' outer products, `Q` the centring
/// matrix; LAPACK `dsyevd`), negated when its negative lies nearer the aligned members (the
/// distances summed over all channels, as tslearn measures them).
///
/// The cross-correlations come from FFTs (InkMath's `FourierTransform`) of the
/// smallest power of two of at least `2L − 1` samples: each series's transform is taken once,
/// each centre's once an iteration, and a pair costs one inverse transform. A given start is used
/// as it is (tslearn does not normalise it); the drawn start is `k` distinct series chosen with
/// ``seed`` (tslearn's `init="random"`, from `SplitMix64` rather than NumPy's stream), drawn again
/// when a cluster empties, at most ``maximumAttempts`` times.
///
/// ```swift
/// let result = try KShape(clusterCount: 3, seed: 1).fit(strokes)
/// print(result.labels, result.inertia)
/// ```
/// - Complexity: an iteration is `n × k` inverse FFTs of O(L log L) (on all cores), `n` more for
///   the shifts, and one `L × L` eigendecomposition a cluster and channel (O(L³)).
public struct KShape: Sendable, Hashable {
  /// The number of clusters, `k` (1 up to the number of series).
  public var clusterCount: Int
  /// The most iterations (tslearn's `max_iter`).
  public var maxIterations: Int
  /// The iterations stop when the inertia changed by less than this (tslearn's `tol`).
  public var tolerance: Double
  /// The channels compared, each a dimension of the series.
  public var channels: [SampleChannel]
  /// The seed of the drawn start.
  public var seed: UInt64

  /// How many drawn starts are tried before an empty cluster is an error.
  public static let maximumAttempts = 10

  /// A configuration; the defaults are tslearn's.
  public init(
    clusterCount: Int, maxIterations: Int = 100, tolerance: Double = 1e-6,
    channels: [SampleChannel] = [.x, .y], seed: UInt64 = 0
  ) {
    self.clusterCount = clusterCount
    self.maxIterations = maxIterations
    self.tolerance = tolerance
    self.channels = channels
    self.seed = seed
  }

  /// Clusters `series`, all of one length, by shape.
  ///
  /// - Parameters:
  ///   - series: the series; the ``channels`` are compared.
  ///   - initialCentres: the start (`k` series of the same length), as tslearn's `init=array`;
  ///     when nil, `k` distinct series drawn with ``seed``.
  /// - Throws: ``ClusteringError`` for no series, `k` out of `1…n`, no channel, series of
  ///   different lengths, an empty or non-finite series or centre, a start of another count or
  ///   length, `maxIterations < 1`, a negative or non-finite tolerance, or a cluster left empty
  ///   by every start.
  public func fit(_ series: [SampleBuffer], initialCentres: [SampleBuffer]? = nil) throws
    -> TimeSeriesClusteringResult
  {
    let operation = "k-Shape"
    let (n, k) = (series.count, clusterCount)
    guard n >= 1, !channels.isEmpty else {
      throw ClusteringError.invalidArgument(
        operation: operation, detail: n == 0 ? "no series to cluster" : "no channel to compare")
    }
    guard (1...n).contains(k) else {
      throw ClusteringError.invalidArgument(
        operation: operation, detail: "k = \(k) is not between 1 and the \(n) series")
    }
    guard maxIterations >= 1 else {
      throw ClusteringError.invalidArgument(
        operation: operation, detail: "at least one iteration is needed, not \(maxIterations)")
    }
    guard tolerance >= 0, tolerance.isFinite else {
      throw ClusteringError.invalidArgument(
        operation: operation, detail: "the tolerance \(tolerance) is not a finite number ≥ 0")
    }
    let length = series[0].count
    let data = try values(of: series, length: length, operation: operation)
      .map { zNormalised($0, length: length) }
    let given = try initialCentres.map { centres in
      guard centres.count == k else {
        throw ClusteringError.dimensionMismatch(
          operation: operation, detail: "\(centres.count) initial centres for k = \(k)")
      }
      return try values(of: centres, length: length, operation: "\(operation) initial centres")
    }
    let space = ShapeSpace(length: length, channelCount: channels.count, series: data)
    var random = SplitMix64(seed: seed)
    var empty = (cluster: 0, iteration: 0)
    let attempts = given == nil ? Self.maximumAttempts : 1
    for attempt in 1...attempts {
      let start = given ?? distinctIndices(k, of: n, using: &random).map { data[$0] }
      switch try iterate(space, from: start) {
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
        + (given == nil ? " of each of \(attempts) drawn starts" : " from the given start"))
  }

  /// How one start ended.
  private enum Outcome {
    case finished(TimeSeriesClusteringResult)
    case emptyCluster(Int, iteration: Int)
  }

  /// tslearn's `_fit_one_init` from `start` (channel-major centres).
  private func iterate(_ space: ShapeSpace, from start: [[Double]]) throws -> Outcome {
    var centres = start
    var assignment = space.assign(to: centres)
    if let empty = firstEmpty(assignment.labels) { return .emptyCluster(empty, iteration: 0) }
    var previousInertia = Double.infinity
    var (iterations, converged) = (0, false)
    while iterations < maxIterations {
      iterations += 1
      let previous = centres
      centres = try centres.indices.map { cluster in
        zNormalised(
          try space.extractShape(
            reference: centres[cluster],
            members: assignment.labels.indices.filter { assignment.labels[$0] == cluster }),
          length: space.length)
      }
      assignment = space.assign(to: centres)
      if let empty = firstEmpty(assignment.labels) {
        return .emptyCluster(empty, iteration: iterations)
      }
      if abs(previousInertia - assignment.inertia) < tolerance
        || previousInertia - assignment.inertia < 0
      {
        centres = previous
        assignment = space.assign(to: centres)
        converged = true
        break
      }
      previousInertia = assignment.inertia
    }
    return .finished(
      TimeSeriesClusteringResult(
        labels: assignment.labels, centres: try centres.map(buffer), inertia: assignment.inertia,
        iterations: iterations, converged: converged, attempts: 1))
  }

  /// The first cluster no series is assigned to.
  private func firstEmpty(_ labels: [Int]) -> Int? {
    var sizes = [Int](repeating: 0, count: clusterCount)
    for label in labels { sizes[label] += 1 }
    return sizes.firstIndex(of: 0)
  }

  /// The compared channels of each series, channel after channel in one array.
  private func values(of series: [SampleBuffer], length: Int, operation: String) throws
    -> [[Double]]
  {
    try series.enumerated().map { index, buffer in
      guard !buffer.isEmpty, buffer.count == length else {
        throw ClusteringError.dimensionMismatch(
          operation: operation,
          detail: "series \(index) has \(buffer.count) samples, and k-Shape needs \(length) in "
            + "every series (and at least one)")
      }
      do {
        try buffer.checkFinite(channels)
      } catch {
        throw ClusteringError.invalidValue(
          operation: operation, index: index, detail: "is a series with \(error)")
      }
      return channels.flatMap { buffer[$0] ?? [] }
    }
  }

  /// A channel-major series as a buffer of the compared channels (`x`, `y` zeros otherwise).
  private func buffer(_ values: [Double]) throws -> SampleBuffer {
    let length = values.count / channels.count
    let zeros = [Double](repeating: 0, count: length)
    var result = SampleBuffer(xs: zeros, ys: zeros)
    for (c, channel) in channels.enumerated() {
      try result.setChannel(channel, to: Array(values[c * length..<(c + 1) * length]))
    }
    return result
  }

  /// `k` distinct indices below `n`, by a partial Fisher–Yates shuffle.
  private func distinctIndices(_ k: Int, of n: Int, using random: inout SplitMix64) -> [Int] {
    var indices = Array(0..<n)
    for i in 0..<k {
      let offset = Int(
        truncatingIfNeeded: random.next().multipliedFullWidth(by: UInt64(n - i)).high)
      indices.swapAt(i, i + offset)
    }
    return Array(indices.prefix(k))
  }
}

/// Each channel of a channel-major series z-normalised (tslearn's
/// `TimeSeriesScalerMeanVariance`): the mean subtracted, divided by the population standard
/// deviation, or by 1 when that is 0.
func zNormalised(_ values: [Double], length: Int) -> [Double] {
  var result = values
  for start in stride(from: 0, to: values.count, by: length) {
    let channel = values[start..<start + length]
    let mean = channel.reduce(0, +) / Double(length)
    let variance = channel.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(length)
    let deviation = variance == 0 ? 1 : variance.squareRoot()
    for t in channel.indices { result[t] = (values[t] - mean) / deviation }
  }
  return result
}
