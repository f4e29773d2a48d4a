/// One user's figures in an evaluation.
///
/// JSON: `{"user", "fold", "skilledEER", "randomEER", "meanScore"}`.
public struct SignatureUserFigures: Hashable, Sendable, Codable {
  /// The user.
  public var user: String
  /// The fold (index into ``SignatureEvaluationReport/folds``) whose fusion scored the user,
  /// tuned on the other users.
  public var fold: Int
  /// The user's skilled-forgery EER, over the trials.
  public var skilledEER: MeanAndDeviation
  /// The user's random-forgery EER, over the trials.
  public var randomEER: MeanAndDeviation
  /// The mean score of the user's genuine tests, skilled and random forgeries, over all trials.
  public var meanScore: MeanScores

  /// The mean scores of the three kinds of test.
  public struct MeanScores: Hashable, Sendable, Codable {
    /// Genuine test signatures.
    public var genuine: Double
    /// Skilled forgeries.
    public var skilled: Double
    /// Random forgeries.
    public var random: Double
  }
}
