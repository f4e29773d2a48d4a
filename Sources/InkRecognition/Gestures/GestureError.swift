/// Why a gesture or a template set cannot be recognised.
public enum GestureError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A recognizer needs at least one template.
  case noTemplates
  /// A gesture (or the template of this label) has no point.
  case empty(template: String?)
  /// A coordinate is NaN or infinite.
  case nonFinite(template: String?)
  /// A template is labelled with the rejection label, ``GestureRecognition/rejectionLabel``.
  case reservedLabel

  /// One line naming the problem.
  public var description: String {
    switch self {
    case .noTemplates: return "no template to recognise gestures with"
    case .empty(let template):
      return template.map { "the template \"\($0)\" has no point" } ?? "the gesture has no point"
    case .nonFinite(let template):
      return template.map { "the template \"\($0)\" has a coordinate that is not a finite number" }
        ?? "the gesture has a coordinate that is not a finite number"
    case .reservedLabel:
      return
        "a template is labelled \"\(GestureRecognition.rejectionLabel)\", the label of rejected "
        + "gestures"
    }
  }
}
