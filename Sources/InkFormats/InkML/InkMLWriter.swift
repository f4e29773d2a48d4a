import Foundation
import OpenPencilKit

/// Writes a drawing as InkML (see <doc:InkML>) that other tools can read to check what Ductus
/// read: one `<trace>` a stroke with every control point and the channels `X Y T F OA OE W`.
///
/// `X`, `Y` are drawing coordinates (each stroke's transform applied); `T` is in seconds from
/// the earliest stroke's `creationDate`; `OA`, `OE` are in radians; `W` is the point's width.
/// The label is written as `<annotation type="truth">`, metadata as annotations typed by their
/// names. Ink types, colours, masks and seeds have no InkML channel and are left out.
public struct InkMLWriter: Sendable {
  /// The InkML namespace.
  public static let namespace = "http://www.w3.org/2003/InkML"

  /// The channels written, in order, with their units.
  static let channels: [(name: String, units: String?)] = [
    ("X", nil), ("Y", nil), ("T", "s"), ("F", nil), ("OA", "rad"), ("OE", "rad"), ("W", nil),
  ]

  /// Creates a writer.
  public init() {}

  /// The record as an InkML document.
  public func data(for record: CorpusRecord) -> Data {
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <ink xmlns="\(Self.namespace)">
        <definitions>
          <context xml:id="ductus">
            <traceFormat>

      """
    for channel in Self.channels {
      let units = channel.units.map { " units=\"\($0)\"" } ?? ""
      text += "        <channel name=\"\(channel.name)\" type=\"decimal\"\(units)/>\n"
    }
    text += "      </traceFormat>\n    </context>\n  </definitions>\n"
    if let label = record.label {
      text += "  <annotation type=\"truth\">\(XMLText.escaped(label))</annotation>\n"
    }
    for (name, value) in record.metadata.sorted(by: { $0.key < $1.key }) {
      text +=
        "  <annotation type=\"\(XMLText.escaped(name))\">\(XMLText.escaped(value))</annotation>\n"
    }
    let start =
      record.drawing.strokes.map(\.path.creationDate.timeIntervalSinceReferenceDate).min() ?? 0
    var bytes = Array(text.utf8)
    for stroke in record.drawing.strokes {
      bytes.append(contentsOf: "  <trace contextRef=\"#ductus\">".utf8)
      let offset = stroke.path.creationDate.timeIntervalSinceReferenceDate - start
      for (index, point) in stroke.path.enumerated() {
        if index > 0 { bytes.append(contentsOf: ", ".utf8) }
        let location = point.location.applying(stroke.transform)
        let values: [Double] = [
          Double(location.x), Double(location.y), offset + point.timeOffset, Double(point.force),
          Double(point.azimuth), Double(point.altitude), Double(point.size.width),
        ]
        for (position, value) in values.enumerated() {
          if position > 0 { bytes.append(0x20) }
          bytes.append(contentsOf: XMLText.decimal(value).utf8)
        }
      }
      bytes.append(contentsOf: "</trace>\n".utf8)
    }
    bytes.append(contentsOf: "</ink>\n".utf8)
    return Data(bytes)
  }
}
