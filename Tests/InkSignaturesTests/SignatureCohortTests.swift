import Foundation
import InkFeatures
import Testing

@testable import InkSignatures

/// The cohort normalisation: a template enrolled against other people's signatures keeps
/// their mean distance to its references, and the fusion divides by a power of it.
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
    let joint =
      distances.joint
      / (pow(distances.jointSpread, fusion.spreadExponent)
        * pow(cohortDistance, fusion.cohortExponent))
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
    // A larger cohort distance divides the joint term more.
    given.cohort = 2 * fusion.typicalCohortDistance
    #expect(fusion.fusedDistance(given) < without)
    fusion.cohortExponent = 0
    #expect(fusion.fusedDistance(given) == fusion.fusedDistance(distances))
  }

  @Test func aFusionSavedBeforeTheCohortScoresAsItDid() throws {
    let saved = Data(
      #"{"center":1.1146,"globalWeights":{"pressure":0.015625,"shape":0.015625,"timing":0.015625},"localWeights":{"pressure":0,"shape":0,"timing":0},"slope":19.1539,"spreadExponent":0.6,"threshold":0.5048}"#
        .utf8)
    let fusion = try JSONDecoder().decode(SignatureFusion.self, from: saved)
    #expect(fusion.cohortExponent == 0)
    #expect(fusion.spreadExponent == 0.6)
    #expect(fusion.slope == 19.1539)
    let distances = SignatureDistances(
      joint: 2, jointSpread: 4, cohort: 9, local: SignatureEvidenceValues(repeating: 0),
      global: SignatureEvidenceValues(repeating: 1))
    #expect(abs(fusion.fusedDistance(distances) - (2 / pow(4, 0.6) + 3 * 0.015625)) < 1e-12)
    // And a fusion written now reads back whole.
    let again = try JSONDecoder().decode(
      SignatureFusion.self, from: JSONEncoder().encode(SignatureFusion()))
    #expect(again == SignatureFusion())
    let missing = Data(#"{"center":1}"#.utf8)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(SignatureFusion.self, from: missing)
    }
  }
}
