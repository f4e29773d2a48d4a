import Foundation
import InkFeatures
import InkMath
import _DuctusSupport

/// The SVC2004 evaluation protocol with two-fold cross-validation over the users.
///
/// ```swift
/// let evaluation = SignatureEvaluation(trials: 10, seed: 1)
/// let report = try evaluation.run(users)       // users 1–20 of SVC2004 Task 2
/// report.skilled.perUserEER.mean               // the users' EER, averaged
/// report.random.pooledEER                      // one threshold for all, mean ± sd
/// ```
///
/// Per user and trial, ``referenceCount`` references are drawn at random from the first ten
/// genuine signatures (S1–S10), and tested are the other genuine signatures (S11–S20), every
/// skilled forgery (S21–S40), and the first genuine signature (S1) of every other user as a
/// random forgery — 19 with 20 users, where the competition took 20 from its 40 users. Trial
/// `t` of the user at position `u` draws the first ``referenceCount`` of a permutation of the
/// ten made by `SplitMix64(seed: seed + 1000 · u + t)`.
///
/// The users are cut in two halves in input order (users 1–10 and 11–20 of SVC2004); each half
/// is tuned on (the population scales of the global features, the fusion's weights, logistic
/// map and threshold, as <doc:SignatureVerification> describes) and the other half reported
/// on, then the halves swap. Nothing of a reported user is seen by the fold that scores it. The DTW
/// distances do not depend on the tuning and are computed once for every pair needed (each
/// user's first ten genuine signatures against all of that user's signatures and the other
/// users' first), in parallel over the cores; so is each trial's mean template
/// (``SignatureMeanTemplate``, when the matcher's fusion gives it a share), its anchors and its
/// distances to the tests, the cohort being the other users' second genuine signatures.
public struct SignatureEvaluation: Hashable, Sendable {
  /// The trials a user (10 in SVC2004).
  public var trials: Int
  /// The seed of the trials' draws.
  public var seed: UInt64
  /// The references a trial (5 in SVC2004).
  public var referenceCount: Int
  /// The matcher whose local functions, global features, band and floor are evaluated; the
  /// scales and fusion are tuned by the folds.
  public var matcher: SignatureMatcher
  /// The skilled forgeries' false-accept rate the tuned threshold is set for on the tuning
  /// users, or `nil` for their equal error rate.
  public var targetFalseAcceptRate: Double?

  /// The genuine signatures references are drawn from.
  public static let referencePool = 10

  /// An evaluation with the given trials, seed and matcher.
  public init(
    trials: Int = 10, seed: UInt64 = 1, referenceCount: Int = 5,
    matcher: SignatureMatcher = SignatureMatcher(), targetFalseAcceptRate: Double? = nil
  ) {
    self.trials = trials
    self.seed = seed
    self.referenceCount = referenceCount
    self.matcher = matcher
    self.targetFalseAcceptRate = targetFalseAcceptRate
  }

  /// Evaluates the matcher on `users`; `progress` is told how many DTW pairs (of
  /// ``pairCount(userCount:signatures:)``) were just done, from any thread.
  ///
  /// - Throws: ``SignatureEvaluationError`` for too few users or signatures, or a signature that
  ///   cannot be compared.
  public func run(
    _ users: [SignatureEvaluationUser],
    progress: (@Sendable (_ pairs: Int) -> Void)? = nil
  ) throws(SignatureEvaluationError) -> SignatureEvaluationReport {
    let prepared = try prepare(users)
    let table = localDistanceTable(prepared, progress: progress)
    // One reference leaves none to average when it is left out: no mean template then.
    let meanTemplates =
      matcher.fusion.meanTemplateShare > 0 && referenceCount >= 2
      ? meanTemplateTable(prepared, table) : nil
    let halves = [Array(0..<users.count / 2), Array(users.count / 2..<users.count)]
    var folds: [SignatureEvaluationFold] = []
    var heldOut = [[SignatureTrialScores]](repeating: [], count: users.count)
    var foldOfUser = [Int](repeating: 0, count: users.count)
    var thresholdOfUser = [Double](repeating: 0, count: users.count)
    for (index, (tuning, test)) in [(halves[0], halves[1]), (halves[1], halves[0])].enumerated() {
      var tuned = matcher
      tuned.globalFeatureScales = Self.populationScales(
        tuning.flatMap { prepared[$0].genuine.prefix(Self.referencePool).map(\.global) })
      let indices = try Self.globalFeatureIndices(tuned)
      tuned.fusion = SignatureFusionTraining.train(
        tuning.map { trialDistances(user: $0, prepared, table, meanTemplates, tuned, indices) },
        meanTemplateShare: matcher.fusion.meanTemplateShare,
        targetFalseAcceptRate: targetFalseAcceptRate)
      let scores = test.map {
        trialDistances(user: $0, prepared, table, meanTemplates, tuned, indices).map {
          $0.scores(tuned.fusion)
        }
      }
      let thresholds = test.map { _ in tuned.fusion.threshold }
      for (user, userScores) in zip(test, scores) {
        heldOut[user] = userScores
        foldOfUser[user] = index
        thresholdOfUser[user] = tuned.fusion.threshold
      }
      folds.append(
        SignatureEvaluationFold(
          tuningUsers: tuning.map { users[$0].id }, testUsers: test.map { users[$0].id },
          matcher: tuned, skilled: Self.figures(scores, .skilled, thresholds: thresholds),
          random: Self.figures(scores, .random, thresholds: thresholds)))
    }
    let skilled = SignatureErrorRates.of(heldOut, .skilled).byUser
    let random = SignatureErrorRates.of(heldOut, .random).byUser
    let all = heldOut.flatMap { $0 }
    return SignatureEvaluationReport(
      protocol: "svc2004", trials: trials, seed: seed, referenceCount: referenceCount,
      skilled: Self.figures(heldOut, .skilled, thresholds: thresholdOfUser),
      random: Self.figures(heldOut, .random, thresholds: thresholdOfUser), folds: folds,
      users: users.indices.map { u in
        let scores = heldOut[u]
        return SignatureUserFigures(
          user: users[u].id, fold: foldOfUser[u], skilledEER: MeanAndDeviation(of: skilled[u]),
          randomEER: MeanAndDeviation(of: random[u]),
          meanScore: SignatureUserFigures.MeanScores(
            genuine: Self.mean(scores.flatMap(\.genuine)),
            skilled: Self.mean(scores.flatMap(\.skilled)),
            random: Self.mean(scores.flatMap(\.random))))
      },
      scores: SignatureScoreHistogram(
        genuine: all.flatMap(\.genuine), skilled: all.flatMap(\.skilled),
        random: all.flatMap(\.random)))
  }

  /// The matcher's global-feature positions, its error as an evaluation error.
  static func globalFeatureIndices(_ matcher: SignatureMatcher) throws(SignatureEvaluationError)
    -> SignatureEvidenceValues<[Int]>
  {
    do {
      return try matcher.globalFeatureIndices()
    } catch {
      throw .signature(error)
    }
  }

  /// The pairs of signatures whose DTW distances an evaluation of `userCount` users with
  /// `signatures` signatures each computes: each of the first ten genuine signatures against
  /// the later ones of its user and the other users' first and second (the random forgeries and
  /// the cohort).
  public static func pairCount(userCount: Int, signatures: Int) -> Int {
    let width = signatures + 2 * (userCount - 1)
    return userCount * (0..<referencePool).reduce(0) { $0 + width - $1 - 1 }
  }

  /// A user's signatures prepared for the matcher.
  struct PreparedUser: Sendable {
    /// The genuine signatures.
    var genuine: [PreparedSignature]
    /// The skilled forgeries.
    var skilled: [PreparedSignature]
  }

  /// The users' signatures, prepared and checked against the protocol's needs.
  func prepare(_ users: [SignatureEvaluationUser]) throws(SignatureEvaluationError)
    -> [PreparedUser]
  {
    guard users.count >= 2 else { throw .tooFewUsers(count: users.count) }
    let needed = Self.referencePool + 1
    var prepared: [PreparedUser] = []
    do {
      _ = try matcher.globalFeatureIndices()
      for user in users {
        guard user.genuine.count >= needed else {
          throw SignatureEvaluationError.tooFewGenuine(
            user: user.id, count: user.genuine.count, needed: needed)
        }
        guard !user.skilled.isEmpty else {
          throw SignatureEvaluationError.noSkilledForgeries(user: user.id)
        }
        var genuine: [PreparedSignature] = []
        for (index, features) in user.genuine.enumerated() {
          genuine.append(
            try PreparedSignature(features, for: matcher, name: "\(user.id)S\(index + 1)"))
        }
        var skilled: [PreparedSignature] = []
        for (index, features) in user.skilled.enumerated() {
          skilled.append(
            try PreparedSignature(
              features, for: matcher, name: "\(user.id)S\(user.genuine.count + index + 1)"))
        }
        prepared.append(PreparedUser(genuine: genuine, skilled: skilled))
      }
    } catch let error as SignatureEvaluationError {
      throw error
    } catch let error as SignatureMatchingError {
      throw .signature(error)
    } catch {
      preconditionFailure("\(error)")
    }
    return prepared
  }

  /// The signatures a user's references are compared with, in table-column order: the user's
  /// genuine signatures, the skilled forgeries, the first genuine signature of every other
  /// user (the random forgeries), then the second of every other user (the cohort).
  static func columns(of user: Int, _ users: [PreparedUser]) -> [PreparedSignature] {
    let others = users.indices.filter { $0 != user }
    return users[user].genuine + users[user].skilled + others.map { users[$0].genuine[0] }
      + others.map { users[$0].genuine[cohortSignature] }
  }

  /// The position among each user's genuine signatures of the one that stands in the other
  /// users' cohorts: S2, so that the cohort never holds the random forgeries (S1).
  static let cohortSignature = 1

  /// For each user, the DTW distances from each of the first ten genuine signatures (rows) to
  /// every column of ``columns(of:_:)``.
  func localDistanceTable(
    _ users: [PreparedUser], progress: (@Sendable (Int) -> Void)?
  ) -> [[[SignatureLocalDistances]]] {
    let columns = users.indices.map { Self.columns(of: $0, users) }
    // One task a (user, row): the pairs of a row with columns beyond it among the pool.
    let tasks = users.indices.flatMap { u in (0..<Self.referencePool).map { (u, $0) } }
    let widths = columns.map(\.count)
    let offsets = widths.reduce(into: [0]) { $0.append($0.last! + $1 * Self.referencePool) }
    var flat = [SignatureLocalDistances](repeating: .zero, count: offsets.last!)
    flat.withUnsafeMutableBufferPointer { storage in
      let out = DisjointWriteBuffer(storage)
      ParallelLoop.forEachChunk(of: tasks.indices, chunksPerCore: 4) { range in
        for task in range {
          let (u, row) = tasks[task]
          let reference = users[u].genuine[row]
          // The cohort's columns need the joint distance only.
          let cohortStart = widths[u] - (users.count - 1)
          for column in (row + 1)..<widths[u] {
            out[offsets[u] + row * widths[u] + column] =
              column < cohortStart
              ? matcher.localDistances(reference, columns[u][column])
              : SignatureLocalDistances(
                joint: matcher.jointDistance(reference, columns[u][column]),
                kinds: SignatureEvidenceValues(repeating: 0))
          }
          progress?(widths[u] - row - 1)
        }
      }
    }
    return users.indices.map { u in
      (0..<Self.referencePool).map { row in
        (0..<widths[u]).map { column in
          // The pool's pairs were computed once, above the diagonal.
          column < Self.referencePool && column < row
            ? flat[offsets[u] + column * widths[u] + row]
            : flat[offsets[u] + row * widths[u] + column]
        }
      }
    }
  }

  /// A trial's mean template (``SignatureMeanTemplate``) as the evaluation needs it: the
  /// barycentre's joint distances to the tested columns, and its anchors.
  struct MeanTemplateTrial: Sendable {
    /// The barycentre's joint distance to each column of ``columns(of:_:)`` from the first
    /// test (S11) to the last random forgery.
    var tests: [Double]
    /// The mean over references of each one's distance to the barycentre of the others.
    var genuineAnchor: Double
    /// The nearest cohort signature's distance to the barycentre.
    var cohortDistance: Double
  }

  /// For each user and trial, the mean template of the trial's references, from the joint
  /// distances of `table` (the medoids), in parallel over the trials: six barycentres a trial
  /// and the barycentre's joint distances to the tests and the cohort.
  func meanTemplateTable(_ users: [PreparedUser], _ table: [[[SignatureLocalDistances]]])
    -> [[MeanTemplateTrial]]
  {
    // Trial by trial, so that each chunk holds several users (their lengths differ up to five
    // times, and a user's trials cost alike).
    let tasks = (0..<trials).flatMap { t in users.indices.map { ($0, t) } }
    let empty = MeanTemplateTrial(tests: [], genuineAnchor: 0, cohortDistance: 0)
    var flat = [MeanTemplateTrial](repeating: empty, count: tasks.count)
    flat.withUnsafeMutableBufferPointer { storage in
      let out = DisjointWriteBuffer(storage)
      ParallelLoop.forEachChunk(of: tasks.indices, chunksPerCore: 8) { range in
        for task in range {
          let (u, t) = tasks[task]
          let columns = Self.columns(of: u, users)
          let chosen = references(user: u, trial: t)
          // Two references or more (run(_:progress:) asks for no table with fewer).
          let (barycentre, genuineAnchor) = matcher.meanTemplate(
            of: chosen.map { users[u].genuine[$0] }
          ) { table[u][chosen[$0]][chosen[$1]].joint }!
          let cohortStart = columns.count - (users.count - 1)
          let distances = (Self.referencePool..<columns.count).map {
            matcher.jointDistance(barycentre, columns[$0])
          }
          out[task] = MeanTemplateTrial(
            tests: Array(distances[..<(cohortStart - Self.referencePool)]),
            genuineAnchor: genuineAnchor,
            cohortDistance: distances[(cohortStart - Self.referencePool)...].min() ?? 0)
        }
      }
    }
    return users.indices.map { u in (0..<trials).map { flat[$0 * users.count + u] } }
  }

  /// The references of user `u` in trial `t`: positions among the first ten genuine signatures.
  func references(user u: Int, trial t: Int) -> [Int] {
    var generator = SplitMix64(seed: seed &+ UInt64(1000 * u + t))
    return Array(generator.permutation(count: Self.referencePool).prefix(referenceCount))
  }

  /// The normalised distances of every test of user `u`, trial by trial, under `matcher`.
  func trialDistances(
    user u: Int, _ users: [PreparedUser], _ table: [[[SignatureLocalDistances]]],
    _ meanTemplates: [[MeanTemplateTrial]]?, _ matcher: SignatureMatcher,
    _ indices: SignatureEvidenceValues<[Int]>
  ) -> [SignatureTrialDistances] {
    let columns = Self.columns(of: u, users)
    let genuineCount = users[u].genuine.count
    let skilledCount = users[u].skilled.count
    return (0..<trials).map { t in
      let chosen = references(user: u, trial: t)
      let cohortColumns = columns.count - (users.count - 1)..<columns.count
      let cohort = chosen.flatMap { row in cohortColumns.map { table[u][row][$0].joint } }
      let statistics = SignatureReferenceStatistics(
        count: chosen.count, globals: chosen.map { users[u].genuine[$0].global },
        cohortDistance: cohort.reduce(0, +) / Double(cohort.count)
      ) { table[u][chosen[$0]][chosen[$1]] }
      let meanTemplate = meanTemplates?[u][t]
      func distances(_ column: Int) -> SignatureDistances {
        matcher.distances(
          toReferences: chosen.map { table[u][$0][column] }, global: columns[column].global,
          statistics: statistics, indices: indices,
          meanTemplate: meanTemplate.map {
            ($0.tests[column - Self.referencePool], $0.genuineAnchor, $0.cohortDistance)
          })
      }
      return SignatureTrialDistances(
        genuine: (Self.referencePool..<genuineCount).map(distances),
        skilled: (genuineCount..<genuineCount + skilledCount).map(distances),
        random: (genuineCount + skilledCount..<columns.count - (users.count - 1)).map(distances))
    }
  }

  /// The standard deviation of each global feature over the given signatures (1 where it does
  /// not vary, so that the floor stays positive).
  static func populationScales(_ globals: [[Double]]) -> [Double] {
    guard let first = globals.first else { return [] }
    return first.indices.map { f in
      let deviation = MeanAndDeviation(of: globals.map { $0[f] }).sd
      return deviation > 0 ? deviation : 1
    }
  }

  /// The figures of one kind of forgery from held-out scores, each user's judged at its
  /// fold's threshold (`thresholds`, one a user) for ``SignatureForgeryFigures/atTunedThreshold``.
  static func figures(
    _ scores: [[SignatureTrialScores]], _ kind: SignatureForgeryKind, thresholds: [Double]
  ) -> SignatureForgeryFigures {
    let rates = SignatureErrorRates.of(scores, kind).rates
    let all = scores.flatMap { $0 }
    let genuine = all.flatMap(\.genuine)
    let forgeries = all.flatMap { $0.forgeries(kind) }
    let curve = ErrorRateCurve(genuine: genuine, forgeries: forgeries)
    // Shifting each user's scores by its threshold judges every user at 0.
    let shifted = zip(scores, thresholds).flatMap { user, threshold in
      user.map { trial in
        (trial.genuine.map { $0 - threshold }, trial.forgeries(kind).map { $0 - threshold })
      }
    }
    let tuned = ErrorRateCurve.rates(
      at: 0, genuine: shifted.flatMap(\.0), forgeries: shifted.flatMap(\.1))
    return SignatureForgeryFigures(
      perUserEER: rates.perUserEER, pooledEER: rates.pooledEER,
      atTunedThreshold: ErrorRatePoint(
        threshold: thresholds.first ?? 0, falseAcceptRate: tuned.falseAcceptRate,
        falseRejectRate: tuned.falseRejectRate),
      curveEER: curve.equalErrorRate, det: curve.thinnedPoints())
  }

  /// The mean of some numbers, 0 for none.
  static func mean(_ values: [Double]) -> Double {
    values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
  }
}
