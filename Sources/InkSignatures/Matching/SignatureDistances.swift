/// A questioned signature's distances to a user's references, with the references' own spread:
/// the joint DTW distance, and kind by kind the DTW and global-feature distances normalised by
/// the spread (about 1 for a signature as far from the references as they are from one another).
///
/// JSON: `{"joint", "jointSpread", "cohort", "meanTemplate", "meanTemplateSpread",
/// "meanTemplateCohort", "local": {"shape", "timing", "pressure"}, "global": {…}}` (`cohort`
/// absent without one, the `meanTemplate` figures without a mean template).
public struct SignatureDistances: Hashable, Sendable, Codable {
  /// The mean joint DTW distance (every compared local function in one alignment) to the
  /// references.
  public var joint: Double
  /// The references' own mean joint DTW distance to one another (at least 10⁻⁹).
  public var jointSpread: Double
  /// The references' mean joint DTW distance to the cohort of other people's signatures they
  /// were enrolled with, or `nil` without one.
  public var cohort: Double?
  /// The joint DTW distance to the references' mean template (``SignatureMeanTemplate``), or
  /// `nil` for a template without one.
  public var meanTemplate: Double?
  /// The mean template's genuine anchor (``SignatureMeanTemplate/genuineAnchor``), or `nil`
  /// without a mean template.
  public var meanTemplateSpread: Double?
  /// The joint distance to the mean template of the nearest cohort signature
  /// (``SignatureMeanTemplate/cohortDistance``), or `nil` without a mean template or a cohort.
  public var meanTemplateCohort: Double?
  /// Per kind, the mean DTW distance to the references over the references' own mean distance
  /// to one another.
  public var local: SignatureEvidenceValues<Double>
  /// The diagonal Mahalanobis distance of the global features to the references' means, as
  /// the root mean square of the features' standardised deviations.
  public var global: SignatureEvidenceValues<Double>

  /// Distances with the given values.
  public init(
    joint: Double, jointSpread: Double, cohort: Double? = nil, meanTemplate: Double? = nil,
    meanTemplateSpread: Double? = nil, meanTemplateCohort: Double? = nil,
    local: SignatureEvidenceValues<Double>, global: SignatureEvidenceValues<Double>
  ) {
    self.joint = joint
    self.jointSpread = jointSpread
    self.cohort = cohort
    self.meanTemplate = meanTemplate
    self.meanTemplateSpread = meanTemplateSpread
    self.meanTemplateCohort = meanTemplateCohort
    self.local = local
    self.global = global
  }
}
