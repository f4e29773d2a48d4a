import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Collects the stroke paths of a KanjiVG file and the character its top group names.
final class KanjiVGXMLDelegate: NSObject, XMLRecordDelegate {
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

  /// The `kvg:element` of the group whose id is `kvg:` and the code point alone.
  var element: String?
  /// The paths in document order.
  var paths: [StrokePath] = []
  /// The first problem, with its line.
  var problem: (kind: InkFormatError.Kind, message: String, line: Int)?

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    guard problem == nil else { return }
    let id = attributes["id"] ?? ""
    switch elementName {
    case "g":
      let name = id.dropFirst(4)
      if element == nil, id.hasPrefix("kvg:"), !name.isEmpty,
        name.allSatisfy(\.isHexDigit)
      {
        element = attributes["kvg:element"]
      }
    case "path":
      guard let data = attributes["d"] else {
        problem = (.malformed, "<path id=\"\(id)\"> has no d attribute", parser.lineNumber)
        return
      }
      paths.append(
        StrokePath(id: id, data: data, type: attributes["kvg:type"], line: parser.lineNumber))
    default:
      break
    }
  }
}
