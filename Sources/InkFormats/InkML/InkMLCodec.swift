import Foundation
import _DuctusSupport

/// InkML in the registry: `.inkml` (and `.xml`) files whose first bytes hold an `<ink` element.
public enum InkMLCodec: InkFormatCodec {
  public static let displayName = "InkML"
  public static let fileExtensions = ["inkml", "xml"]

  public static func matches(head: [UInt8]) -> Bool {
    let text = String(decoding: head, as: UTF8.self)
    guard text.hasPrefix("<") else { return false }
    return text.contains("<ink>") || text.contains("<ink ") || text.contains("<ink\n")
      || text.contains(":ink ") || text.contains(":ink>")
  }

  public static func openCorpus(at url: URL) throws -> any CorpusReader {
    SingleDrawingCorpusReader(
      record: try InkMLReader().record(
        contentsOf: url, key: SingleDrawingCorpusReader.key(for: url)))
  }

  public static func write(_ record: CorpusRecord, to url: URL) throws {
    try InkValueRange.check(record.drawing, record: record.key)
    let bytes = InkMLWriter().data(for: record)
    try InkFormatError.writing { () throws(OutputFileError) in
      try AtomicFile.write(bytes, to: url.path)
    }
  }
}
