import Foundation

/// How a fusion sets a questioned signature's joint DTW distance against the user's references:
/// their own spread, and how far other people's signatures (the cohort) are from them.
///
/// ```swift
/// let distances = SignatureDistances(
///   joint: 0.5, jointSpread: 0.4, cohort: 1.4,
///   local: SignatureEvidenceValues(repeating: 1), global: SignatureEvidenceValues(repeating: 1))
/// let anchored = SignatureDistanceNormalization.cohortAnchored
/// anchored.normalizedJoint(distances, cohort: 1.4)   // (0.5 − 0.4) / (1.4 − 0.4) = 0.1
/// ```
///
/// ``cohortAnchored`` places the distance on a scale anchored at the user's own figures: 0 is as
/// far from the references as they are from one another, 1 as far as the cohort is. Both
/// anchors come from the enrolment, so the scale is the same for every user, which one pooled
/// threshold needs; it is the shifted and scaled score of Z-norm (Auckenthaler, Carey and
/// Lloyd-Thomas, Digital Signal Processing 10, 2000) with the references' spread as the
/// genuine mean and the cohort as the impostors'. ``powers(spreadExponent:cohortExponent:)`` is
/// the ratio used before: templates saved with it read and score as they did.
///
/// JSON: `{"cohortAnchored": {}}` or `{"powers": {"spreadExponent", "cohortExponent"}}`.
public enum SignatureDistanceNormalization: Hashable, Sendable, Codable {
  /// `(joint − jointSpread) / (cohort − jointSpread)`, the denominator at least 10⁻⁹.
  case cohortAnchored
  /// `joint / (jointSpread^spreadExponent · cohort^cohortExponent)`.
  case powers(spreadExponent: Double, cohortExponent: Double)

  /// The joint distance of `distances` normalised, `cohort` standing for the cohort distance
  /// (the template's, or the typical one without).
  public func normalizedJoint(_ distances: SignatureDistances, cohort: Double) -> Double {
    switch self {
    case .cohortAnchored:
      return (distances.joint - distances.jointSpread)
        / max(cohort - distances.jointSpread, SignatureMatcher.leastSpread)
    case .powers(let spreadExponent, let cohortExponent):
      return distances.joint
        / (pow(distances.jointSpread, spreadExponent) * pow(cohort, cohortExponent))
    }
  }
}
