import _DuctusSupport

/// Why bytes could not be read as ink, with where: the file, the record and the byte offset or
/// line, so that the command line can print one line a user can act on.
public struct InkFormatError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kinds of failure.
  public enum Kind: String, Hashable, Sendable {
    /// The bytes end before the structure they declare.
    case truncated
    /// The bytes do not have the format's structure.
    case malformed
    /// A value is out of its allowed range (NaN coordinates, a negative count …).
    case invalidValue
    /// The data needs a newer version than this implementation reads.
    case unsupportedVersion
    /// The file's format could not be told from its name or content.
    case unknownFormat
    /// The format cannot do what was asked (writing a format that is only read, a corpus into
    /// a format that holds one drawing …).
    case unsupported
    /// The output could not be written (a missing or read-only folder, a full disk).
    case writeFailed
  }

  /// The kind of failure.
  public var kind: Kind
  /// What is wrong, in a short sentence without a trailing full stop.
  public var message: String
  /// The file, when known.
  public var file: String?
  /// The record (key, line number or index) within the file, when known.
  public var record: String?
  /// The byte offset of the problem, when known.
  public var offset: Int?

  /// Creates an error.
  public init(
    _ kind: Kind, _ message: String, file: String? = nil, record: String? = nil, offset: Int? = nil
  ) {
    self.kind = kind
    self.message = message
    self.file = file
    self.record = record
    self.offset = offset
  }

  /// The same error located in a file (and a record, when given).
  public func located(file: String, record: String? = nil) -> InkFormatError {
    var copy = self
    copy.file = file
    if let record { copy.record = record }
    return copy
  }

  /// One line: `file: record R: at byte N: message`.
  public var description: String {
    var parts: [String] = []
    if let file { parts.append(file) }
    if let record { parts.append("record \(record)") }
    if let offset { parts.append("at byte \(offset)") }
    parts.append(message)
    return parts.joined(separator: ": ")
  }
}

extension InkFormatError {
  /// Runs a write through the support floor, turning its failure into ``Kind/writeFailed``
  /// naming the file.
  static func writing<Result>(_ body: () throws(OutputFileError) -> Result)
    throws(InkFormatError) -> Result
  {
    do {
      return try body()
    } catch {
      throw InkFormatError(.writeFailed, error.reason, file: error.path)
    }
  }
}
