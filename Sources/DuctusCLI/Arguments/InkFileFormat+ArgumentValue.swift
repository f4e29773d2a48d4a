import InkFormats

extension InkFileFormat: ArgumentValue {
  /// Reads a format name (`ductus-json`) or a file extension (`json`).
  public init?(argument: String) { self.init(name: argument) }

  /// `a format: ductus-json, ductus-ndjson, …`.
  public static var expectation: String {
    "a format: " + allCases.map(\.rawValue).joined(separator: ", ")
  }
}
