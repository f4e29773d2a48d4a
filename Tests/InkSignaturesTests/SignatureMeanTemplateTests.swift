import DuctusTestSupport
import Foundation
import InkFeatures
import Testing

@testable import InkSignatures

/// The mean template (issue 11's ninth round) against the harness's DBA
/// (`Scripts/reference/signature_variants.py`'s `dba`, through
/// `Scripts/reference/signature_verification.py`): the barycentre, the leave-one-out distances and
/// their mean, the cohort's distances and the nearest, and the questioned signatures' distances
/// and anchored distances, on the script's synthetic signatures; and how it enters the fusion.
@Suite struct SignatureMeanTemplateTests {
  struct Case: Decodable {
    var name: String
    var references: [[[Double]]]
    var cohort: [[[Double]]]
    var questioned: [[[Double]]]
    var barycentre: [[Double]]
    var leaveOneOutDistances: [Double]
    var genuineAnchor: Double
    var cohortDistances: [Double]
    var cohortDistance: Double?
    var questionedDistances: [Double]
    var anchored: [Double]
  }

  struct File: Decodable {
    var functions: [String]
    var typicalCohortDistance: Double
    var cases: [Case]
  }

  static let file: File? = {
    let url = SharedData.fixture("signatures/mean-template.json")
    return try? JSONDecoder().decode(File.self, from: Data(contentsOf: url))
  }()

  /// A signature of the given function columns, with zeros for the global features.
  static func features(_ columns: [[Double]]) -> SignatureFeatures {
    SignatureFeatures(
      local: LocalFunctions(
        names: file?.functions ?? [], columns: columns, count: columns.first?.count ?? 0),
      global: GlobalFeatures(values: [Double](repeating: 0, count: GlobalFeatures.names.count)))
  }

  /// Relative agreement: the barycentre's ten averages and every DTW are summed in another order.
  static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(b))
  }

  @Test func theFixtureIsThere() throws {
    let file = try #require(Self.file)
    #expect(file.cases.count == 4)
    #expect(file.functions == SignatureMatcher().comparedFunctions)
  }

  @Test(arguments: (file?.cases ?? []).map(\.name))
  func theTemplateMatchesTheHarness(name: String) throws {
    let file = try #require(Self.file)
    let reference = try #require(file.cases.first { $0.name == name })
    var matcher = SignatureMatcher()
    matcher.fusion.typicalMeanTemplateCohortDistance = file.typicalCohortDistance
    let template = try SignatureEnrollment(matcher: matcher, consistencyLimit: nil).enroll(
      reference.references.map(Self.features), cohort: reference.cohort.map(Self.features))
    let mean = try #require(template.meanTemplate)
    #expect(mean.barycentre.names == file.functions)
    #expect(mean.barycentre.count == reference.barycentre[0].count)
    for (got, expected) in zip(mean.barycentre.columns, reference.barycentre) {
      #expect(zip(got, expected).allSatisfy { Self.close($0, $1, 1e-8) })
    }
    #expect(Self.close(mean.genuineAnchor, reference.genuineAnchor))
    if let expected = reference.cohortDistance {
      #expect(Self.close(try #require(mean.cohortDistance), expected))
    } else {
      #expect(mean.cohortDistance == nil)
    }
    // The leave-one-out distances and the cohort's, one by one.
    let prepared = try reference.references.map {
      try PreparedSignature(Self.features($0), for: matcher, name: "r")
    }
    let joint = { (i: Int, j: Int) in matcher.jointDistance(prepared[i], prepared[j]) }
    for (left, expected) in reference.leaveOneOutDistances.enumerated() {
      let others = matcher.barycentre(
        of: prepared.indices.filter { $0 != left }, prepared, joint: joint)
      #expect(Self.close(matcher.jointDistance(others, prepared[left]), expected))
    }
    let barycentre = try PreparedSignature(mean.barycentre, for: matcher, name: "b")
    for (other, expected) in zip(reference.cohort, reference.cohortDistances) {
      let cohort = try PreparedSignature(Self.features(other), for: matcher, name: "c")
      #expect(Self.close(matcher.jointDistance(barycentre, cohort), expected))
    }
    for (index, questioned) in reference.questioned.enumerated() {
      let distances = try template.verify(Self.features(questioned)).distances
      let distance = try #require(distances.meanTemplate)
      #expect(Self.close(distance, reference.questionedDistances[index]))
      let anchored = try #require(matcher.fusion.anchoredMeanTemplate(distances))
      #expect(Self.close(anchored, reference.anchored[index]))
    }
  }

  @Test func theJointTermAveragesTheTwoAnchoredDistances() throws {
    let references = SyntheticSignatures.genuine(user: 1, count: 5)
    let cohort = (2...4).map { SyntheticSignatures.features(user: $0, seed: 9) }
    let template = try SignatureEnrollment().enroll(references, cohort: cohort)
    let mean = try #require(template.meanTemplate)
    let distances = try template.verify(SyntheticSignatures.features(user: 1, seed: 40)).distances
    #expect(distances.meanTemplateSpread == mean.genuineAnchor)
    #expect(distances.meanTemplateCohort == mean.cohortDistance)
    let fusion = template.matcher.fusion
    #expect(fusion.meanTemplateShare == 0.5)
    let joint =
      (distances.joint - distances.jointSpread)
      / (try #require(distances.cohort) - distances.jointSpread)
    let anchored =
      (try #require(distances.meanTemplate) - mean.genuineAnchor)
      / (try #require(mean.cohortDistance) - mean.genuineAnchor)
    let global = SignatureEvidence.allCases.reduce(0) {
      $0 + fusion.globalWeights[$1] * distances.global[$1]
    }
    #expect(abs(fusion.fusedDistance(distances) - (joint + anchored) / 2 - global) < 1e-12)
    // A genuine signature lies nearer the barycentre than the nearest cohort signature.
    #expect(anchored < 1)
  }

  @Test func aFusionWithoutAShareMakesNoMeanTemplate() throws {
    var matcher = SignatureMatcher()
    matcher.fusion.meanTemplateShare = 0
    let references = SyntheticSignatures.genuine(user: 2, count: 5)
    let template = try SignatureEnrollment(matcher: matcher).enroll(references)
    #expect(template.meanTemplate == nil)
    let distances = try template.verify(SyntheticSignatures.features(user: 2, seed: 30)).distances
    #expect(distances.meanTemplate == nil && distances.meanTemplateSpread == nil)
  }

  @Test func withoutACohortTheTypicalDistanceStandsIn() throws {
    let references = SyntheticSignatures.genuine(user: 3, count: 5)
    let template = try SignatureEnrollment().enroll(references)
    let mean = try #require(template.meanTemplate)
    #expect(mean.cohortDistance == nil)
    let distances = try template.verify(SyntheticSignatures.features(user: 3, seed: 31)).distances
    #expect(distances.meanTemplateCohort == nil)
    let fusion = template.matcher.fusion
    let expected =
      (try #require(distances.meanTemplate) - mean.genuineAnchor)
      / (fusion.typicalMeanTemplateCohortDistance - mean.genuineAnchor)
    #expect(fusion.anchoredMeanTemplate(distances) == expected)
  }

  @Test func twoReferencesMakeAMeanTemplate() throws {
    // The least enrolment: each reference's leave-one-out barycentre is the other reference.
    let references = SyntheticSignatures.genuine(user: 4, count: 2)
    let matcher = SignatureMatcher()
    let template = try SignatureEnrollment(matcher: matcher, minimumReferences: 2).enroll(
      references)
    let mean = try #require(template.meanTemplate)
    let prepared = try references.map { try PreparedSignature($0, for: matcher, name: "r") }
    let between = matcher.jointDistance(prepared[0], prepared[1])
    #expect(abs(mean.genuineAnchor - between) < 1e-12)
  }

  @Test func aTemplateSavedBeforeTheMeanTemplateVerifiesAsItDid() throws {
    // A template and fusion as JSON without the mean template's keys, as saved before it.
    var matcher = SignatureMatcher()
    matcher.fusion.meanTemplateShare = 0
    let references = SyntheticSignatures.genuine(user: 5, count: 5)
    let old = try SignatureEnrollment(matcher: matcher).enroll(references)
    var json = try #require(
      try JSONSerialization.jsonObject(with: JSONEncoder().encode(old)) as? [String: Any])
    var savedMatcher = try #require(json["matcher"] as? [String: Any])
    var savedFusion = try #require(savedMatcher["fusion"] as? [String: Any])
    savedFusion["meanTemplateShare"] = nil
    savedFusion["typicalMeanTemplateCohortDistance"] = nil
    savedMatcher["fusion"] = savedFusion
    json["matcher"] = savedMatcher
    #expect(json["meanTemplate"] == nil)
    let read = try JSONDecoder().decode(
      SignatureTemplate.self, from: JSONSerialization.data(withJSONObject: json))
    #expect(read.meanTemplate == nil)
    #expect(read.matcher.fusion.meanTemplateShare == 0)
    let questioned = SyntheticSignatures.features(user: 5, seed: 33)
    #expect(try read.verify(questioned) == old.verify(questioned))
    // Enrolled again with its own matcher (as `signature update` does), it stays without one.
    #expect(try SignatureEnrollment(matcher: read.matcher).enroll(references).meanTemplate == nil)
  }

  @Test func aMeanTemplateSurvivesJSON() throws {
    let references = SyntheticSignatures.genuine(user: 6, count: 5)
    let template = try SignatureEnrollment().enroll(references)
    let read = try JSONDecoder().decode(
      SignatureTemplate.self, from: JSONEncoder().encode(template))
    #expect(read == template)
    let questioned = SyntheticSignatures.features(user: 6, seed: 34)
    #expect(try read.verify(questioned) == template.verify(questioned))
  }
}
