import Foundation
import InkDistances
import InkFeatures
import InkSampling

/// How a questioned signature is compared with a user's references: which local functions and
/// global features stand for each kind of evidence, the warping band, the floor of the
/// references' spread, and the fusion of the distances into a score.
///
/// ```swift
/// let matcher = SignatureMatcher()            // the settings tuned on SVC2004 users 1–10
/// matcher.localFunctions.timing              // ["velocity", "dvelocity"]
/// let samples = try drawings.map { try SignatureSamples(drawing: $0) }
/// let references = samples.map(SignatureMatcher.features(of:))
/// let template = try SignatureEnrollment(matcher: matcher).enroll(references)
/// ```
///
/// The features it compares are ``features(of:)``'s: InkFeatures' with the shared-scale
/// velocity components added.
///
/// The local functions of the questioned signature and of each reference are aligned by
/// multi-dimensional dynamic time warping (Euclidean local cost, the summed cost divided by
/// `n + m`, a Sakoe–Chiba band of ``bandFraction`` of the longer signature) once, over every
/// function of every kind (the joint distance, which scores); each kind's functions are costed
/// along that alignment's warping path (which names the evidence). Each mean distance to the
/// references is set against the references' own mean distance to one another (Kholmatov and
/// Yanikoglu 2005). The global features of each kind are compared by a diagonal Mahalanobis
/// distance to the references' means, each deviation divided by the references' standard
/// deviation floored at ``spreadFloor`` times the feature's population scale (Fierrez-Aguilar
/// et al. 2005 normalise by population statistics likewise). See <doc:SignatureVerification>.
/// JSON: every property by name.
public struct SignatureMatcher: Hashable, Sendable, Codable {
  /// The local functions (names of `LocalFunctions`) aligned for each kind of evidence.
  public var localFunctions: SignatureEvidenceValues<[String]>
  /// The global features (names of `GlobalFeatures`) compared for each kind of evidence.
  public var globalFeatures: SignatureEvidenceValues<[String]>
  /// The Sakoe–Chiba radius as a fraction of the longer signature's sample count (at least one
  /// sample); 1 or more lets every alignment through.
  public var bandFraction: Double
  /// The population scale of each global feature, in the order of `GlobalFeatures.names`: the
  /// standard deviation over the genuine signatures of the users the matcher was tuned on.
  public var globalFeatureScales: [Double]
  /// The least standard deviation of a global feature, as a fraction of its population scale:
  /// five references cannot show all of a user's variation.
  public var spreadFloor: Double
  /// The weights of the distances, their map to a score, and the decision threshold.
  public var fusion: SignatureFusion

  /// A matcher with the given settings; the defaults are those tuned on SVC2004 Task 2 users
  /// 1–10 (see <doc:SignatureVerification>).
  public init(
    localFunctions: SignatureEvidenceValues<[String]> = Self.defaultLocalFunctions,
    globalFeatures: SignatureEvidenceValues<[String]> = Self.defaultGlobalFeatures,
    bandFraction: Double = 0.1,
    globalFeatureScales: [Double] = Self.defaultGlobalFeatureScales,
    spreadFloor: Double = 0.5, fusion: SignatureFusion = SignatureFusion()
  ) {
    self.localFunctions = localFunctions
    self.globalFeatures = globalFeatures
    self.bandFraction = bandFraction
    self.globalFeatureScales = globalFeatureScales
    self.spreadFloor = spreadFloor
    self.fusion = fusion
  }

  /// The local functions of each kind by default: position, its derivative on one scale for
  /// both axes (``sharedScaleFunctions``, which ``features(of:)`` adds to InkFeatures') and the
  /// derivatives of the path-tangent angle and of the log curvature radius for shape, velocity
  /// and its derivative for timing, force and its derivative for pressure. Matchers saved
  /// before issue 11's fifth round name `dx` and `dy` instead, and compare those.
  public static let defaultLocalFunctions = SignatureEvidenceValues<[String]>(
    shape: ["x", "y", "dxShared", "dyShared", "dtheta", "drho"],
    timing: ["velocity", "dvelocity"], pressure: ["pressure", "dpressure"])

  /// The global features of each kind by default (see <doc:SignatureVerification>): the pen
  /// angles are left out, as are the absolute directions, which wrap around.
  public static let defaultGlobalFeatures = SignatureEvidenceValues<[String]>(
    shape: [
      "penUps", "widthOverHeight", "pathLengthOverDiagonal", "centroidX", "centroidY", "firstX",
      "firstY", "lastX", "lastY", "firstToLastDistanceOverDiagonal", "dxSignChanges",
      "dySignChanges",
    ] + (0..<8).map { "direction\($0)" } + (0..<4).map { "turning\($0)" },
    timing: [
      "duration", "penDownDurationRatio", "meanPenUpDuration", "meanSpeed", "sdSpeed",
      "maxSpeed", "sdVx", "maxAbsVx", "sdVy", "maxAbsVy", "meanOverMaxSpeed",
      "pathLengthOverPenDownDuration", "timeOfMaxSpeed", "meanAcceleration", "sdAcceleration",
      "maxAcceleration", "meanJerk", "sdJerk", "maxJerk",
    ],
    pressure: ["meanPressure", "sdPressure", "maxPressure", "timeOfMaxPressure"])

  /// The default population scales: the standard deviation of each global feature over the
  /// genuine signatures S1–S10 of SVC2004 Task 2 users 1–10 (tablet units, seconds, radians),
  /// in the order of `GlobalFeatures.names`.
  public static let defaultGlobalFeatureScales: [Double] = [
    0.741736, 2.59845, 0.122315, 60.0398, 0.0356294, 5875.32, 1043.77, 826.253, 0.63375, 0.836285,
    0.0494588, 0.1048, 0.0686271, 0.164635, 0.128648, 0.183627, 1.51474, 1.84453, 0.28948,
    0.103262, 2886.14, 1963.43, 7833.06, 1962.14, 2622.09, 10043.8, 1957.21, 2570.94, 8499.38,
    0.0753073, 3646.59, 0.366632, 87927.3, 53230.8, 203465.0, 0.328185, 3.64228e+06, 2.25669e+06,
    1.00388e+07, 5.85495, 4.5845, 0.0878722, 0.0214738, 0.0986208, 0.190316, 0.211931, 0.0736799,
    0.0726021, 0.0345115, 0.0929242, 0.0432688, 0.0521935, 0.0553295, 0.0201046, 0.0190073,
    0.0446171, 0.0617788, 0.0384354, 0.023028, 0.0167065, 0.0115621,
  ]

  /// Every local function the matcher compares, each once, in kind order: the channels of the
  /// joint alignment.
  var comparedFunctions: [String] {
    var seen = Set<String>()
    return SignatureEvidence.allCases.flatMap { localFunctions[$0] }.filter {
      seen.insert($0).inserted
    }
  }

  /// The positions in `GlobalFeatures.names` of each kind's global features.
  func globalFeatureIndices() throws(SignatureMatchingError) -> SignatureEvidenceValues<[Int]> {
    try SignatureEvidenceValues { evidence throws(SignatureMatchingError) in
      var indices: [Int] = []
      for name in globalFeatures[evidence] {
        guard let index = GlobalFeatures.names.firstIndex(of: name) else {
          throw .unknownGlobalFeature(name: name)
        }
        indices.append(index)
      }
      return indices
    }
  }

  /// The length-normalised DTW distances of two prepared signatures: joint, and kind by kind
  /// along the joint alignment's warping path (0 for a kind without local functions).
  func localDistances(_ a: PreparedSignature, _ b: PreparedSignature) -> SignatureLocalDistances {
    guard !comparedFunctions.isEmpty else { return .zero }
    let length = Double(a.count + b.count)
    do {
      let alignment = try dynamicTimeWarping(over: comparedFunctions, a, b).alignment(
        a.series, b.series)
      let kinds = try SignatureEvidenceValues { evidence throws(DTWError) in
        let functions = localFunctions[evidence]
        guard !functions.isEmpty else { return 0.0 }
        return try dynamicTimeWarping(over: functions, a, b).cost(
          a.series, b.series, along: alignment.path) / length
      }
      return SignatureLocalDistances(joint: alignment.distance / length, kinds: kinds)
    } catch {
      preconditionFailure("prepared signatures are finite and not empty: \(error)")
    }
  }

  /// The length-normalised DTW distance of two prepared signatures over every compared
  /// function in one alignment (0 for none).
  func jointDistance(_ a: PreparedSignature, _ b: PreparedSignature) -> Double {
    guard !comparedFunctions.isEmpty else { return 0 }
    do {
      return try dynamicTimeWarping(over: comparedFunctions, a, b).distance(a.series, b.series)
        / Double(a.count + b.count)
    } catch {
      preconditionFailure("prepared signatures are finite and not empty: \(error)")
    }
  }

  /// The multi-dimensional DTW of two prepared signatures over `functions`: Euclidean local
  /// cost within the Sakoe–Chiba band of ``bandFraction`` of the longer one.
  func dynamicTimeWarping(
    over functions: [String], _ a: PreparedSignature, _ b: PreparedSignature
  ) -> DynamicTimeWarping {
    // Under 1, the radius is under the longer count (a fraction that is no number lets every
    // alignment through; ``problem`` refuses it where settings enter).
    let constraint = DTWGlobalConstraint.band(
      fraction: bandFraction, count: a.count, otherCount: b.count)
    return DynamicTimeWarping(
      channels: functions.map(SampleChannel.init), localCost: .euclidean, constraint: constraint)
  }

  /// The distances of a questioned signature whose local distances to the references are
  /// `toReferences` and whose global features are `global`.
  /// `meanTemplate` is its joint distance to the references' mean template, when there is one,
  /// and the template's anchors.
  func distances(
    toReferences: [SignatureLocalDistances], global: [Double],
    statistics: SignatureReferenceStatistics, indices: SignatureEvidenceValues<[Int]>,
    meanTemplate: (distance: Double, genuineAnchor: Double, cohortDistance: Double?)? = nil
  ) -> SignatureDistances {
    let local = SignatureEvidenceValues { evidence in
      guard !localFunctions[evidence].isEmpty else { return 0.0 }
      let spread = SignatureDistanceSpread(of: toReferences.map { $0.kinds[evidence] })
      return spread.mean / max(statistics.localSpread[evidence].mean, Self.leastSpread)
    }
    let globalDistance = SignatureEvidenceValues { evidence in
      let chosen = indices[evidence]
      guard !chosen.isEmpty else { return 0.0 }
      var sum = 0.0
      for f in chosen {
        let deviation = max(
          statistics.globalDeviations[f], spreadFloor * globalFeatureScales[f], Self.leastSpread)
        let z = (global[f] - statistics.globalMeans[f]) / deviation
        sum += z * z
      }
      return (sum / Double(chosen.count)).squareRoot()
    }
    return SignatureDistances(
      joint: SignatureDistanceSpread(of: toReferences.map(\.joint)).mean,
      jointSpread: max(statistics.jointSpread.mean, Self.leastSpread),
      cohort: statistics.cohortDistance.map { max($0, Self.leastSpread) },
      meanTemplate: meanTemplate?.distance, meanTemplateSpread: meanTemplate?.genuineAnchor,
      meanTemplateCohort: meanTemplate?.cohortDistance, local: local, global: globalDistance)
  }

  /// The most samples a signature may have: 2¹⁴ (2¾ minutes at 100 samples a second), so
  /// that the cells of any joint alignment, which the warping path is traced through, stay
  /// within `DynamicTimeWarping.maximumPathCells` (2²⁸) whatever the band.
  public static let maximumSampleCount = 1 << 14

  /// The least spread any distance is divided by, so that identical references do not divide
  /// by zero.
  static let leastSpread = 1e-9
}
