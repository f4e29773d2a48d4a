import InkSampling

/// A labelled gesture of a corpus with the writer who drew it, for ``GestureEvaluation``.
public struct GestureSample: Hashable, Sendable {
  /// The gesture's true label.
  public var label: String
  /// Who drew it (for the $1 logs, the subject, or the subject and speed).
  public var writer: String
  /// The strokes.
  public var strokes: [SampleBuffer]

  /// A sample as given.
  public init(label: String, writer: String, strokes: [SampleBuffer]) {
    self.label = label
    self.writer = writer
    self.strokes = strokes
  }
}
