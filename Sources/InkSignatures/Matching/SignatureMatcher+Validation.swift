import InkFeatures

extension SignatureMatcher {
  /// What makes these settings unusable, or `nil` when they are fit to match with: every
  /// number finite; a band fraction above 0; a population scale of 0 or more for each of
  /// `GlobalFeatures.names`, in that order; a spread floor of 0 or more; a fusion whose typical
  /// cohort distances and slope are above 0, whose mean template share is from 0 to 1, whose
  /// weights, centre and exponents are finite, and whose threshold is a score from 0 to 1. Settings read from outside (an export's metadata,
  /// a file) are checked with it before they are used, as every number entering Ductus is.
  public var problem: String? {
    guard bandFraction.isFinite, bandFraction > 0 else {
      return "bandFraction is not a number above 0"
    }
    guard globalFeatureScales.count == GlobalFeatures.names.count else {
      return "globalFeatureScales has \(globalFeatureScales.count) values, not "
        + "\(GlobalFeatures.names.count)"
    }
    guard globalFeatureScales.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
      return "globalFeatureScales holds a value that is not a number of 0 or more"
    }
    guard spreadFloor.isFinite, spreadFloor >= 0 else {
      return "spreadFloor is not a number of 0 or more"
    }
    return fusion.problem.map { "fusion: " + $0 }
  }
}

extension SignatureFusion {
  /// What makes this fusion unusable, or `nil` (see ``SignatureMatcher/problem``).
  public var problem: String? {
    guard typicalCohortDistance.isFinite, typicalCohortDistance > 0 else {
      return "typicalCohortDistance is not a number above 0"
    }
    let weights = SignatureEvidence.allCases.flatMap { [localWeights[$0], globalWeights[$0]] }
    guard weights.allSatisfy(\.isFinite) else { return "a weight is not a number" }
    guard slope.isFinite, slope > 0 else { return "slope is not a number above 0" }
    guard (0...1).contains(meanTemplateShare) else {
      return "meanTemplateShare is not a number from 0 to 1"
    }
    guard typicalMeanTemplateCohortDistance.isFinite, typicalMeanTemplateCohortDistance > 0 else {
      return "typicalMeanTemplateCohortDistance is not a number above 0"
    }
    guard center.isFinite else { return "center is not a number" }
    guard (0...1).contains(threshold) else { return "threshold is not a score from 0 to 1" }
    if case .powers(let spreadExponent, let cohortExponent) = normalization,
      !spreadExponent.isFinite || !cohortExponent.isFinite
    {
      return "an exponent of the normalization is not a number"
    }
    return nil
  }
}
