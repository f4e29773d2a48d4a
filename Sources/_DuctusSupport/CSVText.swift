/// Builds CSV text (RFC 4180, lines ended by `\n`): quoted fields and numbers as
/// `JSONTextWriter` writes them, so that a value reads the same in every output format.
///
/// ```swift
/// let line = [CSVText.field("a,b"), CSVText.number(0.5), CSVText.number(2)]
///   .joined(separator: ",")   // "a,b",0.5,2
/// ```
package enum CSVText {
  /// A text field: as it is, or in double quotes (inner quotes doubled) when it holds a comma,
  /// a quote, a line feed or a carriage return.
  package static func field(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D })
    else { return text }
    return "\"" + text.replacing("\"", with: "\"\"") + "\""
  }

  /// A number field: the shortest digits that read back exactly (those of
  /// `JSONTextWriter.number(_:)`). A value that is not finite is never written as data: the
  /// commands check their values first, and should one reach here the field is empty (a
  /// missing value to NumPy and pandas), never `NaN` or `inf`.
  package static func number(_ value: Double) -> String {
    value.isFinite ? JSONTextWriter.digits(value) : ""
  }
}
