import Foundation
import InkFeatures
import Testing

@testable import InkSignatures

/// The cohort normalisation: a template enrolled against other people's signatures keeps
/// their mean distance to its references, and the fusion places the joint distance between the
/// references' own spread (0) and it (1).
@Suite struct SignatureCohortTests {
  static let references = SyntheticSignatures.genuine(user: 1, count: 5)
  static let cohort = (2...4).map { SyntheticSignatures.features(user: $0, seed: 9) }

  @Test func theCohortDistanceIsTheMeanJointDistanceOfEveryPair() throws {
    let matcher = SignatureMatcher()
    let template = try SignatureEnrollment(matcher: matcher).enroll(
      Self.references, cohort: Self.cohort)
    let prepared = try Self.references.map { try PreparedSignature($0, for: matcher, name: "r") }
    let others = try Self.cohort.map { try PreparedSignature($0, for: matcher, name: "c") }
    let pairs = prepared.flatMap { r in others.map { matcher.jointDistance(r, $0) } }
    let expected = pairs.reduce(0, +) / Double(pairs.count)
    let cohortDistance = try #require(template.statistics.cohortDistance)
    #expect(abs(cohortDistance - expected) < 1e-12)
    #expect(pairs.count == 15)
    // Other people are farther from the references than the references from one another.
    #expect(cohortDistance > template.statistics.jointSpread.mean)

    let questioned = SyntheticSignatures.features(user: 1, seed: 40)
    let distances = try template.verify(questioned).distances
    #expect(distances.cohort == cohortDistance)
    let fusion = matcher.fusion
    let global = SignatureEvidence.allCases.reduce(0) {
      $0 + fusion.globalWeights[$1] * distances.global[$1]
    }
    let references =
      (distances.joint - distances.jointSpread) / (cohortDistance - distances.jointSpread)
    let joint = (references + (try #require(fusion.anchoredMeanTemplate(distances)))) / 2
    #expect(abs(fusion.fusedDistance(distances) - joint - global) < 1e-9)
  }

  @Test func withoutACohortTheTypicalDistanceStandsIn() throws {
    let template = try SignatureEnrollment().enroll(Self.references)
    #expect(template.statistics.cohortDistance == nil)
    let distances = try template.verify(SyntheticSignatures.features(user: 1, seed: 41)).distances
    #expect(distances.cohort == nil)
    var fusion = SignatureFusion()
    let without = fusion.fusedDistance(distances)
    var given = distances
    given.cohort = fusion.typicalCohortDistance
    #expect(fusion.fusedDistance(given) == without)
    // A larger cohort distance stretches the scale: a signature farther from the references
    // than their spread comes out nearer them.
    var far = distances
    far.joint = 3 * distances.jointSpread
    let farWithout = fusion.fusedDistance(far)
    far.cohort = 2 * fusion.typicalCohortDistance
    #expect(fusion.fusedDistance(far) < farWithout)
    given.cohort = 2 * fusion.typicalCohortDistance
    fusion.normalization = .powers(spreadExponent: 0.5, cohortExponent: 0)
    #expect(fusion.fusedDistance(given) == fusion.fusedDistance(distances))
  }

  @Test func theAnchoredScaleIsZeroAtTheSpreadAndOneAtTheCohort() {
    let fusion = SignatureFusion(globalWeights: SignatureEvidenceValues(repeating: 0))
    func fused(joint: Double, spread: Double, cohort: Double?) -> Double {
      fusion.fusedDistance(
        SignatureDistances(
          joint: joint, jointSpread: spread, cohort: cohort,
          local: SignatureEvidenceValues(repeating: 5),
          global: SignatureEvidenceValues(repeating: 5)))
    }
    #expect(fused(joint: 0.3, spread: 0.3, cohort: 1.3) == 0)
    #expect(fused(joint: 1.3, spread: 0.3, cohort: 1.3) == 1)
    #expect(abs(fused(joint: 0.55, spread: 0.3, cohort: 1.3) - 0.25) < 1e-12)
    // The same ratios for a user twice as far from everything.
    #expect(abs(fused(joint: 1.1, spread: 0.6, cohort: 2.6) - 0.25) < 1e-12)
    let typical = fusion.typicalCohortDistance
    #expect(fused(joint: typical, spread: 0.3, cohort: nil) == 1)
    // A cohort no farther than the spread does not divide by zero or flip the sign.
    #expect(fused(joint: 0.5, spread: 0.3, cohort: 0.3) > 1e6)
  }

  @Test func fusionsSavedBeforeScoreAsTheyDid() throws {
    let distances = SignatureDistances(
      joint: 2, jointSpread: 4, cohort: 9, local: SignatureEvidenceValues(repeating: 0),
      global: SignatureEvidenceValues(repeating: 1))
    // Before the cohort: the spread's exponent alone.
    let beforeCohort = Data(
      #"{"center":1.1146,"globalWeights":{"pressure":0.015625,"shape":0.015625,"timing":0.015625},"localWeights":{"pressure":0,"shape":0,"timing":0},"slope":19.1539,"spreadExponent":0.6,"threshold":0.5048}"#
        .utf8)
    let first = try JSONDecoder().decode(SignatureFusion.self, from: beforeCohort)
    #expect(first.normalization == .powers(spreadExponent: 0.6, cohortExponent: 0))
    #expect(first.typicalCohortDistance == 1)
    #expect(first.slope == 19.1539)
    #expect(abs(first.fusedDistance(distances) - (2 / pow(4, 0.6) + 3 * 0.015625)) < 1e-12)
    // Before the anchored scale: both exponents.
    let beforeAnchors = Data(
      #"{"center":0.805757,"cohortExponent":0.6,"globalWeights":{"pressure":0.015625,"shape":0.015625,"timing":0.015625},"localWeights":{"pressure":0,"shape":0,"timing":0},"slope":27.6926,"spreadExponent":0.4,"threshold":0.534412,"typicalCohortDistance":1.40783}"#
        .utf8)
    let second = try JSONDecoder().decode(SignatureFusion.self, from: beforeAnchors)
    #expect(second.normalization == .powers(spreadExponent: 0.4, cohortExponent: 0.6))
    #expect(second.typicalCohortDistance == 1.40783)
    #expect(
      abs(second.fusedDistance(distances) - (2 / (pow(4, 0.4) * pow(9, 0.6)) + 3 * 0.015625))
        < 1e-12)
    // A fusion written now names its normalisation and reads back whole.
    let written = try JSONEncoder().encode(SignatureFusion())
    let text = String(decoding: written, as: UTF8.self)
    #expect(text.contains(#""normalization":{"cohortAnchored":{}}"#))
    #expect(!text.contains("Exponent"))
    #expect(try JSONDecoder().decode(SignatureFusion.self, from: written) == SignatureFusion())
    let powers = SignatureFusion(normalization: .powers(spreadExponent: 0.4, cohortExponent: 0.6))
    #expect(
      try JSONDecoder().decode(SignatureFusion.self, from: JSONEncoder().encode(powers)) == powers)
    let missing = Data(#"{"center":1}"#.utf8)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(SignatureFusion.self, from: missing)
    }
  }
  @Test func aTemplateStoredBeforeTheAnchoredScaleVerifiesAsItDid() throws {
    // The matcher of main before issue 11: shape without the curvature functions, exponents.
    var functions = SignatureMatcher.defaultLocalFunctions
    functions.shape = ["x", "y", "dx", "dy"]
    let fusion = SignatureFusion(
      normalization: .powers(spreadExponent: 0.4, cohortExponent: 0.6),
      typicalCohortDistance: 1.40783, slope: 27.6926, center: 0.805757, threshold: 0.534412)
    let matcher = SignatureMatcher(localFunctions: functions, fusion: fusion)
    let template = try SignatureEnrollment(matcher: matcher).enroll(
      Self.references, cohort: Self.cohort)
    // Its JSON as a store keeps it (keys sorted), with the fusion written the way it was then.
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let now = String(decoding: try encoder.encode(template), as: UTF8.self)
    let written = #""normalization":{"powers":{"cohortExponent":0.6,"spreadExponent":0.4}}"#
    #expect(now.contains(written))
    let then = now.replacingOccurrences(
      of: written, with: #""cohortExponent":0.6,"spreadExponent":0.4"#)
    let stored = try JSONDecoder().decode(SignatureTemplate.self, from: Data(then.utf8))
    #expect(stored == template)
    for seed: UInt64 in [40, 41] {
      let questioned = SyntheticSignatures.features(user: 1, seed: seed)
      #expect(try stored.verify(questioned) == template.verify(questioned))
    }
  }
}
