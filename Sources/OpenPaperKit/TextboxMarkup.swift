import Foundation

/// A text box on the paper: its text, frame and rotation.
///
/// PaperKit 27 makes a text box a `ShapeMarkup` with `attributedText`; here it is its own
/// element. The text keeps its attributes in memory; Ductus JSON stores its characters only.
public struct TextboxMarkup: Hashable, Sendable {
  /// The text inside the box.
  public var attributedText: AttributedString
  /// The unrotated frame, in paper coordinates.
  public var frame: CGRect
  /// The rotation in radians about the centre of the frame.
  public var rotation: CGFloat

  /// Creates a text box.
  public init(attributedText: AttributedString, frame: CGRect, rotation: CGFloat = 0) {
    self.attributedText = attributedText
    self.frame = frame
    self.rotation = rotation
  }

  /// The text's characters, without attributes.
  public var text: String { String(attributedText.characters) }
}
