import InkSampling

/// Dynamic time warping (DTW): the cost of the cheapest monotone alignment of two sampled
/// series, with the options found in the established peers.
///
/// DTW (Sakoe & Chiba 1978) matches every sample of one series with one or more samples of the
/// other, keeping both in order, and sums the local costs of the matched pairs. The default
/// distance is the one dtaidistance and tslearn report: the square root of the summed squared
/// Euclidean local costs along the best path (``DTWLocalCost/squaredEuclidean``).
///
/// ```swift
/// let a = SampleBuffer(xs: [0, 1, 2, 3], ys: [0, 0, 1, 1])
/// let b = SampleBuffer(xs: [0, 0, 1, 2, 3], ys: [0, 0, 0, 1, 1])
/// let dtw = DynamicTimeWarping()                        // channels x and y, no band
/// let d = try dtw.distance(a, b)                        // 0
/// let banded = DynamicTimeWarping(constraint: .sakoeChiba(radius: 1))
/// let path = try banded.alignment(a, b).path            // the matched index pairs
/// ```
///
/// - Multivariate: any subset of a `SampleBuffer`'s channels (``channels``), each with a weight
///   (``channelWeights``): the local cost is `Σ w_c (a_c − b_c)²`. A univariate series is a
///   buffer made with `SampleBuffer(values:)` and `channels: [.x]`.
/// - Global constraints: ``DTWGlobalConstraint`` (Sakoe–Chiba band, Itakura parallelogram).
/// - Open-begin and open-end matching (``openBegin``, ``openEnd``): the first series is matched
///   to the best stretch of the second; both together are subsequence DTW as tslearn's
///   `dtw_subsequence_path` computes it.
/// - Derivative DTW (``usesDerivative``): Keogh & Pazzani 2001, see
///   InkSampling's `SampleBuffer.derivativeEstimate(of:)`.
/// - Early abandoning: ``distance(_:_:abandoningAbove:)``.
/// - Lower bounds: ``lowerBoundKim(_:_:)`` and ``lowerBoundKeogh(_:_:radius:)``.
/// - Many pairs: ``distanceMatrix(_:abandoningAbove:)``,
///   ``distanceMatrix(rows:columns:abandoningAbove:)`` and tiles of an
///   upper triangle (``PairwiseTiling``).
///
/// Series with NaN or infinite samples in a selected channel are rejected with
/// ``DTWError/invalidSeries(series:_:)``, empty series with ``DTWError/emptySeries(series:)``.
///
/// Complexity: O(n·m) time for the distance (the window's cell count under a constraint), and
/// O(n + m) memory; the alignment keeps the window's cells, O(n·m) without a constraint.
public struct DynamicTimeWarping: Hashable, Sendable {
  /// The channels compared, in order.
  public var channels: [SampleChannel]
  /// One non-negative weight a channel, or `nil` for weight 1 everywhere.
  public var channelWeights: [Double]?
  /// The local cost of a matched pair.
  public var localCost: DTWLocalCost
  /// The cells a warping path may visit.
  public var constraint: DTWGlobalConstraint
  /// Whether the first series may be matched starting anywhere in the second (`D(−1, j) = 0`).
  public var openBegin: Bool
  /// Whether the first series may be matched ending anywhere in the second (the distance is the
  /// minimum over the last row).
  public var openEnd: Bool
  /// Whether to compare Keogh–Pazzani derivative estimates instead of the values.
  public var usesDerivative: Bool

  /// A configuration of dynamic time warping; the defaults are the plain DTW of dtaidistance
  /// and tslearn on the `x` and `y` channels.
  public init(
    channels: [SampleChannel] = [.x, .y], channelWeights: [Double]? = nil,
    localCost: DTWLocalCost = .squaredEuclidean, constraint: DTWGlobalConstraint = .none,
    openBegin: Bool = false, openEnd: Bool = false, usesDerivative: Bool = false
  ) {
    self.channels = channels
    self.channelWeights = channelWeights
    self.localCost = localCost
    self.constraint = constraint
    self.openBegin = openBegin
    self.openEnd = openEnd
    self.usesDerivative = usesDerivative
  }

  /// The DTW distance between two series.
  ///
  /// With a threshold, the computation stops as soon as the distance is known to exceed it (the
  /// accumulated costs of a row, or of two consecutive anti-diagonals, all exceed it) and
  /// returns `+∞`; a distance at or below the threshold is returned exactly. This is
  /// dtaidistance's `max_dist`.
  ///
  /// - Throws: ``DTWError`` for empty or non-finite series, bad weights or constraints.
  public func distance(
    _ first: SampleBuffer, _ second: SampleBuffer, abandoningAbove threshold: Double? = nil
  ) throws(DTWError) -> Double {
    let limit = try accumulatedLimit(threshold)
    let a = try prepare(first, index: 0)
    let b = try prepare(second, index: 1)
    if openBegin || openEnd {
      let window = try self.window(rows: a.count, columns: b.count)
      let outcome = DTWFullMatrixKernel.run(
        a, b, window: window, cost: localCost, openBegin: openBegin, openEnd: openEnd,
        limit: limit, tracesPath: false)
      return reportedDistance(outcome?.accumulatedCost ?? .infinity, limit: limit)
    }
    return try preparedDistance(a, b.reversed(), limit: limit)
  }

  /// The DTW distance and the best warping path between two series.
  ///
  /// The path is traced as tslearn's `dtw_path` and `dtw_subsequence_path` trace it (on ties the
  /// diagonal step is preferred, then the step in the first series). The admissible cells are
  /// kept in memory, at most ``maximumPathCells`` of them.
  ///
  /// - Throws: ``DTWError`` for empty or non-finite series, bad weights or constraints, and
  ///   ``DTWError/pathTooLarge(cells:limit:)`` for windows of more than ``maximumPathCells``.
  public func alignment(_ first: SampleBuffer, _ second: SampleBuffer) throws(DTWError)
    -> DTWAlignment
  {
    let a = try prepare(first, index: 0)
    let b = try prepare(second, index: 1)
    return preparedAlignment(a, b, window: try pathWindow(rows: a.count, columns: b.count))
  }

  /// The most cells an alignment keeps in memory to trace its path (2²⁸ cells, 2 GiB);
  /// ``alignment(_:_:)`` and DBA refuse larger windows with ``DTWError/pathTooLarge(cells:limit:)``.
  public static let maximumPathCells = 1 << 28

  /// The window of an alignment, refused when its cells would not fit the path limit.
  func pathWindow(rows: Int, columns: Int) throws(DTWError) -> DTWWindow {
    let window = try window(rows: rows, columns: columns)
    guard window.cellCount <= Self.maximumPathCells else {
      throw .pathTooLarge(cells: window.cellCount, limit: Self.maximumPathCells)
    }
    return window
  }

  /// The alignment of two prepared series within a window.
  func preparedAlignment(_ a: DTWPreparedSeries, _ b: DTWPreparedSeries, window: DTWWindow)
    -> DTWAlignment
  {
    guard
      let outcome = DTWFullMatrixKernel.run(
        a, b, window: window, cost: localCost, openBegin: openBegin, openEnd: openEnd,
        limit: .infinity, tracesPath: true), let path = outcome.path
    else { preconditionFailure("an unlimited run always finishes") }
    return DTWAlignment(
      distance: reportedDistance(outcome.accumulatedCost, limit: .infinity), path: path,
      matchedRange: path.secondIndices[0]...outcome.endColumn)
  }

  /// The distance of two prepared global-alignment series (the second one reversed).
  func preparedDistance(
    _ a: DTWPreparedSeries, _ reversedB: DTWPreparedSeries, limit: Double
  ) throws(DTWError) -> Double {
    let window = try self.window(rows: a.count, columns: reversedB.count)
    let accumulated = DTWAntiDiagonalKernel.run(
      a, reversedB, window: window, takesRoot: localCost == .euclidean, limit: limit)
    return reportedDistance(accumulated, limit: limit)
  }

  /// The window of the configured constraint, refusing constraints with open ends.
  func window(rows: Int, columns: Int) throws(DTWError) -> DTWWindow {
    if (openBegin || openEnd) && constraint != .none { throw .constraintWithOpenEnds }
    return try DTWWindow(constraint, rows: rows, columns: columns)
  }

  /// The reported distance of an accumulated cost: its square root for squared local costs;
  /// infinity above the limit.
  func reportedDistance(_ accumulated: Double, limit: Double) -> Double {
    guard accumulated <= limit else { return .infinity }
    return localCost == .squaredEuclidean ? accumulated.squareRoot() : accumulated
  }

  /// The abandoning threshold in accumulated-cost units (squared for squared local costs).
  func accumulatedLimit(_ threshold: Double?) throws(DTWError) -> Double {
    guard let threshold else { return .infinity }
    guard threshold >= 0 else { throw .invalidThreshold(threshold) }
    return localCost == .squaredEuclidean ? threshold * threshold : threshold
  }

  /// The selected channels of a series, validated, differentiated if asked, and scaled by the
  /// square roots of the weights.
  func prepare(_ series: SampleBuffer, index: Int) throws(DTWError) -> DTWPreparedSeries {
    guard !channels.isEmpty else { throw .noChannels }
    guard !series.isEmpty else { throw .emptySeries(series: index) }
    let weights = channelWeights ?? [Double](repeating: 1, count: channels.count)
    guard weights.count == channels.count else {
      throw .invalidWeights("\(weights.count) weights for \(channels.count) channels")
    }
    if let bad = weights.firstIndex(where: { !($0.isFinite && $0 >= 0) }) {
      throw .invalidWeights("weight \(bad) is \(weights[bad])")
    }
    do {
      try series.checkFinite(channels)
    } catch {
      throw .invalidSeries(series: index, error)
    }
    var selected = [[Double]]()
    for (channel, weight) in zip(channels, weights) {
      var samples = series[channel] ?? []
      if usesDerivative { samples = SampleBuffer.derivativeEstimate(samples) }
      let scale = weight.squareRoot()
      if scale != 1 { samples = samples.map { $0 * scale } }
      selected.append(samples)
    }
    return DTWPreparedSeries(channels: selected)
  }
}
