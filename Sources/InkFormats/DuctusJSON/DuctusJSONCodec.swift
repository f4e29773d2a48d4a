import Foundation
import _DuctusSupport

/// Ductus JSON in the registry: `.json` files whose object names `"format":"ductus-drawing"`.
public enum DuctusJSONCodec: InkFormatCodec {
  public static let displayName = "Ductus JSON"
  public static let fileExtensions = ["json"]

  public static func matches(head: [UInt8]) -> Bool {
    (JSONScanner.leadingMembers(of: head)["format"] ?? nil) == DuctusJSONSchema.formatName
  }

  public static func openCorpus(at url: URL) throws -> any CorpusReader {
    try openCorpus(at: url, limits: .default)
  }

  /// Strokes and points checked as they are read.
  public static func openCorpus(at url: URL, limits: InkReadLimits) throws -> any CorpusReader {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw InkFormatError(.malformed, "cannot read the file", file: url.path)
    }
    return SingleDrawingCorpusReader(
      record: try DuctusJSONReader().record(
        from: data, key: SingleDrawingCorpusReader.key(for: url), limits: limits))
  }

  public static func write(_ record: CorpusRecord, to url: URL) throws {
    try InkValueRange.check(record.drawing, record: record.key)
    let bytes = DuctusJSONWriter().data(for: record)
    try InkFormatError.writing { () throws(OutputFileError) in
      try AtomicFile.write(bytes, to: url.path)
    }
  }
}
