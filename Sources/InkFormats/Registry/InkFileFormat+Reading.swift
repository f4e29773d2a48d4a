import Foundation
import OpenPencilKit

extension InkFileFormat {
  /// Opens a corpus: a corpus file, a single-drawing file (a corpus of one record keyed by the
  /// file name) or a folder of such files (read recursively in path order).
  ///
  /// - Parameters:
  ///   - url: the file or folder.
  ///   - format: the format, or `nil` to detect it per file.
  /// - Throws: `InkFormatError` naming the file (also from the reader's `next()`).
  public static func openCorpus(at url: URL, as format: InkFileFormat? = nil) throws
    -> any CorpusReader
  {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
      throw InkFormatError(.malformed, "no such file or folder", file: url.path)
    }
    // A UNIPEN folder keeps its include/ tree for .INCLUDE, so it is read as one corpus.
    if isFolder.boolValue,
      format == .unipen || (format == nil && UnipenCodec.isDistribution(folder: url))
    {
      return try UnipenReader(url: url)
    }
    if isFolder.boolValue { return try FolderCorpusReader(folder: url, format: format) }
    let resolved = try format ?? detect(url: url)
    do {
      return LocatedCorpusReader(records: try resolved.codec.openCorpus(at: url), path: url.path)
    } catch let error as InkFormatError {
      throw error.located(file: url.path)
    }
  }

  /// The drawing of a file: its only (or first) record's.
  ///
  /// - Throws: `InkFormatError` naming the file, also when the file holds no record.
  public static func readDrawing(at url: URL, as format: InkFileFormat? = nil) throws -> PKDrawing {
    var corpus = try openCorpus(at: url, as: format)
    guard let record = try corpus.next() else {
      throw InkFormatError(.malformed, "the file holds no drawing", file: url.path)
    }
    return record.drawing
  }
}
