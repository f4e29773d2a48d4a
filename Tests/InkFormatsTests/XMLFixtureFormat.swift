import Foundation

@testable import InkFormats

/// The three XML formats, each with a small valid document that a test can wrap in a document
/// type, give an extra root attribute or extra body bytes, and read.
enum XMLFixtureFormat: String, CaseIterable, CustomStringConvertible {
  case dollar
  case inkML
  case kanjiVG

  var description: String { rawValue }

  /// The file name errors give.
  var fileName: String {
    switch self {
    case .dollar: "check01.xml"
    case .inkML: "sample.inkml"
    case .kanjiVG: "04e00.svg"
    }
  }

  /// The root element's name, for a document type declaration.
  var rootName: String {
    switch self {
    case .dollar: "Gesture"
    case .inkML: "ink"
    case .kanjiVG: "svg"
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
    }
  }

  /// The element whose text the reader collects (or ignores), to hold text in the body.
  func textElement(_ text: String) -> String {
    switch self {
    case .dollar: text
    case .inkML: "<annotation type=\"note\">\(text)</annotation>"
    case .kanjiVG: "<g>\(text)</g>"
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
}
