import Foundation
import OpenPencilKit

/// Streams the records of a Ductus NDJSON corpus (see <doc:Corpora>), one line at a time.
///
/// Each line is `{"key":…,"label":…,"metadata":{…},"drawing":{…Ductus JSON…}}`; the file is
/// read in chunks of a mebibyte, never whole. Blank lines are skipped. A malformed line throws an
/// `InkFormatError` naming the line and the byte offset; the next call goes on with the next line.
public struct DuctusNDJSONReader: CorpusReader {
  private var stream: LineRecordStream

  /// Opens a corpus file.
  public init(url: URL) throws { stream = try LineRecordStream(url: url) }

  public mutating func next() throws -> CorpusRecord? {
    try stream.next(Self.readRecord)
  }

  /// Reads one record object; a record without a key is keyed by its line number.
  static func readRecord(_ scanner: inout JSONScanner, line: Int) throws(InkFormatError)
    -> CorpusRecord
  {
    let start = scanner.position
    try scanner.beginObject()
    var key: String?
    var label: String?
    var metadata: [String: String] = [:]
    var drawing: PKDrawing?
    var first = true
    while let member = try scanner.nextKey(&first) {
      switch member {
      case "key":
        key = try scanner.readValueText()
      case "label":
        label = try scanner.readNull() ? nil : try scanner.readString()
      case "metadata":
        metadata = try scanner.readTextObject()
      case "drawing":
        drawing = try DuctusJSONReader.readDocument(&scanner).drawing
      default:
        try scanner.skipValue()
      }
    }
    guard let drawing else {
      scanner.position = start
      throw scanner.failure(.malformed, "the record has no \"drawing\"")
    }
    return CorpusRecord(
      key: key ?? String(line), label: label, metadata: metadata, drawing: drawing)
  }
}
