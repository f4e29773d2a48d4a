/// What ``DTWBoundedDistances/distance(_:_:below:)`` did for one pair: the stage that showed the
/// distance is not below the limit, or the distance itself.
public enum DTWPairOutcome: Hashable, Sendable {
  /// LB_Kim reached the limit; no DTW cell was computed.
  case prunedByKim
  /// LB_Keogh reached the limit; no DTW cell was computed.
  case prunedByKeogh
  /// DTW started and stopped once its cells all exceeded the limit.
  case abandoned
  /// DTW ran to the end: the exact distance (which may still be at or above the limit).
  case computed(Double)

  /// The distance when it is below `limit`, else `+∞` (at least `limit` either way).
  public func distance(below limit: Double) -> Double {
    if case .computed(let distance) = self, distance < limit { return distance }
    return .infinity
  }
}
