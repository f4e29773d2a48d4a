import Foundation
import _DuctusSupport

/// The accuracy of a recognizer on a labelled corpus under the papers' protocols (user-dependent
/// as in the $1 paper, user-independent as in the $P paper; ``GestureEvaluationProtocol``).
///
/// Each trial of each writer draws its templates and candidates with its own seeded generator
/// (SplitMix64 seeded by the seed, the writer's index and the trial), so the result is the
/// same whatever the number of threads. Answers are top-1 labels without rejection (the minimum
/// score plays no part); ``DollarQRecognizer`` abandons across labels, as its paper does.
///
/// ```swift
/// let evaluation = GestureEvaluation(recognizer: .dollar1, protocol: .userDependent,
///                                    templatesPerClass: 1, trials: 100, seed: 1)
/// let result = try evaluation.run(samples)     // result.accuracy
/// ```
public struct GestureEvaluation: Hashable, Sendable {
  /// The recognizer evaluated.
  public var recognizer: GestureRecognizerKind
  /// How templates and candidates are drawn.
  public var evaluationProtocol: GestureEvaluationProtocol
  /// Templates of each class in a trial.
  public var templatesPerClass: Int
  /// Trials a writer.
  public var trials: Int
  /// The seed of the draws.
  public var seed: UInt64

  /// An evaluation as given.
  public init(
    recognizer: GestureRecognizerKind, protocol evaluationProtocol: GestureEvaluationProtocol,
    templatesPerClass: Int, trials: Int, seed: UInt64
  ) {
    self.recognizer = recognizer
    self.evaluationProtocol = evaluationProtocol
    self.templatesPerClass = max(1, templatesPerClass)
    self.trials = max(1, trials)
    self.seed = seed
  }

  /// One recognised candidate: its true label, the answer and its score.
  private struct Answer: Sendable {
    var truth: String
    var label: String
    var score: Double
  }

  /// Runs every trial of every writer. A class takes part for a writer when the writer drew it
  /// at least `N + 1` times (user-dependent), or once and the other writers `N` times together
  /// (user-independent).
  ///
  /// - Throws: a ``GestureError`` for a sample without points or with a non-finite coordinate.
  public func run(_ samples: [GestureSample]) throws(GestureError) -> GestureEvaluationResult {
    let writers = Array(Set(samples.map(\.writer))).sorted()
    let byWriter = samples.indices.reduce(into: [String: [String: [Int]]]()) {
      $0[samples[$1].writer, default: [:]][samples[$1].label, default: []].append($1)
    }
    let units = writers.count * trials
    let answers = Locked([Result<[Answer], GestureError>?](repeating: nil, count: units))
    DispatchQueue.concurrentPerform(iterations: units) { unit in
      let writer = writers[unit / trials]
      var generator = SplitMix64(
        seed: seed &+ 0x9E37_79B9_7F4A_7C15 &* UInt64(unit / trials + 1) &+ UInt64(unit % trials))
      let answer = Result { () throws(GestureError) -> [Answer] in
        try trial(writer: writer, samples: samples, byWriter: byWriter, using: &generator)
      }
      answers.withLock { $0[unit] = answer }
    }
    var all: [Answer] = []
    for answer in answers.withLock({ $0 }) { all += try answer!.get() }
    return summary(all, writers: writers.count)
  }

  /// One trial of one writer: the templates drawn, the recognizer made, each candidate answered.
  private func trial(
    writer: String, samples: [GestureSample], byWriter: [String: [String: [Int]]],
    using generator: inout SplitMix64
  ) throws(GestureError) -> [Answer] {
    let own = byWriter[writer] ?? [:]
    var templates: [GestureTemplate] = []
    var candidates: [GestureSample] = []
    for label in own.keys.sorted() {
      let mine = own[label]!
      switch evaluationProtocol {
      case .userDependent:
        guard mine.count > templatesPerClass else { continue }
        let order = generator.permutation(count: mine.count)
        for position in order.prefix(templatesPerClass) {
          let sample = samples[mine[position]]
          templates.append(GestureTemplate(label: label, strokes: sample.strokes))
        }
        candidates.append(samples[mine[order[templatesPerClass]]])
      case .userIndependent:
        let others = byWriter.keys.sorted().filter { $0 != writer }
          .flatMap { byWriter[$0]?[label] ?? [] }
        guard others.count >= templatesPerClass, !mine.isEmpty else { continue }
        for position in generator.permutation(count: others.count).prefix(templatesPerClass) {
          templates.append(
            GestureTemplate(label: label, strokes: samples[others[position]].strokes))
        }
        candidates.append(samples[mine[generator.permutation(count: mine.count)[0]]])
      }
    }
    guard !templates.isEmpty else { return [] }
    let recognizer = try recognizer.recognizer(
      templates: templates, minimumScore: -.infinity, ranksEveryLabel: false)
    var answers: [Answer] = []
    for candidate in candidates {
      let answer = try recognizer.recognize(candidate.strokes)
      answers.append(Answer(truth: candidate.label, label: answer.label, score: answer.score))
    }
    return answers
  }

  /// The tally of all answers.
  private func summary(_ answers: [Answer], writers: Int) -> GestureEvaluationResult {
    var confusion: [String: [String: Int]] = [:]
    var right: [String: Int] = [:]
    var total: [String: Int] = [:]
    var rightScores: [Double] = []
    var wrongScores: [Double] = []
    for answer in answers {
      confusion[answer.truth, default: [:]][answer.label, default: 0] += 1
      total[answer.truth, default: 0] += 1
      if answer.label == answer.truth {
        right[answer.truth, default: 0] += 1
        rightScores.append(answer.score)
      } else {
        wrongScores.append(answer.score)
      }
    }
    rightScores.sort()
    wrongScores.sort()
    func percentile(_ sorted: [Double], _ p: Double) -> Double {
      sorted[min(sorted.count - 1, Int((p / 100 * Double(sorted.count)).rounded(.down)))]
    }
    let correct = rightScores.count
    return GestureEvaluationResult(
      recognizer: recognizer, evaluationProtocol: evaluationProtocol,
      templatesPerClass: templatesPerClass, trials: trials, seed: seed, writers: writers,
      tests: answers.count, correct: correct,
      accuracy: answers.isEmpty ? 0 : Double(correct) / Double(answers.count),
      classAccuracy: total.reduce(into: [:]) {
        $0[$1.key] = Double(right[$1.key] ?? 0) / Double($1.value)
      },
      confusion: confusion,
      correctScorePercentiles: rightScores.isEmpty
        ? [:]
        : [
          "p1": percentile(rightScores, 1), "p5": percentile(rightScores, 5),
          "p50": percentile(rightScores, 50),
        ],
      wrongScoreMedian: wrongScores.isEmpty ? nil : percentile(wrongScores, 50))
  }
}
