import Foundation
import _DuctusSupport

/// Streams a corpus into a Ductus NDJSON file (see <doc:Corpora>): one record a line, written
/// through a buffer into a temporary file that `finish()` moves into place.
public struct DuctusNDJSONWriter: CorpusWriter {
  private let output: AtomicFile
  private let drawingWriter = DuctusJSONWriter(breaksLinesBetweenStrokes: false)

  /// Starts a corpus file at `url`.
  public init(url: URL) throws {
    output = try InkFormatError.writing { () throws(OutputFileError) in
      try AtomicFile(path: url.path)
    }
  }

  /// Writes one record's line; a drawing with a number out of its range (<doc:ReadLimits>) is
  /// refused, naming the record, and nothing is written for it.
  public mutating func write(_ record: CorpusRecord) throws {
    try InkValueRange.check(record.drawing, record: record.key)
    output.sink.write(bytes: Self.line(for: record, drawingWriter: drawingWriter))
  }

  public mutating func finish() throws {
    try InkFormatError.writing { () throws(OutputFileError) in try output.commit() }
  }

  /// One record's line, with its line feed. Metadata entries are sorted by name, so that equal
  /// records give equal lines. For writers of a stream (standard output) rather than a file.
  public static func line(for record: CorpusRecord, drawingWriter: DuctusJSONWriter) -> [UInt8] {
    var text = JSONTextWriter()
    text.append("{")
    text.appendKey("key", first: true)
    text.appendString(record.key)
    if let label = record.label {
      text.appendKey("label")
      text.appendString(label)
    }
    if !record.metadata.isEmpty {
      text.appendKey("metadata")
      text.appendTextObject(record.metadata)
    }
    text.appendKey("drawing")
    drawingWriter.write(record.drawing, into: &text)
    text.append("}\n")
    return text.bytes
  }
}
