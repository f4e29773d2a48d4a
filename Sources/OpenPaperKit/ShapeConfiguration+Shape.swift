extension ShapeConfiguration {
  /// The types of shape PaperKit draws, with PaperKit's case names; the raw value is the name
  /// Ductus JSON writes.
  public enum Shape: String, Hashable, Sendable, CaseIterable {
    /// A rectangle filling the frame.
    case rectangle
    /// A rectangle with rounded corners (``ShapeMarkup/cornerRadius``).
    case roundedRectangle
    /// An ellipse inscribed in the frame.
    case ellipse
    /// A straight line (``ShapeMarkup/lineStart`` to ``ShapeMarkup/lineEnd``).
    case line
    /// A filled block arrow pointing right in its frame (``ShapeMarkup/arrowCornerPoint``).
    case arrowShape
    /// A star of ``ShapeMarkup/starPoints`` points.
    case star
    /// A speech bubble with a tail (``ShapeMarkup/chatBubbleTailLocation``).
    case chatBubble
    /// A regular polygon of ``ShapeMarkup/polygonSides`` sides.
    case regularPolygon
  }
}
