/// What a ``GestureEvaluation`` measured: top-1 accuracy over all its tests, by class, the
/// confusion of true label against answer, and how the scores of right and wrong answers lie
/// (for choosing a minimum score).
public struct GestureEvaluationResult: Codable, Hashable, Sendable {
  /// The recognizer evaluated.
  public var recognizer: GestureRecognizerKind
  /// How templates and candidates were drawn.
  public var evaluationProtocol: GestureEvaluationProtocol
  /// Templates of each class in a trial.
  public var templatesPerClass: Int
  /// Trials a writer.
  public var trials: Int
  /// The seed of the draws.
  public var seed: UInt64
  /// The writers that had enough gestures of some class to be tested.
  public var writers: Int
  /// Candidates recognised.
  public var tests: Int
  /// Candidates answered with their true label.
  public var correct: Int
  /// `correct / tests`.
  public var accuracy: Double
  /// Accuracy of each true label.
  public var classAccuracy: [String: Double]
  /// How often each true label (outer key) was answered with each label (inner key).
  public var confusion: [String: [String: Int]]
  /// The 1st, 5th and 50th percentiles of the scores of right answers (`"p1"`, `"p5"`, `"p50"`).
  public var correctScorePercentiles: [String: Double]
  /// The median score of wrong answers (`nil` when there was none).
  public var wrongScoreMedian: Double?

  enum CodingKeys: String, CodingKey {
    case recognizer
    case evaluationProtocol = "protocol"
    case templatesPerClass, trials, seed, writers,
      tests, correct, accuracy, classAccuracy, confusion, correctScorePercentiles,
      wrongScoreMedian
  }
}
