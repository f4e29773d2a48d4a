/// The bounds ``PaperMarkup/init(dataRepresentation:)`` reads within; data over any of them is
/// refused with a ``PaperMarkupDataError`` before the reader allocates for it (see
/// <doc:PaperMarkupJSON>).
public enum PaperMarkupLimits {
  /// The largest document: 128 MiB.
  public static let maximumDataBytes = 134_217_728
  /// The most elements: 100,000.
  public static let maximumElements = 100_000
  /// The largest magnitude of a coordinate, size, width or angle: a 32-bit float's largest.
  public static let maximumMagnitude = Double(Float.greatestFiniteMagnitude)
  /// The most points of a star and sides of a polygon: 1,000.
  public static let maximumVertices = 1_000
  /// The longest text of a text box: 1,000,000 bytes of UTF-8.
  public static let maximumTextBytes = 1_000_000
  /// The most pixels of an image: 16,777,216 (4096 × 4096).
  public static let maximumImagePixels = 16_777_216
  /// The most strokes of a drawing element (as the command line's `--max-strokes`).
  public static let maximumStrokes = 100_000
  /// The most points of one stroke (as `--max-stroke-points`).
  public static let maximumStrokePoints = 1_000_000
  /// The most points of a drawing element (as `--max-drawing-points`).
  public static let maximumDrawingPoints = 2_000_000
}
