/// The names and version that Ductus JSON files carry inside, so that a file says what it is.
public enum DuctusJSONSchema {
  /// The value of a drawing's `"format"` member.
  public static let formatName = "ductus-drawing"
  /// The schema version this implementation writes, and the newest it reads.
  public static let version = 1
  /// The members of a drawing object that the reader reads (each at most once).
  static let drawingKeys = ["format", "version", "label", "metadata", "strokes"]
  /// The members of a stroke object that the reader reads (each at most once).
  static let strokeKeys = [
    "ink", "color", "transform", "creationDate", "mask", "randomSeed", "points",
  ]
}
