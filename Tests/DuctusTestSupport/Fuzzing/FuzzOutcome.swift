import InkFormats

/// What one fuzz input did to a reader.
public enum FuzzOutcome: Hashable, Sendable {
  /// It read, giving this many records.
  case decoded(records: Int)
  /// It was refused with an `InkFormatError` of this kind that names the file.
  case refused(InkFormatError.Kind)
  /// Any other way of failing: an error of another type, or one that names no file (a
  /// finding, as the command line could not tell the user which file is wrong).
  case unclassified(String)

  /// The name the report counts it under: `decoded`, the error kind, or `unclassified`.
  public var label: String {
    switch self {
    case .decoded: "decoded"
    case .refused(let kind): kind.rawValue
    case .unclassified: "unclassified"
    }
  }
}
