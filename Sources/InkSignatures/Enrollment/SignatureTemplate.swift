import InkFeatures

/// A user's enrolment: the reference signatures' features, the statistics of their spread,
/// and the matcher that compares a questioned signature with them.
///
/// ```swift
/// let template = try SignatureEnrollment().enroll(references)   // five or more
/// let verification = try template.verify(questioned)   // SignatureMatcher.features(of:)
/// verification.score       // 0…1, higher is more like the references
/// verification.isAccepted  // score ≥ threshold
/// verification.evidence    // .shape, .timing or .pressure: what weighed most
/// ```
///
/// A value type meant to be stored: JSON `{"matcher", "references", "statistics",
/// "meanTemplate"}`, the references as `SignatureFeatures` (local functions and global features,
/// not the drawing); `meanTemplate` is absent from templates enrolled before it or with a fusion
/// whose ``SignatureFusion/meanTemplateShare`` is 0, which verify as they did.
public struct SignatureTemplate: Hashable, Sendable, Codable {
  /// How questioned signatures are compared with the references.
  public var matcher: SignatureMatcher
  /// The references' features, in enrolment order.
  public var references: [SignatureFeatures]
  /// The references' spread, computed by `matcher` at enrolment.
  public var statistics: SignatureReferenceStatistics
  /// The references' mean template, or `nil` (enrolled before it, or by a matcher that does
  /// not fuse it): the joint term is then the distance to the references alone.
  public var meanTemplate: SignatureMeanTemplate?

  /// A template of the given parts; ``SignatureEnrollment/enroll(_:cohort:)`` makes a consistent one.
  public init(
    matcher: SignatureMatcher, references: [SignatureFeatures],
    statistics: SignatureReferenceStatistics, meanTemplate: SignatureMeanTemplate? = nil
  ) {
    self.matcher = matcher
    self.references = references
    self.statistics = statistics
    self.meanTemplate = meanTemplate
  }

  /// Compares a questioned signature with the references: its distances kind by kind, normalised
  /// by the references' own spread, fused into a score in 0…1 and a decision.
  ///
  /// `questioned` holds the features ``SignatureMatcher/features(of:)`` computes: the default
  /// matcher compares `dxShared` and `dyShared`, which InkFeatures' extractor alone does not
  /// give (a template saved before them compares `dx` and `dy`, which both give).
  ///
  /// A signature that is an exact copy of a reference (``SignatureMatcher/isExactCopy(_:of:)``)
  /// is a replay, not a signing: it is judged a forgery with the score 0, whatever the
  /// threshold, its distances those to the other references, and
  /// ``SignatureVerificationResult/replayedReference`` names the reference.
  ///
  /// - Throws: ``SignatureMatchingError`` for an empty signature, a missing local function or a
  ///   number that is not finite.
  /// - Complexity: one dynamic time warping a reference, O(n·m) within the band, with its
  ///   warping path (the kinds' costs are summed along it), and one more against the mean
  ///   template; under 5 ms against five SVC2004 references (see <doc:SignatureVerification>).
  public func verify(_ questioned: SignatureFeatures) throws(SignatureMatchingError)
    -> SignatureVerificationResult
  {
    let indices = try matcher.globalFeatureIndices()
    let prepared = try PreparedSignature(questioned, for: matcher, name: "questioned")
    if let replayed = references.firstIndex(where: { matcher.isExactCopy(questioned, of: $0) }) {
      return try replay(of: replayed, questioned)
    }
    var toReferences: [SignatureLocalDistances] = []
    for (index, reference) in references.enumerated() {
      let other = try PreparedSignature(reference, for: matcher, name: "reference \(index + 1)")
      toReferences.append(matcher.localDistances(prepared, other))
    }
    var toMeanTemplate: (distance: Double, genuineAnchor: Double, cohortDistance: Double?)?
    if let meanTemplate {
      let barycentre = try PreparedSignature(
        meanTemplate.barycentre, for: matcher, name: "mean template")
      toMeanTemplate = (
        matcher.jointDistance(barycentre, prepared), meanTemplate.genuineAnchor,
        meanTemplate.cohortDistance
      )
    }
    let distances = matcher.distances(
      toReferences: toReferences, global: prepared.global, statistics: statistics,
      indices: indices, meanTemplate: toMeanTemplate)
    return matcher.fusion.verification(of: distances)
  }
}
