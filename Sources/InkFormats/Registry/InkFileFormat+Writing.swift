import Foundation
import OpenPencilKit

extension InkFileFormat {
  /// Writes a drawing as a file of this format, atomically (a corpus format gets a corpus of
  /// one record keyed by the file name).
  public func write(_ drawing: PKDrawing, to url: URL) throws {
    try write(
      CorpusRecord(key: SingleDrawingCorpusReader.key(for: url), drawing: drawing), to: url)
  }

  /// Writes a record as a file of this format, atomically: a corpus of one record, or the
  /// drawing with its label and metadata where the format has room for them.
  public func write(_ record: CorpusRecord, to url: URL) throws {
    if holdsCorpus {
      var writer = try codec.makeCorpusWriter(to: url)
      try writer.write(record)
      try writer.finish()
    } else {
      try codec.write(record, to: url)
    }
  }

  /// Starts writing a corpus: one file for a corpus format, else a folder with one file a
  /// record (named by the record's key).
  public func makeCorpusWriter(to url: URL) throws -> any CorpusWriter {
    if holdsCorpus { return try codec.makeCorpusWriter(to: url) }
    return try FolderCorpusWriter(folder: url, format: self)
  }
}
