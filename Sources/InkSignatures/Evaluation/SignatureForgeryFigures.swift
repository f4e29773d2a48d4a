/// An evaluation's figures for one kind of forgery: the equal error rates, the error rates at
/// the thresholds the tuning users chose, and the DET curve of every trial's scores together.
///
/// JSON: `{"perUserEER", "pooledEER", "atTunedThreshold", "curveEER", "det"}`, rates in 0…1.
public struct SignatureForgeryFigures: Hashable, Sendable, Codable {
  /// The mean over users of each user's EER (a threshold per user, set a posteriori), as mean
  /// and deviation over the trials.
  public var perUserEER: MeanAndDeviation
  /// The EER of all users' scores together (one threshold, set a posteriori), as mean and
  /// deviation over the trials.
  public var pooledEER: MeanAndDeviation
  /// The false-accept and false-reject rates of all trials, each user judged at the threshold
  /// its fold set on the tuning users (``SignatureFusion/threshold``); `threshold` is that of
  /// the fold that scored the first user.
  public var atTunedThreshold: ErrorRatePoint
  /// The EER of the DET curve below: every trial's scores together.
  public var curveEER: Double
  /// The DET curve of every trial's scores together, thinned to steps of 0.002.
  public var det: [ErrorRatePoint]

  /// Figures with the given values.
  public init(
    perUserEER: MeanAndDeviation, pooledEER: MeanAndDeviation, atTunedThreshold: ErrorRatePoint,
    curveEER: Double, det: [ErrorRatePoint]
  ) {
    self.perUserEER = perUserEER
    self.pooledEER = pooledEER
    self.atTunedThreshold = atTunedThreshold
    self.curveEER = curveEER
    self.det = det
  }
}
