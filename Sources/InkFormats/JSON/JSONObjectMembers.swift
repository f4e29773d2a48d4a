import Foundation

/// The top-level members of one JSON object, each value kept as its raw bytes, found without
/// building a tree: for messages that carry a drawing among a few small fields (the requests of
/// `ductus trace session`), so that the drawing goes straight to ``DuctusJSONReader``.
///
/// ```swift
/// let members = try JSONObjectMembers(Data(#"{"id": 7, "attempt": {…}}"#.utf8))
/// members.string("template")            // nil: absent
/// try DuctusJSONReader().drawing(from: members.raw["attempt"]!)
/// ```
public struct JSONObjectMembers: Sendable {
  /// Each member's value as it stands in the text (a string keeps its quotes).
  public let raw: [String: Data]

  /// Splits an object into its members.
  ///
  /// - Throws: `InkFormatError` with the byte offset when the text is not one JSON object.
  public init(_ data: Data) throws(InkFormatError) {
    var members: [String: Data] = [:]
    let bytes = [UInt8](data)
    let result: Result<Void, InkFormatError> = bytes.withUnsafeBytes { buffer in
      var scanner = JSONScanner(buffer)
      do throws(InkFormatError) {
        try scanner.beginObject()
        var isFirst = true
        while let key = try scanner.nextKey(&isFirst) {
          scanner.skipWhitespace()
          let start = scanner.position
          try scanner.skipValue()
          members[key] = Data(buffer[start..<scanner.position])
        }
        try scanner.expectEnd()
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    try result.get()
    raw = members
  }

  /// A member's value when it is a JSON string, unescaped; `nil` when absent or not a string.
  public func string(_ key: String) -> String? {
    guard let value = raw[key], value.first == 0x22 else { return nil }
    return [UInt8](value).withUnsafeBytes { buffer in
      var scanner = JSONScanner(buffer)
      return try? scanner.readString()
    }
  }
}
