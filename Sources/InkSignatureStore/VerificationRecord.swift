import Foundation

/// One line of the store's append-only log of verifications: who was verified, when, the
/// score, the decision, the threshold it was taken at and the evidence that weighed most. The
/// log holds no signature.
public struct VerificationRecord: Hashable, Sendable {
  /// The user verified.
  public var user: String
  /// When.
  public var date: Date
  /// The score in 0…1.
  public var score: Double
  /// The decision (`genuine`, `forgery` …).
  public var decision: String
  /// The threshold the decision was taken at.
  public var threshold: Double
  /// The evidence that weighed most (`shape`, `timing`, `pressure`).
  public var evidence: String

  /// A record.
  public init(
    user: String, date: Date, score: Double, decision: String, threshold: Double,
    evidence: String
  ) {
    self.user = user
    self.date = date
    self.score = score
    self.decision = decision
    self.threshold = threshold
    self.evidence = evidence
  }
}
