/// Why bytes could not be read as PencilKit's binary drawing format, with the byte offset of the
/// problem counted from the start of the data (the `wrd\xF0` magic is at offset 0).
///
/// ```swift
/// do {
///   let drawing = try PKDrawing(data: bytes)
/// } catch {
///   print(error)  // "truncated at byte 131: the varint runs past the end of the data"
/// }
/// ```
public struct PencilKitBinaryError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kinds of failure.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// The data does not start with the `wrd\xF0` magic.
    case notPencilKitData
    /// The bytes end before the structure they declare.
    case truncated
    /// The bytes do not have the format's structure (bad wire type, overlong varint, a block
    /// whose length does not match its channels …).
    case malformed
    /// A value is out of its allowed range (an ink index past the ink table …).
    case invalidValue
    /// The container version or a channel mask is newer than this implementation reads.
    case unsupportedVersion
  }

  /// The kind of failure.
  public var kind: Kind
  /// What is wrong, in a short sentence without a trailing full stop.
  public var message: String
  /// The byte offset of the problem from the start of the data.
  public var offset: Int

  /// Creates an error.
  public init(_ kind: Kind, _ message: String, offset: Int) {
    self.kind = kind
    self.message = message
    self.offset = offset
  }

  /// One line: `kind at byte N: message`.
  public var description: String { "\(kind.rawValue) at byte \(offset): \(message)" }
}
