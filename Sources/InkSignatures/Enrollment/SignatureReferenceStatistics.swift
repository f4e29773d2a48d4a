/// What a user's references say about the user's own variability: the spread of their
/// dynamic-time-warping distances to one another, kind by kind, and the mean and standard
/// deviation of each global feature.
///
/// A questioned signature's distances are divided by these figures, so that a user who signs
/// alike every time is held to a closer match than one who varies (Kholmatov and Yanikoglu
/// 2005; see <doc:SignatureVerification>), and against how far other people's signatures are
/// from the references (the cohort). JSON: `{"jointSpread", "localSpread",
/// "referenceMeanDistances", "globalMeans", "globalDeviations", "cohortDistance"}` (the last
/// absent without a cohort).
public struct SignatureReferenceStatistics: Hashable, Sendable, Codable {
  /// The mean over references of each reference's smallest, largest and mean joint distance
  /// (every compared function in one alignment) to the other references.
  public var jointSpread: SignatureDistanceSpread
  /// Per kind, the mean over references of each reference's smallest, largest and mean
  /// distance to the other references.
  public var localSpread: SignatureEvidenceValues<SignatureDistanceSpread>
  /// Per reference, its mean distance to the other references, kind by kind.
  public var referenceMeanDistances: [SignatureEvidenceValues<Double>]
  /// The mean of each global feature over the references, in the order of
  /// `GlobalFeatures.names`.
  public var globalMeans: [Double]
  /// The standard deviation (divisor n − 1; 0 for one reference) of each global feature over
  /// the references; the matcher floors it (``SignatureMatcher/spreadFloor``).
  public var globalDeviations: [Double]
  /// The mean joint distance from the references to a cohort of other people's genuine
  /// signatures (every cohort signature against every reference), or `nil` when the user was
  /// enrolled without a cohort; the fusion places the joint distance between the references'
  /// spread and it (``SignatureDistanceNormalization/cohortAnchored``).
  public var cohortDistance: Double?

  /// Statistics with the given figures.
  public init(
    jointSpread: SignatureDistanceSpread,
    localSpread: SignatureEvidenceValues<SignatureDistanceSpread>,
    referenceMeanDistances: [SignatureEvidenceValues<Double>], globalMeans: [Double],
    globalDeviations: [Double], cohortDistance: Double? = nil
  ) {
    self.jointSpread = jointSpread
    self.localSpread = localSpread
    self.referenceMeanDistances = referenceMeanDistances
    self.globalMeans = globalMeans
    self.globalDeviations = globalDeviations
    self.cohortDistance = cohortDistance
  }

  /// The statistics of `count` references whose distance from reference `i` to reference `j`
  /// is `distance(i, j)` (asked for `i ≠ j` only), whose global features are `globals`, and
  /// whose mean joint distance to a cohort is `cohortDistance`.
  init(
    count: Int, globals: [[Double]], cohortDistance: Double?,
    distance: (Int, Int) -> SignatureLocalDistances
  ) {
    self.cohortDistance = cohortDistance
    var jointSpreads: [SignatureDistanceSpread] = []
    var spreads: [SignatureEvidenceValues<SignatureDistanceSpread>] = []
    var means: [SignatureEvidenceValues<Double>] = []
    for i in 0..<count {
      let row = (0..<count).filter { $0 != i }.map { distance(i, $0) }
      jointSpreads.append(SignatureDistanceSpread(of: row.map(\.joint)))
      let spread = SignatureEvidenceValues { evidence in
        SignatureDistanceSpread(of: row.map { $0.kinds[evidence] })
      }
      spreads.append(spread)
      means.append(spread.map(\.mean))
    }
    jointSpread = SignatureDistanceSpread(averaging: jointSpreads)
    localSpread = SignatureEvidenceValues { evidence in
      SignatureDistanceSpread(averaging: spreads.map { $0[evidence] })
    }
    referenceMeanDistances = means
    let featureCount = globals.first?.count ?? 0
    let n = Double(max(count, 1))
    globalMeans = (0..<featureCount).map { f in globals.reduce(0) { $0 + $1[f] } / n }
    globalDeviations = (0..<featureCount).map { [globalMeans] f in
      guard count > 1 else { return 0 }
      let squares = globals.reduce(0) { $0 + ($1[f] - globalMeans[f]) * ($1[f] - globalMeans[f]) }
      return (squares / Double(count - 1)).squareRoot()
    }
  }
}
