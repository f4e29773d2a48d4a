/// How the distances of k-medoids by DTW without the matrix
/// (``KMedoids/fit(series:dtw:initialMedoids:)``) were settled: every pair the search looked
/// at was pruned by LB_Kim, by LB_Keogh, abandoned during DTW, or computed to the end.
public struct KMedoidsPruning: Sendable, Hashable, Codable {
  /// Pairs whose LB_Kim showed the distance was not needed.
  public var prunedByKim: Int
  /// Pairs whose LB_Keogh showed it.
  public var prunedByKeogh: Int
  /// Pairs whose DTW stopped once it exceeded the limit.
  public var abandoned: Int
  /// Pairs whose DTW ran to the end.
  public var computed: Int

  /// Counts from their parts.
  public init(prunedByKim: Int, prunedByKeogh: Int, abandoned: Int, computed: Int) {
    self.prunedByKim = prunedByKim
    self.prunedByKeogh = prunedByKeogh
    self.abandoned = abandoned
    self.computed = computed
  }

  /// The pairs looked at (one pair may be looked at many times, once a candidate and a pass).
  public var pairs: Int { prunedByKim + prunedByKeogh + abandoned + computed }

  /// The share of the pairs looked at that no DTW cell was computed for.
  public var prunedFraction: Double {
    pairs == 0 ? 0 : Double(prunedByKim + prunedByKeogh) / Double(pairs)
  }
}
