import Foundation
import OpenPencilKit

/// PaperKit's data model on Linux: a page of shapes, lines, text boxes, images and PencilKit ink.
///
/// Model code written against PaperKit compiles here unchanged once `import PaperKit` reads
/// `import OpenPaperKit` (see <doc:PaperKitModel>):
///
/// ```swift
/// var markup = PaperMarkup(bounds: CGRect(x: 0, y: 0, width: 612, height: 792))
/// markup.insertNewShape(
///   configuration: ShapeConfiguration(
///     type: .rectangle, fillColor: UIColor.systemBlue.withAlphaComponent(0.2).cgColor,
///     strokeColor: UIColor.systemBlue.cgColor, lineWidth: 2),
///   frame: CGRect(x: 50, y: 420, width: 200, height: 100))
/// let data = try await markup.dataRepresentation()
/// ```
///
/// Elements are kept in drawing order in ``elements``; every insertion puts the new element on
/// top.
public struct PaperMarkup: Hashable, Sendable {
  /// The bounds of the paper; the contents are positioned relative to them.
  public var bounds: CGRect
  /// The elements, bottom first.
  public var elements: [MarkupElement]

  /// Creates an empty paper with the given bounds.
  public init(bounds: CGRect) {
    self.bounds = bounds
    elements = []
  }

  /// Adds a shape on top of the paper.
  ///
  /// - Parameters:
  ///   - configuration: The type, fill, stroke and line width.
  ///   - frame: The unrotated frame, in paper coordinates.
  ///   - rotation: The rotation in radians about the centre of the frame.
  public mutating func insertNewShape(
    configuration: ShapeConfiguration, frame: CGRect, rotation: CGFloat = 0
  ) {
    elements.append(
      .shape(ShapeMarkup(configuration: configuration, frame: frame, rotation: rotation)))
  }

  /// Adds a line on top of the paper, with an arrow head at either end or both.
  public mutating func insertNewLine(
    configuration: ShapeConfiguration, from start: CGPoint, to end: CGPoint,
    startMarker lineStartMarker: Bool = false, endMarker lineEndMarker: Bool = false
  ) {
    elements.append(
      .shape(
        ShapeMarkup(
          lineConfiguration: configuration, from: start, to: end, startMarker: lineStartMarker,
          endMarker: lineEndMarker)))
  }

  /// Adds a text box on top of the paper.
  public mutating func insertNewTextbox(
    attributedText: AttributedString, frame: CGRect, rotation: CGFloat = 0
  ) {
    elements.append(
      .textbox(TextboxMarkup(attributedText: attributedText, frame: frame, rotation: rotation)))
  }

  /// Adds a text box on top of the paper, from an `NSAttributedString` (its characters; the
  /// attributes of a Foundation string on Linux are not carried over).
  public mutating func insertNewTextbox(
    attributedText: NSAttributedString, frame: CGRect, rotation: CGFloat = 0
  ) {
    insertNewTextbox(
      attributedText: AttributedString(attributedText.string), frame: frame, rotation: rotation)
  }

  /// Adds an image on top of the paper, stretched over `frame`.
  public mutating func insertNewImage(_ image: CGImage, frame: CGRect, rotation: CGFloat = 0) {
    elements.append(.image(ImageMarkup(image: image, frame: frame, rotation: rotation)))
  }

  /// Adds the contents of another paper on top of this one (its bounds are not taken).
  public mutating func append(contentsOf other: PaperMarkup) {
    elements += other.elements
  }

  /// Adds a PencilKit drawing on top of the paper; its coordinates are paper coordinates.
  public mutating func append(contentsOf drawing: PKDrawing) {
    elements.append(.drawing(drawing))
  }

  /// All the PencilKit ink of the paper, in drawing order, as one drawing.
  public var drawing: PKDrawing {
    var all = PKDrawing()
    for case .drawing(let drawing) in elements { all.append(drawing) }
    return all
  }

  /// The text of the text boxes, one a line in drawing order; `nil` when there is none.
  ///
  /// PaperKit's is `{ get async }`; this one is synchronous, since the text is at hand, so that
  /// code reading it with or without `await` compiles (with `await`, Swift warns that nothing
  /// is asynchronous).
  public var indexableContent: String? {
    let texts = elements.compactMap { element -> String? in
      guard case .textbox(let box) = element, !box.text.isEmpty else { return nil }
      return box.text
    }
    return texts.isEmpty ? nil : texts.joined(separator: "\n")
  }
}
