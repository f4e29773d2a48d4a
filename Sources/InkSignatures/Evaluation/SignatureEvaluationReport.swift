/// The result of an evaluation under the SVC2004 protocol: the figures of every user as scored
/// by the fold that held it out, each fold's own figures and tuned matcher, each user's figures,
/// and the score distributions.
///
/// JSON: `{"protocol", "trials", "seed", "referenceCount", "skilled", "random", "folds",
/// "users", "scores"}`, keys sorted by the writer; rates in 0…1.
public struct SignatureEvaluationReport: Hashable, Sendable, Codable {
  /// The protocol's name, `svc2004`.
  public var `protocol`: String
  /// The trials a user.
  public var trials: Int
  /// The seed of the trials' draws.
  public var seed: UInt64
  /// The references enrolled a trial.
  public var referenceCount: Int
  /// The skilled-forgery figures of all users, each scored by the fold that held it out.
  public var skilled: SignatureForgeryFigures
  /// The random-forgery figures of all users, likewise.
  public var random: SignatureForgeryFigures
  /// The folds of the cross-validation.
  public var folds: [SignatureEvaluationFold]
  /// Each user's figures, in input order.
  public var users: [SignatureUserFigures]
  /// The distribution of all held-out scores.
  public var scores: SignatureScoreHistogram
}
