import Foundation

/// What one $1 gesture log holds: the `<Gesture>` attributes and the `<Point>` samples.
struct DollarGestureXMLContent {
  /// The attributes of the `<Gesture>` element.
  var gestureAttributes: [String: String]?
  /// The samples: x, y and the time in milliseconds.
  var points: [(x: Double, y: Double, t: Double)] = []

  /// The attributes of a `<Point>`, in the order of a sample.
  private static let coordinates = ["X", "Y", "T"]

  /// Reads a log to its end.
  ///
  /// - Throws: `InkFormatError` naming the file and line: the XML's errors, a `<Point>` outside
  ///   a `<Gesture>`, or one whose `X`, `Y` or `T` is missing or not a finite number.
  init(reading xml: XMLStreamReader) throws {
    while let node = try xml.next() {
      guard node == .start else { continue }
      switch xml.elementName {
      case "Gesture":
        gestureAttributes = xml.attributes
      case "Point":
        guard gestureAttributes != nil else {
          throw xml.failure(.invalidValue, "a <Point> outside a <Gesture>")
        }
        let texts = xml.attributes(Self.coordinates)
        var values: (x: Double, y: Double, t: Double) = (0, 0, 0)
        for (index, text) in texts.enumerated() {
          guard let text, let value = Double(text), value.isFinite else {
            throw xml.failure(
              .invalidValue,
              "<Point> attribute \(Self.coordinates[index]) is "
                + "\(text.map { "\"\($0)\"" } ?? "missing"), not a finite number")
          }
          switch index {
          case 0: values.x = value
          case 1: values.y = value
          default: values.t = value
          }
        }
        points.append(values)
      default:
        break
      }
    }
  }
}
