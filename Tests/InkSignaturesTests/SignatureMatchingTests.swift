import Foundation
import InkDistances
import InkFeatures
import InkSampling
import InkSignatures
import Testing

/// Enrolment and verification on signatures the tests make: properties of the score, the
/// consistency check, edge cases, and the template's JSON.
@Suite struct SignatureMatchingTests {
  static let references = SyntheticSignatures.genuine(user: 1, count: 5)

  static func template() throws -> SignatureTemplate {
    try SignatureEnrollment().enroll(references)
  }

  @Test func aReferenceIsAReplayAndAGenuineSignatureIsAccepted() throws {
    let template = try Self.template()
    // A reference again is a replay (an exact copy), whatever its distances.
    let itself = try template.verify(Self.references[0])
    #expect(itself.score == 0)
    #expect(!itself.isAccepted)
    #expect(itself.replayedReference == 0)
    let genuine = try template.verify(SyntheticSignatures.features(user: 1, seed: 40))
    #expect(genuine.isAccepted, "\(genuine)")
    #expect(genuine.replayedReference == nil)
    let fused = template.matcher.fusion.fusedDistance
    #expect(fused(itself.distances) <= fused(genuine.distances) + 1e-12)
  }

  @Test func forgeriesAndOtherUsersScoreLowerAndNameTheirEvidence() throws {
    let template = try Self.template()
    let genuine = try template.verify(SyntheticSignatures.features(user: 1, seed: 41))
    let forged = try template.verify(SyntheticSignatures.features(user: 1, seed: 41, forged: true))
    let other = try template.verify(SyntheticSignatures.features(user: 4, seed: 41))
    #expect(forged.score < genuine.score)
    #expect(other.score < genuine.score)
    #expect(!other.isAccepted)
    let fusion = SignatureFusion()
    let distances = forged.distances
    for evidence in SignatureEvidence.allCases {
      #expect(
        forged.contributions[evidence]
          == distances.local[evidence] + fusion.globalWeights[evidence] * distances.global[evidence]
      )
    }
    // Without a cohort, the typical cohort distances are the anchors of 1; the joint term
    // averages the references' and the mean template's anchored distances.
    let references =
      (distances.joint - distances.jointSpread)
      / (fusion.typicalCohortDistance - distances.jointSpread)
    let meanTemplate = try #require(fusion.anchoredMeanTemplate(distances))
    let joint = (references + meanTemplate) / 2
    #expect(
      abs(
        fusion.fusedDistance(distances) - joint - fusion.globalWeights.shape
          * (distances.global.shape + distances.global.timing + distances.global.pressure)) < 1e-9)
    let largest = SignatureEvidence.allCases.max {
      forged.contributions[$0] < forged.contributions[$1]
    }
    #expect(forged.evidence == largest)
  }

  @Test func theScoreFallsAsTheSignatureDrifts() throws {
    let template = try Self.template()
    let scores = try [0.5, 2, 4, 8, 16].map {
      try template.verify(SyntheticSignatures.features(user: 1, seed: 77, noise: $0)).score
    }
    for (a, b) in zip(scores, scores.dropFirst()) { #expect(a > b, "\(scores)") }
    let fusion = SignatureFusion()
    let fused = (0..<20).map { Double($0) }
    let mapped = fused.map { fusion.score(fusedDistance: $0) }
    for (a, b) in zip(mapped, mapped.dropFirst()) { #expect(a > b) }
    #expect(abs(fusion.score(fusedDistance: fusion.center) - 0.5) < 1e-12)
  }

  @Test func referencesOfDifferentLengthsAndAOnePointSignature() throws {
    let references = [40, 48, 56, 64, 72].enumerated().map {
      SyntheticSignatures.features(user: 2, seed: UInt64($0.offset + 1), count: $0.element)
    }
    let template = try SignatureEnrollment().enroll(references)
    let verification = try template.verify(SyntheticSignatures.onePoint)
    #expect(verification.score.isFinite)
    #expect(verification.score >= 0 && verification.score <= 1)
    #expect(!verification.isAccepted)
    let short = try template.verify(SyntheticSignatures.features(user: 2, seed: 9, count: 30))
    #expect(short.score > verification.score)
  }

  /// Each kind is costed along the joint alignment's path: no less than its own DTW distance
  /// (the cheapest path within the band), no more than the joint distance, and the three add
  /// up to no less than it.
  @Test func theKindsAreCostedAlongTheJointAlignment() throws {
    let pair = [Self.references[0], SyntheticSignatures.features(user: 1, seed: 60, count: 56)]
    let statistics = try SignatureEnrollment(minimumReferences: 2, consistencyLimit: nil).enroll(
      pair
    ).statistics
    let joint = statistics.jointSpread.mean
    let kinds = statistics.referenceMeanDistances[0]
    #expect(statistics.referenceMeanDistances[1] == kinds)
    let matcher = SignatureMatcher()
    for evidence in SignatureEvidence.allCases {
      let functions = matcher.localFunctions[evidence]
      let series = try pair.map { features in
        let local = features.local
        return try SampleBuffer(
          xs: local["x"]!, ys: local["y"]!,
          extraChannels: Dictionary(
            uniqueKeysWithValues: functions.filter { $0 != "x" && $0 != "y" }.map {
              (SampleChannel($0), local[$0]!)
            }))
      }
      let own =
        try DynamicTimeWarping(
          channels: functions.map(SampleChannel.init), localCost: .euclidean,
          constraint: .sakoeChiba(radius: 6)
        ).distance(series[0], series[1]) / Double(48 + 56)
      #expect(own > 0)
      #expect(own <= kinds[evidence] + 1e-12, "\(evidence)")
      #expect(kinds[evidence] < joint, "\(evidence)")
    }
    #expect(kinds.shape + kinds.timing + kinds.pressure >= joint)
  }

  @Test func aSignatureLongerThanTheLimitIsRefused() throws {
    let count = SignatureMatcher.maximumSampleCount + 2
    #expect(
      throws: SignatureMatchingError.tooManySamples(
        signature: "questioned", count: count, limit: SignatureMatcher.maximumSampleCount)
    ) {
      try Self.template().verify(SyntheticSignatures.features(user: 1, seed: 3, count: count))
    }
  }

  @Test func anEnrolmentNeedsEnoughConsistentReferences() throws {
    #expect(throws: SignatureMatchingError.tooFewReferences(count: 4, minimum: 5)) {
      try SignatureEnrollment().enroll(Array(Self.references.prefix(4)))
    }
    var references = Self.references
    references[2] = SyntheticSignatures.features(user: 3, seed: 2, forged: true, noise: 6)
    do {
      _ = try SignatureEnrollment().enroll(references)
      Issue.record("an inconsistent enrolment was accepted")
    } catch .inconsistentReference(let index, _, let ratio, let limit) {
      #expect(index == 2)
      #expect(ratio > limit)
    }
    let lenient = SignatureEnrollment(minimumReferences: 2, consistencyLimit: nil)
    #expect(try lenient.enroll(references).references.count == 5)
  }

  @Test func numbersThatAreNotFiniteAndEmptySignaturesAreRefused() throws {
    let template = try Self.template()
    var broken = Self.references[1]
    let column = broken.local.names.firstIndex(of: "velocity")!
    broken.local.columns[column][3] = .nan
    #expect {
      try template.verify(broken)
    } throws: { error in
      guard
        case .nonFiniteFeature("questioned", "velocity", let value)? =
          error as? SignatureMatchingError
      else { return false }
      return value.isNaN
    }
    var global = Self.references[1]
    global.global.values[0] = .infinity
    #expect(
      throws: SignatureMatchingError.nonFiniteFeature(
        signature: "reference 2", name: "duration", value: .infinity)
    ) {
      try SignatureEnrollment().enroll([Self.references[0], global] + Self.references.suffix(3))
    }
    let empty = SyntheticSignatures.features(of: [])
    #expect(throws: SignatureMatchingError.emptySignature(signature: "questioned")) {
      try template.verify(empty)
    }
    var matcher = SignatureMatcher()
    matcher.localFunctions.shape = ["x", "curl"]
    #expect(throws: SignatureMatchingError.missingFunction(signature: "reference 1", name: "curl"))
    {
      try SignatureEnrollment(matcher: matcher).enroll(Self.references)
    }
  }

  @Test func aTemplateSurvivesJSON() throws {
    let template = try Self.template()
    let data = try JSONEncoder().encode(template)
    let decoded = try JSONDecoder().decode(SignatureTemplate.self, from: data)
    #expect(decoded == template)
    let questioned = SyntheticSignatures.features(user: 1, seed: 50)
    #expect(try decoded.verify(questioned) == template.verify(questioned))
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    #expect(
      Set(object?.keys ?? [:].keys) == ["matcher", "references", "statistics", "meanTemplate"])
  }

  @Test func errorsAreOneLineNamingTheSignature() {
    let error = SignatureMatchingError.inconsistentReference(
      index: 2, evidence: .timing, ratio: 2.345, limit: 2)
    #expect(
      error.description
        == "reference 3 is inconsistent with the others: its mean timing distance to them is "
        + "2.35 times the typical reference's (the limit is 2.0); write it again or leave it out")
    #expect(!error.description.contains("\n"))
  }
}
