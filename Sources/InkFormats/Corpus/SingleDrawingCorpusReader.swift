import Foundation

/// A corpus of one record: how a file that holds a single drawing reads as a corpus.
public struct SingleDrawingCorpusReader: CorpusReader {
  private var record: CorpusRecord?

  /// A corpus holding `record`.
  public init(record: CorpusRecord) { self.record = record }

  /// The key a single-drawing file's record takes: the file name without its extension.
  public static func key(for url: URL) -> String {
    url.deletingPathExtension().lastPathComponent
  }

  public mutating func next() throws -> CorpusRecord? {
    defer { record = nil }
    return record
  }
}
