import Foundation
import InkSignatures
import Testing

/// The SVC2004 protocol on a few synthetic users: the figures, their shape and their
/// repeatability.
@Suite struct SignatureEvaluationTests {
  static func users(_ count: Int) -> [SignatureEvaluationUser] {
    (1...count).map { user in
      SignatureEvaluationUser(
        id: "U\(user)", genuine: SyntheticSignatures.genuine(user: user, count: 12),
        skilled: (1...4).map {
          SyntheticSignatures.features(user: user, seed: UInt64(100 + $0), forged: true)
        })
    }
  }

  @Test func syntheticUsersAreTellableApartAndTheFiguresAddUp() throws {
    let users = Self.users(4)
    let evaluation = SignatureEvaluation(trials: 3, seed: 7)
    let report = try evaluation.run(users)
    #expect(report.protocol == "svc2004")
    #expect(report.folds.count == 2)
    #expect(report.folds[0].tuningUsers == ["U1", "U2"])
    #expect(report.folds[0].testUsers == ["U3", "U4"])
    #expect(report.users.map(\.fold) == [1, 1, 0, 0])
    #expect(report.random.perUserEER.mean == 0)
    #expect(report.skilled.perUserEER.mean < 0.1)
    for user in report.users {
      #expect(user.meanScore.genuine > user.meanScore.skilled)
      #expect(user.meanScore.genuine > user.meanScore.random)
    }
    // 4 users × 3 trials × (2 genuine tests, 4 skilled, 3 random).
    #expect(report.scores.genuine.reduce(0, +) == 24)
    #expect(report.scores.skilled.reduce(0, +) == 48)
    #expect(report.scores.random.reduce(0, +) == 36)
    #expect(report.skilled.det.first?.falseRejectRate == 1)
    #expect(report.skilled.det.last?.falseAcceptRate == 1)
  }

  @Test func aTargetFalseAcceptRateSetsTheThresholdsOnTheTuningHalves() throws {
    let users = Self.users(4)
    let atEER = try SignatureEvaluation(trials: 3, seed: 7).run(users)
    let strict = try SignatureEvaluation(trials: 3, seed: 7, targetFalseAcceptRate: 0).run(users)
    let lenient = try SignatureEvaluation(trials: 3, seed: 7, targetFalseAcceptRate: 1).run(users)
    for (eer, (none, all)) in zip(atEER.folds, zip(strict.folds, lenient.folds)) {
      // Accepting no tuning forgery needs a threshold at least the EER's; accepting all, at
      // most.
      #expect(none.matcher.fusion.threshold >= eer.matcher.fusion.threshold)
      #expect(all.matcher.fusion.threshold <= eer.matcher.fusion.threshold)
      // The weights and map do not depend on the threshold's rule.
      var same = none.matcher.fusion
      same.threshold = eer.matcher.fusion.threshold
      #expect(same == eer.matcher.fusion)
    }
    // The equal error rates do not depend on it either; the rates at the threshold do.
    #expect(strict.skilled.perUserEER == atEER.skilled.perUserEER)
    #expect(
      strict.skilled.atTunedThreshold.falseAcceptRate
        <= atEER.skilled.atTunedThreshold.falseAcceptRate)
  }

  @Test func theSameSeedGivesTheSameReportAndAnotherSeedOtherDraws() throws {
    let users = Self.users(3)
    let first = try SignatureEvaluation(trials: 2, seed: 3).run(users)
    let again = try SignatureEvaluation(trials: 2, seed: 3).run(users)
    #expect(first == again)
    let other = try SignatureEvaluation(trials: 2, seed: 4).run(users)
    #expect(other.users.map(\.meanScore) != first.users.map(\.meanScore))
  }

  @Test func theProtocolRefusesTooLittleData() {
    let users = Self.users(2)
    #expect(throws: SignatureEvaluationError.tooFewUsers(count: 1)) {
      try SignatureEvaluation().run(Array(users.prefix(1)))
    }
    var short = users
    short[1].genuine = Array(short[1].genuine.prefix(10))
    #expect(throws: SignatureEvaluationError.tooFewGenuine(user: "U2", count: 10, needed: 11)) {
      try SignatureEvaluation().run(short)
    }
    #expect(
      SignatureEvaluation.pairCount(userCount: 20, signatures: 40)
        == 20 * (0..<10).reduce(0) { $0 + 77 - $1 })
  }
}
