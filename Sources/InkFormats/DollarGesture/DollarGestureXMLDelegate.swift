import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Collects the `<Gesture>` attributes and the `<Point>` samples of one $1 gesture log, and the
/// first problem found with the line it is on.
final class DollarGestureXMLDelegate: NSObject, XMLRecordDelegate {
  /// The attributes of the `<Gesture>` element.
  var gestureAttributes: [String: String]?
  /// The samples: x, y and the time in milliseconds.
  var points: [(x: Double, y: Double, t: Double)] = []
  /// The first problem, with its line.
  var problem: (kind: InkFormatError.Kind, message: String, line: Int)?

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    guard problem == nil else { return }
    switch elementName {
    case "Gesture":
      gestureAttributes = attributes
    case "Point":
      guard gestureAttributes != nil else {
        problem = (.invalidValue, "a <Point> outside a <Gesture>", parser.lineNumber)
        return
      }
      var values: [Double] = []
      for name in ["X", "Y", "T"] {
        guard let text = attributes[name], let value = Double(text), value.isFinite else {
          problem = (
            .invalidValue,
            "<Point> attribute \(name) is \(attributes[name].map { "\"\($0)\"" } ?? "missing"), "
              + "not a finite number", parser.lineNumber
          )
          return
        }
        values.append(value)
      }
      points.append((values[0], values[1], values[2]))
    default:
      break
    }
  }
}
