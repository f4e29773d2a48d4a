/// The scores of one user's tests in one trial (higher is more genuine).
struct SignatureTrialScores: Sendable {
  /// The genuine test signatures' scores.
  var genuine: [Double]
  /// The skilled forgeries' scores.
  var skilled: [Double]
  /// The random forgeries' scores.
  var random: [Double]

  /// The forgeries of one kind.
  func forgeries(_ kind: SignatureForgeryKind) -> [Double] {
    kind == .skilled ? skilled : random
  }
}
