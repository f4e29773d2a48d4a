import InkFeatures
import InkSignatures
import Testing

/// What enrolment refuses besides an inconsistent reference, and a replayed reference: exact
/// copies, and references of several people.
@Suite struct SignatureEnrollmentChecksTests {
  static let references = SyntheticSignatures.genuine(user: 1, count: 5)

  @Test func aReferenceCopiedIsRefused() throws {
    var references = Self.references
    references[3] = references[0]
    #expect(throws: SignatureMatchingError.duplicateReference(index: 3, original: 0)) {
      try SignatureEnrollment().enroll(references)
    }
    // Without the other checks too: a copy would shrink the spread the distances are set
    // against.
    #expect(throws: SignatureMatchingError.duplicateReference(index: 3, original: 0)) {
      try SignatureEnrollment(minimumReferences: 2, consistencyLimit: nil, spreadLimit: nil)
        .enroll(references)
    }
    #expect(
      SignatureMatchingError.duplicateReference(index: 3, original: 0).description
        == "reference 4 is an exact copy of reference 1 (the same samples, which a pen never "
        + "writes twice); leave it out")
    let matcher = SignatureMatcher()
    #expect(matcher.isExactCopy(references[0], of: references[3]))
    #expect(!matcher.isExactCopy(Self.references[0], of: Self.references[1]))
  }

  @Test func aReplayedReferenceIsAForgeryNamingIt() throws {
    let template = try SignatureEnrollment().enroll(Self.references)
    let replay = try template.verify(Self.references[1])
    #expect(replay.score == 0)
    #expect(!replay.isAccepted)
    #expect(replay.replayedReference == 1)
    var lenient = template
    lenient.matcher.fusion.threshold = 0
    #expect(try !lenient.verify(Self.references[1]).isAccepted)
    let genuine = try template.verify(SyntheticSignatures.features(user: 1, seed: 9))
    #expect(genuine.replayedReference == nil)
    #expect(genuine.score > 0)
    // The replay's distances are those to the references it does not copy.
    #expect(replay.distances.joint > 0)
    // A template of copies of one signature (enrolled before copies were refused) cannot
    // judge that signature.
    var copies = template
    copies.references = Array(repeating: Self.references[0], count: 3)
    #expect(throws: SignatureMatchingError.duplicateReference(index: 1, original: 0)) {
      try copies.verify(Self.references[0])
    }
  }

  @Test func referencesOfSeveralPeopleAreRefusedWhateverTheirCount() throws {
    let people = (1...5).map { SyntheticSignatures.features(user: $0 * 2, seed: 1) }
    // Users 2 and 6 differ most (phases 1.4 and 4.2 radians).
    for (references, minimum) in [(people, 5), ([people[0], people[2]], 2)] {
      let enrolment = Result { () throws(SignatureMatchingError) in
        try SignatureEnrollment(minimumReferences: minimum, consistencyLimit: nil)
          .enroll(references)
      }
      guard case .failure(.spreadReferences(let ratio, let limit)) = enrolment else {
        Issue.record("\(references.count) people's references were accepted")
        continue
      }
      #expect(limit == SignatureEnrollment.defaultSpreadLimit)
      #expect(ratio > limit)
      #expect(
        try SignatureEnrollment(minimumReferences: minimum, consistencyLimit: nil, spreadLimit: nil)
          .enroll(references).references.count == references.count)
    }
    // One person's, with or without a cohort of others.
    let cohort = (2...4).map { SyntheticSignatures.features(user: $0 * 3, seed: 1) }
    #expect(try SignatureEnrollment().enroll(Self.references).references.count == 5)
    #expect(
      try SignatureEnrollment().enroll(Self.references, cohort: cohort).references.count == 5)
    #expect(
      SignatureMatchingError.spreadReferences(ratio: 0.934, limit: 0.7).description
        == "the references are as far from one another as from other people's signatures: "
        + "their mean distance to one another is 0.93 times their distance to others (the "
        + "limit is 0.7); are they all one person's?")
  }
}
