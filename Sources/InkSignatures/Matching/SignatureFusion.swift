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
/// The fused distance is `joint / (jointSpread^spreadExponent · cohort^cohortExponent) +
/// Σ localWeights[k] · local[k] + Σ globalWeights[k] · global[k]` over the kinds `k`: the joint
/// DTW distance set against the references' own spread, raised to a power below 1 because
/// dividing by the full spread over-corrects (a user whose references agree closely is not held
/// to a proportionally closer match by the test signatures of a later session), and against
/// how far other people's signatures are from the references (a cohort normalisation, as the
/// Z-norm of speaker and signature verification: a user whose signature is intricate is far
/// from everything, their own later signatures included), plus the kinds' normalised distances.
/// A template enrolled without a cohort takes ``typicalCohortDistance``. The
/// score falls as the fused distance grows; the logistic map is fitted to genuine signatures
/// and skilled forgeries of tuning users (each class weighing half), so it reads roughly as the
/// probability of a genuine signature when both are equally likely. Every weight, the exponent,
/// the map and the threshold are chosen on tuning users (see <doc:SignatureVerification>).
/// JSON: every property by name; a fusion saved before the cohort existed reads with
/// `cohortExponent` 0, so it scores as it did.
public struct SignatureFusion: Hashable, Sendable, Codable {
  /// The power of the references' joint spread the joint distance is divided by (0: not at
  /// all, 1: the plain ratio).
  public var spreadExponent: Double
  /// The power of the references' cohort distance the joint distance is divided by (0: not at
  /// all).
  public var cohortExponent: Double
  /// The cohort distance of a template enrolled without a cohort: the median over the tuning
  /// users' enrolments.
  public var typicalCohortDistance: Double
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
    spreadExponent: Double = 0.4, cohortExponent: Double = 0.6,
    typicalCohortDistance: Double = 1.40783,
    localWeights: SignatureEvidenceValues<Double> = SignatureEvidenceValues(repeating: 0),
    globalWeights: SignatureEvidenceValues<Double> = SignatureEvidenceValues(repeating: 1 / 64),
    slope: Double = 27.6926, center: Double = 0.805757, threshold: Double = 0.534412
  ) {
    self.spreadExponent = spreadExponent
    self.cohortExponent = cohortExponent
    self.typicalCohortDistance = typicalCohortDistance
    self.localWeights = localWeights
    self.globalWeights = globalWeights
    self.slope = slope
    self.center = center
    self.threshold = threshold
  }

  private enum CodingKeys: String, CodingKey {
    case spreadExponent, cohortExponent, typicalCohortDistance, localWeights, globalWeights
    case slope, center, threshold
  }

  /// Reads a fusion from JSON; `cohortExponent` and `typicalCohortDistance` may be absent (0
  /// and 1), as in fusions saved before the cohort.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    spreadExponent = try container.decode(Double.self, forKey: .spreadExponent)
    cohortExponent = try container.decodeIfPresent(Double.self, forKey: .cohortExponent) ?? 0
    typicalCohortDistance =
      try container.decodeIfPresent(Double.self, forKey: .typicalCohortDistance) ?? 1
    localWeights = try container.decode(
      SignatureEvidenceValues<Double>.self, forKey: .localWeights)
    globalWeights = try container.decode(
      SignatureEvidenceValues<Double>.self, forKey: .globalWeights)
    slope = try container.decode(Double.self, forKey: .slope)
    center = try container.decode(Double.self, forKey: .center)
    threshold = try container.decode(Double.self, forKey: .threshold)
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
    let cohort = distances.cohort ?? typicalCohortDistance
    var fused =
      distances.joint / (pow(distances.jointSpread, spreadExponent) * pow(cohort, cohortExponent))
    for evidence in SignatureEvidence.allCases {
      fused += localWeights[evidence] * distances.local[evidence]
      fused += globalWeights[evidence] * distances.global[evidence]
    }
    return fused
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
