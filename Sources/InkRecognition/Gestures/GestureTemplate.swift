import InkSampling

/// A user-made example of a gesture: its label and its strokes, in the order they were drawn.
///
/// ```swift
/// let template = GestureTemplate(label: "circle", strokes: StrokeSampler().samples(of: drawing))
/// ```
public struct GestureTemplate: Hashable, Sendable {
  /// The gesture's name, what a recognizer answers when this template is nearest.
  public var label: String
  /// The strokes (only `x` and `y` are read).
  public var strokes: [SampleBuffer]

  /// A template of the given label and strokes.
  public init(label: String, strokes: [SampleBuffer]) {
    self.label = label
    self.strokes = strokes
  }

  /// Checks a recognizer's template set: not empty, and no template labelled as the rejection
  /// (`GestureRecognition.rejectionLabel`).
  ///
  /// - Throws: `GestureError.noTemplates`, `GestureError.reservedLabel`.
  static func checkSet(_ templates: [GestureTemplate]) throws(GestureError) {
    guard !templates.isEmpty else { throw .noTemplates }
    guard !templates.contains(where: { $0.label == GestureRecognition.rejectionLabel }) else {
      throw .reservedLabel
    }
  }

  /// The strokes as points tagged with their stroke's index, checked to be finite and not empty.
  func points() throws(GestureError) -> [[GesturePoint]] {
    try Self.points(of: strokes, template: label)
  }

  /// Strokes as points tagged with their stroke's index; `template` names the gesture in errors
  /// (`nil` for a candidate). Strokes without a point are left out.
  static func points(of strokes: [SampleBuffer], template: String?) throws(GestureError)
    -> [[GesturePoint]]
  {
    var result: [[GesturePoint]] = []
    for stroke in strokes where !stroke.isEmpty {
      let index = result.count
      var points: [GesturePoint] = []
      points.reserveCapacity(stroke.count)
      for (x, y) in zip(stroke.xs, stroke.ys) {
        guard x.isFinite, y.isFinite else { throw .nonFinite(template: template) }
        points.append(GesturePoint(x: x, y: y, stroke: index))
      }
      result.append(points)
    }
    guard !result.isEmpty else { throw .empty(template: template) }
    return result
  }
}
