import InkSampling

/// A template-based gesture recognizer of the $ family: it keeps preprocessed templates and
/// answers, for a gesture, the label of the nearest one.
///
/// ```swift
/// let recognizer = try DollarPRecognizer(templates: templates)
/// let answer = try recognizer.recognize(StrokeSampler().samples(of: drawing))
/// print(answer.label, answer.score)          // "star" 0.91, or "none"
/// ```
public protocol GestureRecognizer: Sendable {
  /// The score below which a gesture is rejected (answered ``GestureRecognition/rejectionLabel``).
  var minimumScore: Double { get set }
  /// The labels of the templates, in the order they were given.
  var templateLabels: [String] { get }
  /// The gesture's answer: the best label, its score and every label ranked.
  ///
  /// - Throws: ``GestureError/empty(template:)`` for a gesture without points,
  ///   ``GestureError/nonFinite(template:)`` for NaN or infinite coordinates.
  func recognize(_ strokes: [SampleBuffer]) throws(GestureError) -> GestureRecognition
}
