import InkFeatures

/// Enrols a user from reference signatures: checks that there are enough and that they agree
/// with one another, and computes their statistics.
///
/// ```swift
/// let enrollment = SignatureEnrollment(minimumReferences: 5)
/// do {
///   let template = try enrollment.enroll(references)
/// } catch .inconsistentReference(let index, let evidence, _, _) {
///   // ask for reference `index` again
/// }
/// ```
///
/// Production systems refuse an inconsistent enrolment rather than learn from a bad reference
/// (Wacom's verification SDK asks for about six consistent signatures). The check here: for each
/// kind of evidence, each reference's mean DTW distance to the others, over the median of those
/// means, must not exceed ``consistencyLimit``; a kind's distance is its cost along the joint
/// alignment's warping path. On SVC2004 Task 2 users 1–20, of the 5,040 enrolments of five of
/// S1–S10 with the default functions, shape reached at most 1.74 and pressure 1.55, and timing
/// 1.84 once (1.66 at the 99.9th percentile); the default limit is 1.8.
public struct SignatureEnrollment: Hashable, Sendable {
  /// The matcher whose distances the statistics are of.
  public var matcher: SignatureMatcher
  /// The fewest references accepted (at least 2: a spread needs two).
  public var minimumReferences: Int
  /// The largest ratio of a reference's mean distance to the others over the median of those
  /// means; `nil` accepts any references.
  public var consistencyLimit: Double?

  /// An enrolment with the given matcher and checks.
  public init(
    matcher: SignatureMatcher = SignatureMatcher(), minimumReferences: Int = 5,
    consistencyLimit: Double? = 1.8
  ) {
    self.matcher = matcher
    self.minimumReferences = minimumReferences
    self.consistencyLimit = consistencyLimit
  }

  /// The template of the given references, with the mean joint distance from them to
  /// `cohort` (other people's genuine signatures, such as one reference of each other user of a
  /// store) when it is not empty, and, when the matcher's fusion gives it a share
  /// (``SignatureFusion/meanTemplateShare``), their mean template (``SignatureMeanTemplate``):
  /// the barycentre, each reference's distance to the barycentre of the others, and the nearest
  /// cohort signature's distance to the barycentre.
  ///
  /// - Throws: ``SignatureMatchingError/tooFewReferences(count:minimum:)``,
  ///   ``SignatureMatchingError/inconsistentReference(index:evidence:ratio:limit:)``, and the
  ///   errors of a signature that cannot be compared (empty, missing a function, not finite).
  /// - Complexity: one joint DTW with its warping path a pair of references, and one joint DTW
  ///   a reference and cohort signature; for the mean template, `n + 1` barycentres of ten
  ///   iterations of `n` or `n − 1` alignments with their paths, and one joint DTW a reference
  ///   and cohort signature.
  public func enroll(_ references: [SignatureFeatures], cohort: [SignatureFeatures] = [])
    throws(SignatureMatchingError) -> SignatureTemplate
  {
    let minimum = max(minimumReferences, 2)
    guard references.count >= minimum else {
      throw .tooFewReferences(count: references.count, minimum: minimum)
    }
    _ = try matcher.globalFeatureIndices()
    var prepared: [PreparedSignature] = []
    for (index, reference) in references.enumerated() {
      prepared.append(
        try PreparedSignature(reference, for: matcher, name: "reference \(index + 1)"))
    }
    var table = [[SignatureLocalDistances]](
      repeating: [SignatureLocalDistances](repeating: .zero, count: prepared.count),
      count: prepared.count)
    for i in prepared.indices {
      for j in prepared.indices where j > i {
        table[i][j] = matcher.localDistances(prepared[i], prepared[j])
        table[j][i] = table[i][j]
      }
    }
    var cohortDistances: [Double] = []
    var preparedCohort: [PreparedSignature] = []
    for (index, other) in cohort.enumerated() {
      let other = try PreparedSignature(other, for: matcher, name: "cohort signature \(index + 1)")
      cohortDistances += prepared.map { matcher.jointDistance($0, other) }
      preparedCohort.append(other)
    }
    let statistics = SignatureReferenceStatistics(
      count: prepared.count, globals: prepared.map(\.global),
      cohortDistance: cohortDistances.isEmpty
        ? nil : cohortDistances.reduce(0, +) / Double(cohortDistances.count)
    ) { table[$0][$1] }
    if let consistencyLimit {
      try Self.checkConsistency(statistics, limit: consistencyLimit)
    }
    var meanTemplate: SignatureMeanTemplate?
    if matcher.fusion.meanTemplateShare > 0 {
      let (barycentre, genuineAnchor) = matcher.meanTemplate(of: prepared) { table[$0][$1].joint }
      meanTemplate = SignatureMeanTemplate(
        barycentre: matcher.localFunctions(of: barycentre), genuineAnchor: genuineAnchor,
        cohortDistance: preparedCohort.map { matcher.jointDistance(barycentre, $0) }.min())
    }
    return SignatureTemplate(
      matcher: matcher, references: references, statistics: statistics,
      meanTemplate: meanTemplate)
  }

  /// Refuses references one of which is, for some kind, more than `limit` times as far from
  /// the others as the median reference is.
  static func checkConsistency(_ statistics: SignatureReferenceStatistics, limit: Double)
    throws(SignatureMatchingError)
  {
    let means = statistics.referenceMeanDistances
    for evidence in SignatureEvidence.allCases {
      guard let median = means.map({ $0[evidence] }).median, median > 0 else { continue }
      for (index, mean) in means.enumerated() where mean[evidence] / median > limit {
        throw .inconsistentReference(
          index: index, evidence: evidence, ratio: mean[evidence] / median, limit: limit)
      }
    }
  }
}
