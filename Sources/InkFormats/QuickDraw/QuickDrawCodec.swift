import Foundation

/// Quick, Draw! NDJSON in the registry: `.ndjson` files whose first line has `key_id` or `word`.
/// Read only.
public enum QuickDrawCodec: InkFormatCodec {
  public static let displayName = "Quick, Draw! NDJSON"
  public static let fileExtensions = ["ndjson"]
  public static var holdsCorpus: Bool { true }

  public static func matches(head: [UInt8]) -> Bool {
    let members = JSONScanner.leadingMembers(of: head)
    return members["key_id"] != nil || members["word"] != nil
  }

  public static func openCorpus(at url: URL) throws -> any CorpusReader {
    try openCorpus(at: url, limits: .default)
  }

  /// Lines up to ``InkReadLimits/maximumRecordBytes``, strokes and points checked as read.
  public static func openCorpus(at url: URL, limits: InkReadLimits) throws -> any CorpusReader {
    try QuickDrawReader(url: url, limits: limits)
  }
}
