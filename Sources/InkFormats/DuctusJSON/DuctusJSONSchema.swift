/// The names and version that Ductus JSON files carry inside, so that a file says what it is.
public enum DuctusJSONSchema {
  /// The value of a drawing's `"format"` member.
  public static let formatName = "ductus-drawing"
  /// The schema version this implementation writes, and the newest it reads.
  public static let version = 1
}
