import OpenPencilKit

/// One element of a ``PaperMarkup``, in drawing order (later elements on top).
///
/// PaperKit 27 names the element types (`ShapeMarkup`, `ImageMarkup`, the drawing's strokes) and
/// keeps them in `subelements`; here the order is the array ``PaperMarkup/elements`` and a run of
/// PencilKit ink appended at once is one `.drawing` element.
public enum MarkupElement: Hashable, Sendable {
  /// A shape or a line.
  case shape(ShapeMarkup)
  /// A text box.
  case textbox(TextboxMarkup)
  /// An image.
  case image(ImageMarkup)
  /// PencilKit ink, in paper coordinates.
  case drawing(PKDrawing)
}
