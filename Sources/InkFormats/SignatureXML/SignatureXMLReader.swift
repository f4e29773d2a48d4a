import Foundation

/// Streams the signatures of a signature XML document (see <doc:SignatureXML>), one
/// `<Signature>` a record, through libxml2's streaming reader: a file of any size is read in
/// blocks, never whole.
///
/// ```swift
/// var reader = try SignatureXMLReader(url: URL(fileURLWithPath: "alice.xml"))
/// while let record = try reader.next() { print(record.key, record.drawing.strokes.count) }
/// ```
///
/// Each signature's strokes come from its samples: a `<Stroke>` element is a stroke, and so is
/// each run of samples whose pen-tip switch `s` is 1 (or that have no `s`) outside one; a
/// sample whose `s` is 0 is the pen up and ends the stroke (the model holds ink only, so it is
/// not kept). Each stroke starts at its first sample's time after the reference date. Absent
/// channels take the values of the other importers: force 1, azimuth 0, an upright pen.
///
/// A signature that breaks a rule of the format is an ``InkFormatError`` naming its key and
/// line, and the next call goes on with the next signature; bytes that are not well-formed XML
/// end the document. Points and strokes are counted against the limits as they are read.
public struct SignatureXMLReader: CorpusReader {
  private let parser: SignatureXMLParser

  /// Opens a document on disk, each record bounded by `limits`.
  public init(url: URL, limits: InkReadLimits = .default) throws {
    parser = SignatureXMLParser(
      xml: try XMLStreamReader(contentsOf: url, name: url.path), limits: limits)
  }

  /// Reads a document held in memory; `name` is the file errors name.
  public init(data: Data, name: String, limits: InkReadLimits = .default) throws {
    parser = SignatureXMLParser(xml: try XMLStreamReader(data: data, name: name), limits: limits)
  }

  public mutating func next() throws -> CorpusRecord? { try parser.next() }
}
