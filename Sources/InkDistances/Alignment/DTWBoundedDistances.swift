import InkSampling

/// The DTW distance between any two series of a corpus on demand, each prepared once, with the
/// lower bounds and the early abandoning of ``DynamicTimeWarping/nearestNeighbors(among:k:)``:
/// for searches that need a distance only when it is below a limit (k-medoids by DTW without
/// the matrix, InkClustering's `KMedoids`).
///
/// A pair is first bounded by LB_Kim (``DynamicTimeWarping/lowerBoundKim(_:_:)``), then, for
/// series of equal length under a Sakoe–Chiba band or none, by LB_Keogh
/// (``DynamicTimeWarping/lowerBoundKeogh(_:_:radius:)``, the envelope of each series built
/// once); a bound at or above the limit settles the pair. Otherwise DTW runs, abandoned once it
/// must exceed the limit. A bound is trusted only with a relative margin of 10⁻¹² over the
/// limit, wider than the rounding of its sum, so a distance below the limit is never lost.
///
/// The distance of pair `(i, j)` is computed as ``DynamicTimeWarping/distanceMatrix(_:abandoningAbove:)``
/// computes entry `(min(i, j), max(i, j))`, so it equals the matrix entry.
public struct DTWBoundedDistances: Sendable {
  /// The configuration.
  public let dtw: DynamicTimeWarping
  private let prepared: [DTWPreparedSeries]
  private let reversed: [DTWPreparedSeries]
  /// Each series's LB_Keogh envelope, a bound a channel, or nil when LB_Keogh does not apply.
  private let envelopes: [[(lower: [Double], upper: [Double])]]?
  /// The window of every pair when all series have the same length.
  private let sharedWindow: DTWWindow?

  /// The margin a bound must clear, in accumulated-cost units: `bound × (1 − 10⁻¹²) ≥ limit`.
  private static let boundMargin = 1 - 1e-12

  /// Prepares `series` for ``distance(_:_:below:)``.
  ///
  /// - Throws: ``DTWError/constraintWithOpenEnds`` with open-begin or open-end matching (the
  ///   bounds assume whole paths), and the errors of ``DynamicTimeWarping/distanceMatrix(_:abandoningAbove:)``
  ///   (empty or non-finite series, bad weights, an infeasible Itakura parallelogram).
  public init(_ dtw: DynamicTimeWarping, series: [SampleBuffer]) throws(DTWError) {
    guard !dtw.openBegin && !dtw.openEnd else { throw .constraintWithOpenEnds }
    self.dtw = dtw
    prepared = try dtw.prepareAll(series, firstIndex: 0)
    try DTWPairwiseJob<SummedCostRecurrence>(
      dtw: dtw, rows: prepared, columns: prepared, limit: .infinity
    ).checkWindows()
    reversed = prepared.map { $0.reversed() }
    let lengths = Set(prepared.map(\.count))
    if lengths.count == 1, let n = lengths.first {
      sharedWindow = try dtw.window(rows: n, columns: n)
    } else {
      sharedWindow = nil
    }
    let radius: Int? =
      switch dtw.constraint {
      case .none: lengths.max() ?? 0
      case .sakoeChiba(let radius): radius
      case .itakura: nil
      }
    let series = prepared
    envelopes = radius.map { r in series.map { dtw.envelope($0, radius: r) } }
  }

  /// The number of series.
  public var count: Int { prepared.count }

  /// The number of cells DTW fills for the pair `(i, j)` when it runs to the end.
  public func cellCount(_ i: Int, _ j: Int) -> Int {
    window(prepared[i].count, prepared[j].count)?.cellCount ?? 0
  }

  /// The DTW distance between series `i` and `j`.
  public func distance(_ i: Int, _ j: Int) -> Double {
    dtwDistance(i, j, limit: .infinity)
  }

  /// The distance between series `i` and `j` if it is below `limit`; otherwise the first stage
  /// that showed it is not: LB_Kim, LB_Keogh, or DTW abandoned above `limit`.
  public func distance(_ i: Int, _ j: Int, below limit: Double) -> DTWPairOutcome {
    guard limit < .infinity else { return .computed(distance(i, j)) }
    let (a, b) = (prepared[i], prepared[j])
    // A positive limit whose square underflows: any positive cost reports more than it.
    let squared = limit * limit
    let costLimit =
      dtw.localCost != .squaredEuclidean
      ? limit
      : squared == 0 && limit > 0 ? .leastNonzeroMagnitude : squared
    if dtw.kimCost(a, b) * Self.boundMargin >= costLimit { return .prunedByKim }
    // LB_Keogh both ways round (the band is symmetric), each stopped once it reaches the limit.
    if let envelopes, a.count == b.count,
      keoghReaches(a, envelopes[j], costLimit) || keoghReaches(b, envelopes[i], costLimit)
    {
      return .prunedByKeogh
    }
    let distance = dtwDistance(i, j, limit: dtw.largestAccumulatedCost(reportingAtMost: limit))
    return distance == .infinity ? .abandoned : .computed(distance)
  }

  /// Whether LB_Keogh of `query` against a candidate's envelope reaches `costLimit` with the
  /// margin (``DynamicTimeWarping/keoghCost(_:envelope:stoppingAt:margin:)``, stopped once it
  /// does).
  private func keoghReaches(
    _ query: DTWPreparedSeries, _ envelope: [(lower: [Double], upper: [Double])],
    _ costLimit: Double
  ) -> Bool {
    dtw.keoghCost(query, envelope: envelope, stoppingAt: costLimit, margin: Self.boundMargin)
      * Self.boundMargin >= costLimit
  }

  /// DTW of the pair in the matrix's order (the smaller index first), abandoned above an
  /// accumulated cost.
  private func dtwDistance(_ i: Int, _ j: Int, limit: Double) -> Double {
    let (row, column) = (min(i, j), max(i, j))
    guard row != column else { return 0 }
    let a = prepared[row]
    let b = reversed[column]
    // The windows were checked when the series were prepared, so this cannot fail.
    guard let window = window(a.count, b.count) else { return .nan }
    let accumulated = DTWAntiDiagonalKernel.run(
      a, b, window: window, takesRoot: dtw.localCost == .euclidean, limit: limit)
    return dtw.reportedDistance(accumulated, limit: limit)
  }

  /// The window of an `n × m` pair.
  private func window(_ n: Int, _ m: Int) -> DTWWindow? {
    sharedWindow ?? (try? dtw.window(rows: n, columns: m))
  }
}
