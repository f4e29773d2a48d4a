import Foundation

/// Ductus NDJSON corpora in the registry: `.ndjson` files whose first line has a `key` (and no
/// Quick, Draw! `key_id`).
public enum DuctusNDJSONCodec: InkFormatCodec {
  public static let displayName = "Ductus NDJSON"
  public static let fileExtensions = ["ndjson", "jsonl"]
  public static var holdsCorpus: Bool { true }

  public static func matches(head: [UInt8]) -> Bool {
    let members = JSONScanner.leadingMembers(of: head)
    return members["key"] != nil && members["key_id"] == nil && members["word"] == nil
  }

  public static func openCorpus(at url: URL) throws -> any CorpusReader {
    try openCorpus(at: url, limits: .default)
  }

  /// Lines up to ``InkReadLimits/maximumRecordBytes``, strokes and points checked as read.
  public static func openCorpus(at url: URL, limits: InkReadLimits) throws -> any CorpusReader {
    try DuctusNDJSONReader(url: url, limits: limits)
  }

  public static func makeCorpusWriter(to url: URL) throws -> any CorpusWriter {
    try DuctusNDJSONWriter(url: url)
  }
}
