/// One operating point of a verifier: a threshold and the error rates it gives.
///
/// JSON: `{"threshold", "falseAcceptRate", "falseRejectRate"}`.
public struct ErrorRatePoint: Hashable, Sendable, Codable {
  /// The least score accepted (the largest finite number for the point that accepts nothing,
  /// scikit-learn's `inf`).
  public var threshold: Double
  /// The fraction of forgeries accepted.
  public var falseAcceptRate: Double
  /// The fraction of genuine signatures rejected.
  public var falseRejectRate: Double

  /// A point with the given figures.
  public init(threshold: Double, falseAcceptRate: Double, falseRejectRate: Double) {
    self.threshold = threshold
    self.falseAcceptRate = falseAcceptRate
    self.falseRejectRate = falseRejectRate
  }
}
