import Foundation
import OpenPencilKit

/// Streams the records of a Ductus NDJSON corpus (see <doc:Corpora>), one line at a time.
///
/// Each line is `{"key":…,"label":…,"metadata":{…},"drawing":{…Ductus JSON…}}`; the file is
/// read in chunks of a mebibyte, never whole. Blank lines are skipped. A malformed line throws an
/// `InkFormatError` naming the line and the byte offset; the next call goes on with the next line.
public struct DuctusNDJSONReader: CorpusReader {
  private var stream: LineRecordStream
  private let limits: InkReadLimits

  /// Opens a corpus file whose lines may take up to ``InkReadLimits/maximumRecordBytes`` bytes
  /// and whose drawings are read within `limits`; a longer line is an error for its record,
  /// and the next call goes on after it.
  public init(url: URL, limits: InkReadLimits = .default) throws {
    stream = try LineRecordStream(url: url, maximumRecordBytes: limits.maximumRecordBytes)
    self.limits = limits
  }

  public mutating func next() throws -> CorpusRecord? {
    let limits = limits
    return try stream.next { (scanner, line) throws(InkFormatError) in
      try Self.readRecord(&scanner, line: line, limits: limits)
    }
  }

  /// Reads one record object; a record without a key is keyed by its line number.
  static func readRecord(_ scanner: inout JSONScanner, line: Int, limits: InkReadLimits)
    throws(InkFormatError) -> CorpusRecord
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
        drawing = try DuctusJSONReader.readDocument(&scanner, limits: limits).drawing
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
