import Foundation

/// What one KanjiVG file holds: its stroke paths and the character its top group names.
struct KanjiVGXMLContent {
  /// A `<path>` element.
  struct StrokePath {
    /// Its `id` (`kvg:04e00-s1`).
    var id: String
    /// Its `d` attribute.
    var data: String
    /// Its `kvg:type` (the stroke's shape class, such as `㇐`), when given.
    var type: String?
    /// The line it is on.
    var line: Int
  }

  /// The `kvg:element` of the first group whose id is `kvg:` and the code point alone.
  var element: String?
  /// The paths in document order.
  var paths: [StrokePath] = []

  /// The attributes of a `<path>` that are read, found in one pass.
  private static let pathAttributes = ["id", "d", "kvg:type"]

  /// Reads a file to its end.
  ///
  /// - Throws: `InkFormatError` naming the file and line: the XML's errors, or a `<path>`
  ///   without a `d` attribute.
  init(reading xml: XMLStreamReader) throws {
    while let node = try xml.next() {
      guard node == .start else { continue }
      switch xml.elementName {
      case "g":
        guard element == nil, let id = xml.attribute("id") else { break }
        let name = id.dropFirst(4)
        if id.hasPrefix("kvg:"), !name.isEmpty, name.allSatisfy(\.isHexDigit) {
          element = xml.attribute("kvg:element")
        }
      case "path":
        let values = xml.attributes(Self.pathAttributes)
        let id = values[0] ?? ""
        guard let data = values[1] else {
          throw xml.failure(.malformed, "<path id=\"\(id)\"> has no d attribute")
        }
        paths.append(StrokePath(id: id, data: data, type: values[2], line: xml.line))
      default:
        break
      }
    }
  }
}
