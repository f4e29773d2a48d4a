/// How a stroke's ink combines with what is already on the picture.
public enum InkCompositing: Hashable, Sendable {
  /// Ink covers what lies beneath in proportion to its opacity (Porter and Duff 1984, "over").
  case over
  /// Ink darkens what lies beneath, as translucent pigment does: colours multiply, so a
  /// highlighter never hides the writing under it.
  case multiply
}
