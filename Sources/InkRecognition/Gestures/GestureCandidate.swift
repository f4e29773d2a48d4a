/// One label of a recognizer's ranking: the label and the score of its nearest template.
public struct GestureCandidate: Codable, Hashable, Sendable {
  /// The template label.
  public var label: String
  /// The score of the label's best template (higher is nearer; each recognizer's scale).
  public var score: Double

  /// A ranked label.
  public init(label: String, score: Double) {
    self.label = label
    self.score = score
  }
}
