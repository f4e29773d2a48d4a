/// The answer to one verification: a score, the decision, and what weighed most.
///
/// JSON: `{"score", "isAccepted", "threshold", "evidence", "contributions", "distances"}`, and
/// `"replayedReference"` for a replay.
public struct SignatureVerificationResult: Hashable, Sendable, Codable {
  /// How much the signature is like the references, in 0…1 (higher is more alike).
  public var score: Double
  /// Whether the score reaches the threshold.
  public var isAccepted: Bool
  /// The least score accepted.
  public var threshold: Double
  /// The kind of evidence whose weighted distance is the largest share of the fused distance:
  /// for a rejected signature, where it differs most; for an accepted one, where it is least
  /// alike.
  public var evidence: SignatureEvidence
  /// Each kind's normalised DTW distance plus its weighted global-feature distance,
  /// `local[k] + w·global[k]` (``SignatureFusion/contributions(_:)``); not shares of the fused
  /// distance.
  public var contributions: SignatureEvidenceValues<Double>
  /// The normalised distances the contributions weigh.
  public var distances: SignatureDistances
  /// The reference (0-based) of which the questioned signature is an exact copy, a replay
  /// (``SignatureMatcher/isExactCopy(_:of:)``), judged a forgery with the score 0 whatever the
  /// distances; `nil` for a signature that copies none (absent from the JSON).
  public var replayedReference: Int? = nil

  /// A verification with the given figures.
  public init(
    score: Double, isAccepted: Bool, threshold: Double, evidence: SignatureEvidence,
    contributions: SignatureEvidenceValues<Double>, distances: SignatureDistances
  ) {
    self.score = score
    self.isAccepted = isAccepted
    self.threshold = threshold
    self.evidence = evidence
    self.contributions = contributions
    self.distances = distances
  }
}
