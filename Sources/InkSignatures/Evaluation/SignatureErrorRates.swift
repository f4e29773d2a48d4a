/// The equal error rates of one kind of forgery over the trials of an evaluation: with a
/// threshold per user (each user's EER, averaged over the users) and with one pooled threshold
/// (the EER of all users' scores together), each as mean and deviation over the trials.
///
/// JSON: `{"perUserEER": {"mean", "sd"}, "pooledEER": {"mean", "sd"}}`, rates in 0…1.
public struct SignatureErrorRates: Hashable, Sendable, Codable {
  /// The mean over users of each user's EER, over the trials.
  public var perUserEER: MeanAndDeviation
  /// The EER of the users' scores pooled, over the trials.
  public var pooledEER: MeanAndDeviation

  /// Rates with the given figures.
  public init(perUserEER: MeanAndDeviation, pooledEER: MeanAndDeviation) {
    self.perUserEER = perUserEER
    self.pooledEER = pooledEER
  }

  /// The rates of the given scores, user by user then trial by trial, for one kind of forgery;
  /// also each user's EER in each trial.
  static func of(_ scores: [[SignatureTrialScores]], _ kind: SignatureForgeryKind)
    -> (rates: SignatureErrorRates, byUser: [[Double]])
  {
    let trials = scores.first?.count ?? 0
    let byUser = scores.map { user in
      user.map { ErrorRateCurve(genuine: $0.genuine, forgeries: $0.forgeries(kind)).equalErrorRate }
    }
    let perUser = (0..<trials).map { t in
      byUser.reduce(0) { $0 + $1[t] } / Double(max(byUser.count, 1))
    }
    let pooled = (0..<trials).map { t in
      ErrorRateCurve(
        genuine: scores.flatMap { $0[t].genuine },
        forgeries: scores.flatMap { $0[t].forgeries(kind) }
      ).equalErrorRate
    }
    return (
      SignatureErrorRates(
        perUserEER: MeanAndDeviation(of: perUser), pooledEER: MeanAndDeviation(of: pooled)),
      byUser
    )
  }
}
