import InkFeatures

/// One user of an evaluation data set: the genuine signatures in their numbered order (SVC2004
/// S1–S20) and the skilled forgeries of them (S21–S40).
public struct SignatureEvaluationUser: Hashable, Sendable {
  /// The user's name (`U1`).
  public var id: String
  /// The genuine signatures, in order: the first ten are the pool references are drawn from,
  /// the rest are tested.
  public var genuine: [SignatureFeatures]
  /// The skilled forgeries.
  public var skilled: [SignatureFeatures]

  /// A user with the given signatures.
  public init(id: String, genuine: [SignatureFeatures], skilled: [SignatureFeatures]) {
    self.id = id
    self.genuine = genuine
    self.skilled = skilled
  }
}
