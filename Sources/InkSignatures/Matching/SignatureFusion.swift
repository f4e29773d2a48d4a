import Foundation

/// The fusion of a questioned signature's distances into one score: a weighted sum of the
/// normalised distances, mapped by a logistic function into 0…1, and the threshold that
/// decides.
///
/// ```swift
/// let fusion = SignatureFusion()
/// let fused = fusion.fusedDistance(distances)
/// let score = fusion.score(fusedDistance: fused)   // 1 / (1 + exp(slope · (fused − center)))
/// score >= fusion.threshold                        // accepted
/// ```
///
/// The fused distance is `(1 − s) · normalization(joint) + s · template + Σ localWeights[k] ·
/// local[k] + Σ globalWeights[k] · global[k]` over the kinds `k`: the joint DTW distance placed
/// between the references' own spread (0) and how far other people's signatures are from the
/// references (1; ``SignatureDistanceNormalization/cohortAnchored``), averaged with the share
/// `s` (``meanTemplateShare``, ½) of the distance to the references' mean template placed
/// likewise between its own anchors (``SignatureMeanTemplate``; a template without one keeps the
/// joint term alone), plus the kinds' normalised distances.
/// Both anchors are the user's own, so a user who signs alike every time is held to a closer
/// match than one who varies, and a user whose signature is intricate (far from everything,
/// their own later signatures included) to a looser one, on one scale for all users. A
/// template enrolled without a cohort takes ``typicalCohortDistance``. The score falls as the
/// fused distance grows; the logistic map is fitted to genuine signatures and skilled
/// forgeries of tuning users (each class weighing half), so it reads roughly as the
/// probability of a genuine signature when both are equally likely. The weights, the map and
/// the threshold are chosen on tuning users (see <doc:SignatureVerification>).
///
/// JSON: every property by name. A fusion saved before `normalization` existed reads with
/// ``SignatureDistanceNormalization/powers(spreadExponent:cohortExponent:)`` of its
/// `spreadExponent` and `cohortExponent` (0 when absent, as before the cohort), and one saved
/// before the mean template with a ``meanTemplateShare`` of 0, so it scores as it did.
public struct SignatureFusion: Hashable, Sendable, Codable {
  /// How the joint distance is set against the references' spread and the cohort.
  public var normalization: SignatureDistanceNormalization
  /// The cohort distance of a template enrolled without a cohort: the median over the tuning
  /// users' enrolments.
  public var typicalCohortDistance: Double
  /// The share of the mean template's anchored distance in the joint term (0 to 1; 0 leaves the
  /// joint distance to the references alone, and enrolment makes no mean template).
  public var meanTemplateShare: Double
  /// The mean template's cohort distance (its nearest cohort signature's) of a template enrolled
  /// without a cohort: the median over the tuning users' enrolments.
  public var typicalMeanTemplateCohortDistance: Double
  /// The weight of each kind's normalised DTW distance.
  public var localWeights: SignatureEvidenceValues<Double>
  /// The weight of each kind's global-feature distance.
  public var globalWeights: SignatureEvidenceValues<Double>
  /// The logistic map's slope, per unit of fused distance (positive).
  public var slope: Double
  /// The fused distance that scores 0.5.
  public var center: Double
  /// The least score accepted as genuine.
  public var threshold: Double

  /// A fusion with the given weights and map; the defaults are those tuned on SVC2004 Task 2
  /// users 1–10 (see <doc:SignatureVerification>).
  public init(
    normalization: SignatureDistanceNormalization = .cohortAnchored,
    typicalCohortDistance: Double = 1.67189, meanTemplateShare: Double = 0.5,
    typicalMeanTemplateCohortDistance: Double = 1.37854,
    localWeights: SignatureEvidenceValues<Double> = SignatureEvidenceValues(repeating: 0),
    globalWeights: SignatureEvidenceValues<Double> = SignatureEvidenceValues(
      repeating: pow(2, -5.5)),
    slope: Double = 24.1455, center: Double = 0.334351, threshold: Double = 0.514107
  ) {
    self.normalization = normalization
    self.typicalCohortDistance = typicalCohortDistance
    self.meanTemplateShare = meanTemplateShare
    self.typicalMeanTemplateCohortDistance = typicalMeanTemplateCohortDistance
    self.localWeights = localWeights
    self.globalWeights = globalWeights
    self.slope = slope
    self.center = center
    self.threshold = threshold
  }

  private enum CodingKeys: String, CodingKey {
    case normalization, typicalCohortDistance, meanTemplateShare
    case typicalMeanTemplateCohortDistance, localWeights, globalWeights, slope, center, threshold
    // Written before `normalization`: the exponents of `.powers`.
    case spreadExponent, cohortExponent
  }

  /// Reads a fusion from JSON; a fusion without `normalization` takes `.powers` of its
  /// `spreadExponent` and `cohortExponent` (0 when absent), `typicalCohortDistance` may be
  /// absent (1), as in fusions saved before the cohort, and `meanTemplateShare` (0) and
  /// `typicalMeanTemplateCohortDistance` (1), as in fusions saved before the mean template.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let normalization = try container.decodeIfPresent(
      SignatureDistanceNormalization.self, forKey: .normalization)
    {
      self.normalization = normalization
    } else {
      normalization = .powers(
        spreadExponent: try container.decode(Double.self, forKey: .spreadExponent),
        cohortExponent: try container.decodeIfPresent(Double.self, forKey: .cohortExponent) ?? 0)
    }
    typicalCohortDistance =
      try container.decodeIfPresent(Double.self, forKey: .typicalCohortDistance) ?? 1
    meanTemplateShare =
      try container.decodeIfPresent(Double.self, forKey: .meanTemplateShare) ?? 0
    typicalMeanTemplateCohortDistance =
      try container.decodeIfPresent(Double.self, forKey: .typicalMeanTemplateCohortDistance) ?? 1
    localWeights = try container.decode(
      SignatureEvidenceValues<Double>.self, forKey: .localWeights)
    globalWeights = try container.decode(
      SignatureEvidenceValues<Double>.self, forKey: .globalWeights)
    slope = try container.decode(Double.self, forKey: .slope)
    center = try container.decode(Double.self, forKey: .center)
    threshold = try container.decode(Double.self, forKey: .threshold)
  }

  /// Writes every property by name.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(normalization, forKey: .normalization)
    try container.encode(typicalCohortDistance, forKey: .typicalCohortDistance)
    try container.encode(meanTemplateShare, forKey: .meanTemplateShare)
    try container.encode(
      typicalMeanTemplateCohortDistance, forKey: .typicalMeanTemplateCohortDistance)
    try container.encode(localWeights, forKey: .localWeights)
    try container.encode(globalWeights, forKey: .globalWeights)
    try container.encode(slope, forKey: .slope)
    try container.encode(center, forKey: .center)
    try container.encode(threshold, forKey: .threshold)
  }

  /// Each kind's share of the evidence: its normalised DTW distance plus its global-feature
  /// distance by that distance's weight.
  public func contributions(_ distances: SignatureDistances) -> SignatureEvidenceValues<Double> {
    SignatureEvidenceValues { evidence in
      distances.local[evidence] + globalWeights[evidence] * distances.global[evidence]
    }
  }

  /// The fused distance (see the type's description).
  public func fusedDistance(_ distances: SignatureDistances) -> Double {
    var fused = normalization.normalizedJoint(
      distances, cohort: distances.cohort ?? typicalCohortDistance)
    if meanTemplateShare > 0, let anchored = anchoredMeanTemplate(distances) {
      fused = (1 - meanTemplateShare) * fused + meanTemplateShare * anchored
    }
    for evidence in SignatureEvidence.allCases {
      fused += localWeights[evidence] * distances.local[evidence]
      fused += globalWeights[evidence] * distances.global[evidence]
    }
    return fused
  }

  /// The distance to the mean template placed between its anchors, `(meanTemplate −
  /// meanTemplateSpread) / (meanTemplateCohort − meanTemplateSpread)` (the denominator at least
  /// 10⁻⁹, the cohort distance ``typicalMeanTemplateCohortDistance`` without one), or `nil`
  /// without a mean template.
  public func anchoredMeanTemplate(_ distances: SignatureDistances) -> Double? {
    guard let distance = distances.meanTemplate, let spread = distances.meanTemplateSpread else {
      return nil
    }
    let cohort = distances.meanTemplateCohort ?? typicalMeanTemplateCohortDistance
    return (distance - spread) / max(cohort - spread, SignatureMatcher.leastSpread)
  }

  /// The score of a fused distance: `1 / (1 + exp(slope · (fused − center)))`.
  public func score(fusedDistance fused: Double) -> Double {
    1 / (1 + exp(slope * (fused - center)))
  }

  /// The verification of a signature with the given distances.
  public func verification(of distances: SignatureDistances) -> SignatureVerificationResult {
    let contributions = contributions(distances)
    let score = score(fusedDistance: fusedDistance(distances))
    let evidence = SignatureEvidence.allCases.max { contributions[$0] < contributions[$1] }!
    return SignatureVerificationResult(
      score: score, isAccepted: score >= threshold, threshold: threshold, evidence: evidence,
      contributions: contributions, distances: distances)
  }
}
