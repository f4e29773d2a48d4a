/// One fold of an evaluation's cross-validation: the users it tuned on, the users it reported
/// on, the matcher it tuned, and the figures of the reported users.
///
/// JSON: `{"tuningUsers", "testUsers", "matcher", "skilled", "random"}`.
public struct SignatureEvaluationFold: Hashable, Sendable, Codable {
  /// The users whose signatures chose the weights, the logistic map and the threshold.
  public var tuningUsers: [String]
  /// The held-out users the figures are of.
  public var testUsers: [String]
  /// The matcher tuned (population scales of the global features and the fusion).
  public var matcher: SignatureMatcher
  /// The held-out users' figures for skilled forgeries.
  public var skilled: SignatureForgeryFigures
  /// The held-out users' figures for random forgeries.
  public var random: SignatureForgeryFigures
}
