import InkRecognition

/// One line of `ductus gestures recognize`: the drawing's key and the recognizer's answer.
struct GestureAnswer: Encodable, Sendable {
  /// The record's key (the file's name for a file of one drawing).
  var key: String
  /// The best label, or `none` when rejected.
  var label: String
  /// The best template's score.
  var score: Double
  /// Every label, best first, with its best template's score.
  var ranking: [GestureCandidate]

  /// The answer for a record.
  init(key: String, _ recognition: GestureRecognition) {
    self.key = key
    label = recognition.label
    score = recognition.score
    ranking = recognition.ranking
  }
}
