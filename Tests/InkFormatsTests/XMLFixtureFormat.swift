import Foundation

@testable import InkFormats

/// The XML formats, each with a small valid document that a test can wrap in a document
/// type, give an extra root attribute or extra body bytes, and read.
enum XMLFixtureFormat: String, CaseIterable, CustomStringConvertible {
  case dollar
  case inkML
  case kanjiVG
  case signatureXML

  var description: String { rawValue }

  /// The file name errors give.
  var fileName: String {
    switch self {
    case .dollar: "check01.xml"
    case .inkML: "sample.inkml"
    case .kanjiVG: "04e00.svg"
    case .signatureXML: "signatures.xml"
    }
  }

  /// The root element's name, for a document type declaration.
  var rootName: String {
    switch self {
    case .dollar: "Gesture"
    case .inkML: "ink"
    case .kanjiVG: "svg"
    case .signatureXML: "SignatureChannels"
    }
  }

  /// The body of the valid document, one element a line.
  var body: String {
    switch self {
    case .dollar:
      """
      <Point X="1" Y="2" T="3"/>
      <Point X="4" Y="6" T="13"/>
      """
    case .inkML:
      """
      <annotation type="truth">a</annotation>
      <trace>1 2, 3 4</trace>
      """
    case .kanjiVG:
      """
      <g id="kvg:04e00" kvg:element="一">
      <path id="kvg:04e00-s1" d="M11,54 L96,54"/>
      </g>
      """
    case .signatureXML:
      """
      <Signature key="a" label="u1">
      <ChannelDescriptions><ChannelDescription channel="x"/><ChannelDescription channel="y"/>
      <ChannelDescription channel="t" scaling="1000"/></ChannelDescriptions>
      <SamplePoint x="1" y="2" t="0"/>
      <SamplePoint x="4" y="6" t="10"/>
      </Signature>
      """
    }
  }

  /// The element whose text the reader collects (or ignores), to hold text in the body.
  func textElement(_ text: String) -> String {
    switch self {
    case .dollar: text
    case .inkML: "<annotation type=\"note\">\(text)</annotation>"
    case .kanjiVG: "<g>\(text)</g>"
    case .signatureXML: "<Note>\(text)</Note>"
    }
  }

  /// A document: the XML declaration, `prolog` (a document type), the root with `attribute`
  /// added to its start tag, `extra` and the body, one item a line.
  func document(prolog: String = "", attribute: String = "", extra: [UInt8] = []) -> Data {
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    if !prolog.isEmpty { text += prolog + "\n" }
    switch self {
    case .dollar:
      text += "<Gesture Name=\"check01\" Subject=\"1\" Speed=\"fast\"\(attribute)>\n"
    case .inkML:
      text += "<ink xmlns=\"http://www.w3.org/2003/InkML\"\(attribute)>\n"
    case .kanjiVG:
      text += "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 109 109\"\(attribute)>\n"
    case .signatureXML:
      text += "<SignatureChannels xmlns=\"\(SignatureXMLWriter.namespace)\"\(attribute)>\n"
    }
    var bytes = Array(text.utf8)
    if !extra.isEmpty { bytes += extra + [0x0A] }
    bytes += Array((body + "\n</\(rootName)>\n").utf8)
    return Data(bytes)
  }

  /// Reads a document with the format's reader.
  func read(_ data: Data) throws -> CorpusRecord {
    switch self {
    case .dollar: try DollarGestureReader.record(from: data, name: fileName)
    case .inkML: try InkMLReader().record(from: data, key: fileName)
    case .kanjiVG: try KanjiVGReader.record(from: data, name: fileName)
    case .signatureXML: try Self.firstOfAll(data, name: fileName)
    }
  }

  /// The one-based line of the first occurrence of `marker` in `data`.
  static func line(of marker: some Sequence<UInt8>, in data: Data) -> Int? {
    let bytes = [UInt8](data)
    let needle = Array(marker)
    guard let start = bytes.indices.first(where: { bytes[$0...].starts(with: needle) }) else {
      return nil
    }
    return bytes[..<start].filter { $0 == 0x0A }.count + 1
  }

  /// The first record of a signature XML document, after every record was read (so that a
  /// document cut after its first signature is an error, as for the formats of one drawing).
  static func firstOfAll(_ data: Data, name: String) throws -> CorpusRecord {
    var reader = try SignatureXMLReader(data: data, name: name)
    let first = try reader.next()
    while try reader.next() != nil {}
    guard let first else { throw InkFormatError(.malformed, "no signature", file: name) }
    return first
  }
}
