import Foundation
import OpenPencilKit
import _DuctusSupport

/// Writes a corpus of signatures as signature XML (see <doc:SignatureXML>): one `<Signature>`
/// a record, with the channels x, y, t, f, az and el of ISO/IEC 19794-7 described and one
/// `<SamplePoint>` a control point, grouped in a `<Stroke>` a stroke.
///
/// ```swift
/// var writer = try SignatureXMLWriter(url: URL(fileURLWithPath: "alice.xml"), ownerOnly: true)
/// try writer.write(CorpusRecord(key: "alice/1", label: "alice", drawing: drawing))
/// try writer.finish()
/// ```
///
/// x and y are drawing coordinates (each stroke's transform applied), t is in milliseconds from
/// the earliest stroke's `creationDate` (scaling 1000), f is the force, az and el the azimuth
/// and altitude in degrees. The key, the label and the metadata (as `<Property>` elements,
/// sorted by name) are kept; inks, widths, opacities, masks and the absolute creation date
/// have no channel and are left out. Values are written in their shortest round-trip form.
public struct SignatureXMLWriter: CorpusWriter {
  /// The namespace of the root element.
  public static let namespace = "urn:ductus:signature-channels:1"
  /// The version of the format written, the root's `version` attribute.
  public static let version = "1"

  private let output: AtomicFile

  /// Starts a corpus file at `url`, readable by its owner alone when `ownerOnly` (a file that
  /// holds biometric samples).
  public init(url: URL, ownerOnly: Bool = false) throws {
    output = try InkFormatError.writing { () throws(OutputFileError) in
      try AtomicFile(path: url.path, ownerOnly: ownerOnly)
    }
    output.sink.write(bytes: Self.header)
  }

  /// Writes one signature; a drawing with a number out of its range (<doc:ReadLimits>), or a
  /// key, label or metadata entry with a character XML cannot carry, is refused, naming the
  /// record, and nothing is written for it.
  public mutating func write(_ record: CorpusRecord) throws {
    output.sink.write(bytes: try Self.element(for: record))
  }

  public mutating func finish() throws {
    output.sink.write(bytes: Self.footer)
    try InkFormatError.writing { () throws(OutputFileError) in try output.commit() }
  }

  /// The document's start: the XML declaration and the root's start tag.
  public static var header: [UInt8] {
    Array(
      ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        + "<SignatureChannels xmlns=\"\(namespace)\" version=\"\(version)\">\n").utf8)
  }

  /// The document's end: the root's end tag.
  public static var footer: [UInt8] { Array("</SignatureChannels>\n".utf8) }

  /// One record's `<Signature>` element, for writers of a stream (standard output) rather
  /// than a file; ``header`` goes before the first and ``footer`` after the last.
  ///
  /// - Throws: ``InkFormatError`` naming the record when a number is out of its range or a
  ///   text holds a character XML 1.0 cannot carry (a control character other than a tab or a
  ///   line break).
  public static func element(for record: CorpusRecord) throws(InkFormatError) -> [UInt8] {
    try InkValueRange.check(record.drawing, record: record.key)
    func attribute(_ text: String, _ what: String) throws(InkFormatError) -> String {
      guard let value = XMLText.attributeValue(text) else {
        throw InkFormatError(
          .unsupported, "the \(what) holds a control character that XML 1.0 cannot carry",
          record: record.key)
      }
      return value
    }
    var text = "  <Signature key=\"\(try attribute(record.key, "key"))\""
    if let label = record.label { text += " label=\"\(try attribute(label, "label"))\"" }
    text += ">\n"
    for (name, value) in record.metadata.sorted(by: { $0.key < $1.key }) {
      text +=
        "    <Property name=\"\(try attribute(name, "name of a metadata entry"))\" "
        + "value=\"\(try attribute(value, "metadata entry \(name)"))\"/>\n"
    }
    text += "    <ChannelDescriptions>\n"
    for description in SignatureChannelDescription.written {
      text +=
        "      <ChannelDescription channel=\"\(description.channel.rawValue)\" "
        + "scaling=\"\(XMLText.decimal(description.scaling))\"/>\n"
    }
    text += "    </ChannelDescriptions>\n"
    var bytes = Array(text.utf8)
    let start =
      record.drawing.strokes.map(\.path.creationDate.timeIntervalSinceReferenceDate).min() ?? 0
    for stroke in record.drawing.strokes {
      bytes.append(contentsOf: "    <Stroke>\n".utf8)
      let offset = stroke.path.creationDate.timeIntervalSinceReferenceDate - start
      for point in stroke.path {
        let location = point.location.applying(stroke.transform)
        let values = [
          Double(location.x), Double(location.y), offset + point.timeOffset, Double(point.force),
          Double(point.azimuth), Double(point.altitude),
        ]
        bytes.append(contentsOf: "      <SamplePoint".utf8)
        for (description, value) in zip(SignatureChannelDescription.written, values) {
          let written = description.writtenValue(model: value)
          bytes.append(
            contentsOf: " \(description.channel.rawValue)=\"\(XMLText.decimal(written))\"".utf8)
        }
        bytes.append(contentsOf: "/>\n".utf8)
      }
      bytes.append(contentsOf: "    </Stroke>\n".utf8)
    }
    bytes.append(contentsOf: "  </Signature>\n".utf8)
    return bytes
  }
}
