extension FeatureSet {
  /// The features PaperKit markup supports, with PaperKit's case names.
  ///
  /// PaperKit's documentation lists further "drawing features" whose names are not public in
  /// the pages this was written from; they are not modelled (the inks of the drawing are
  /// ``FeatureSet/inks``).
  public enum Feature: String, Hashable, Sendable, CaseIterable {
    /// Image elements.
    case images
    /// Inserting stickers (which are images once inserted; a model never holds one).
    case stickers
    /// Loupe elements (not modelled here: a model never holds one).
    case loupes
    /// Link elements (not modelled here: a model never holds one).
    case links
    /// Shapes with fills.
    case shapeFills
    /// Shapes with strokes.
    case shapeStrokes
    /// Shapes with translucent colours (alpha below 1); our reading of "shapes with opacity".
    case shapeOpacity
    /// Text boxes.
    case text
  }
}
