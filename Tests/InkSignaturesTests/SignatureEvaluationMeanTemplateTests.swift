import Foundation
import InkFeatures
import Testing

@testable import InkSignatures

/// The evaluation's mean templates: each trial's is the one an enrolment of the trial's
/// references against the other users' second signatures makes, and a matcher that gives it no
/// share evaluates as before it.
@Suite struct SignatureEvaluationMeanTemplateTests {
  @Test func aTrialsMeanTemplateIsTheEnrolments() throws {
    let users = SignatureEvaluationTests.users(3)
    let evaluation = SignatureEvaluation(trials: 2, seed: 5)
    let prepared = try evaluation.prepare(users)
    let table = evaluation.localDistanceTable(prepared, progress: nil)
    let templates = evaluation.meanTemplateTable(prepared, table)
    #expect(templates.map(\.count) == [2, 2, 2])
    for u in users.indices {
      let cohort = users.indices.filter { $0 != u }.map { users[$0].genuine[1] }
      for t in 0..<evaluation.trials {
        let chosen = evaluation.references(user: u, trial: t)
        let template = try SignatureEnrollment(consistencyLimit: nil).enroll(
          chosen.map { users[u].genuine[$0] }, cohort: cohort)
        let mean = try #require(template.meanTemplate)
        let trial = templates[u][t]
        #expect(abs(trial.genuineAnchor - mean.genuineAnchor) <= 1e-12 * mean.genuineAnchor)
        let cohortDistance = try #require(mean.cohortDistance)
        #expect(abs(trial.cohortDistance - cohortDistance) <= 1e-12 * cohortDistance)
        // The tests: S11, S12, the skilled forgeries, then the other users' first signatures.
        let tests =
          Array(users[u].genuine[10...]) + users[u].skilled
          + users.indices.filter { $0 != u }.map { users[$0].genuine[0] }
        #expect(trial.tests.count == tests.count)
        for (distance, questioned) in zip(trial.tests, tests) {
          let expected = try #require(try template.verify(questioned).distances.meanTemplate)
          #expect(abs(distance - expected) <= 1e-12 * expected)
        }
      }
    }
  }

  @Test func withoutAShareTheEvaluationMakesNoMeanTemplate() throws {
    let users = SignatureEvaluationTests.users(4)
    var matcher = SignatureMatcher()
    matcher.fusion.meanTemplateShare = 0
    let without = try SignatureEvaluation(trials: 2, seed: 7, matcher: matcher).run(users)
    let with = try SignatureEvaluation(trials: 2, seed: 7).run(users)
    for (old, new) in zip(without.folds, with.folds) {
      #expect(old.matcher.fusion.meanTemplateShare == 0)
      // No template was made: the typical cohort distance of templates stays its default.
      #expect(old.matcher.fusion.typicalMeanTemplateCohortDistance == 1)
      #expect(new.matcher.fusion.meanTemplateShare == 0.5)
      #expect(new.matcher.fusion.typicalMeanTemplateCohortDistance != 1)
    }
    #expect(without.users.map(\.meanScore) != with.users.map(\.meanScore))
  }

  /// One reference leaves none to average when it is left out: the evaluation goes on
  /// without a mean template (as a share of 0 would) instead of trapping. (An enrolment needs
  /// two references.)
  @Test func oneReferenceMakesNoMeanTemplate() throws {
    let users = SignatureEvaluationTests.users(3)
    let one = try SignatureEvaluation(trials: 1, referenceCount: 1).run(users)
    #expect(one.folds.count == 2)
    #expect(one.folds.allSatisfy { $0.matcher.fusion.typicalMeanTemplateCohortDistance == 1 })
  }
}
