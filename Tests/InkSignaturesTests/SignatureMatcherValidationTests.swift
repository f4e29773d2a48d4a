import Foundation
import InkFeatures
import InkSignatures
import Testing

/// The check of a matcher's settings read from outside (``SignatureMatcher/problem``): the
/// defaults pass, and each kind of unusable number is named.
@Suite struct SignatureMatcherValidationTests {
  @Test func theDefaultsAndAWideBandAreUsable() {
    #expect(SignatureMatcher().problem == nil)
    var wide = SignatureMatcher()
    wide.bandFraction = 1e300
    #expect(wide.problem == nil)
  }

  @Test func anUnusableNumberIsNamed() {
    /// The default matcher with one setting spoilt by `spoil`.
    func spoilt(_ spoil: (inout SignatureMatcher) -> Void) -> SignatureMatcher {
      var matcher = SignatureMatcher()
      spoil(&matcher)
      return matcher
    }
    let cases: [(String, SignatureMatcher)] = [
      ("bandFraction", spoilt { $0.bandFraction = 0 }),
      ("bandFraction", spoilt { $0.bandFraction = .nan }),
      ("globalFeatureScales", spoilt { $0.globalFeatureScales = [1] }),
      ("globalFeatureScales", spoilt { $0.globalFeatureScales[3] = -1 }),
      ("spreadFloor", spoilt { $0.spreadFloor = .infinity }),
      ("typicalCohortDistance", spoilt { $0.fusion.typicalCohortDistance = 0 }),
      ("meanTemplateShare", spoilt { $0.fusion.meanTemplateShare = 1.5 }),
      ("meanTemplateShare", spoilt { $0.fusion.meanTemplateShare = .nan }),
      (
        "typicalMeanTemplateCohortDistance",
        spoilt { $0.fusion.typicalMeanTemplateCohortDistance = -1 }
      ),
      ("weight", spoilt { $0.fusion.globalWeights.timing = .nan }),
      ("slope", spoilt { $0.fusion.slope = -1 }),
      ("center", spoilt { $0.fusion.center = .infinity }),
      ("threshold", spoilt { $0.fusion.threshold = 1.5 }),
      ("threshold", spoilt { $0.fusion.threshold = .nan }),
      (
        "exponent",
        spoilt { $0.fusion.normalization = .powers(spreadExponent: .nan, cohortExponent: 1) }
      ),
    ]
    for (setting, matcher) in cases {
      let problem = matcher.problem
      #expect(problem?.contains(setting) == true, "\(setting): \(problem ?? "nil")")
    }
  }
}
