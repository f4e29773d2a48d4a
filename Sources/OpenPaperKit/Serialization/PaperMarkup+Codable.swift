import Foundation

/// The paper as a Ductus JSON document (see <doc:PaperMarkupJSON>).
extension PaperMarkup: Codable {
  /// The `format` field of every document.
  public static let jsonFormat = "ductus.paper-markup"
  /// The `version` this implementation writes and the newest it reads.
  public static let jsonVersion = 1

  enum Key: String, CodingKey { case format, version, bounds, elements }

  /// Reads a document, refusing another format, a newer version, more elements than
  /// ``PaperMarkupLimits/maximumElements``, or any element out of range.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: Key.self)
    let format = try c.decode(String.self, forKey: .format)
    guard format == Self.jsonFormat else {
      throw DecodingError.dataCorruptedError(
        forKey: .format, in: c, debugDescription: "\"\(format)\" is not \"\(Self.jsonFormat)\"")
    }
    let version = try c.decodeInteger(.version, in: 1...Int(Int32.max))
    guard version <= Self.jsonVersion else {
      throw DecodingError.dataCorruptedError(
        forKey: .version, in: c,
        debugDescription: "version \(version) is not one this reader knows (1…\(Self.jsonVersion))")
    }
    self.init(bounds: try c.decodeRect(.bounds))
    var list = try c.nestedUnkeyedContainer(forKey: .elements)
    if let count = list.count, count > PaperMarkupLimits.maximumElements {
      throw DecodingError.dataCorruptedError(
        forKey: .elements, in: c,
        debugDescription:
          "\(count) elements, more than the \(PaperMarkupLimits.maximumElements) allowed")
    }
    while !list.isAtEnd { elements.append(try list.decode(MarkupElement.self)) }
  }

  /// Writes the document: format, version, bounds and the elements bottom first.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: Key.self)
    try c.encode(Self.jsonFormat, forKey: .format)
    try c.encode(Self.jsonVersion, forKey: .version)
    try c.encodeRect(bounds, forKey: .bounds)
    try c.encode(elements, forKey: .elements)
  }
}
