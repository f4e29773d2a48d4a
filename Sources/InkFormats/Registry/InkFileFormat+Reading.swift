import Foundation
import OpenPencilKit

extension InkFileFormat {
  /// Opens a corpus: a corpus file, a single-drawing file (a corpus of one record keyed by the
  /// file name) or a folder of such files (read recursively in path order).
  ///
  /// - Parameters:
  ///   - url: the file or folder.
  ///   - format: the format, or `nil` to detect it per file.
  ///   - limits: how much one record may hold (see <doc:ReadLimits>). Every record is checked
  ///     against them and against the value ranges of the model (``InkReadLimits/check(_:)``)
  ///     before it is returned; a record that fails is an `InkFormatError` naming it, and the
  ///     reader goes on with the next record where the format allows. A file of one drawing
  ///     larger than ``InkReadLimits/maximumRecordBytes`` is refused before it is read.
  /// - Throws: `InkFormatError` naming the file (also from the reader's `next()`).
  public static func openCorpus(
    at url: URL, as format: InkFileFormat? = nil, limits: InkReadLimits = .default
  ) throws -> any CorpusReader {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
      throw InkFormatError(.malformed, "no such file or folder", file: url.path)
    }
    // A UNIPEN folder keeps its include/ tree for .INCLUDE, so it is read as one corpus.
    if isFolder.boolValue,
      format == .unipen || (format == nil && UnipenCodec.isDistribution(folder: url))
    {
      return CheckedCorpusReader(
        records: try UnipenReader(url: url), limits: limits, file: url.path)
    }
    if isFolder.boolValue {
      return try FolderCorpusReader(folder: url, format: format, limits: limits)
    }
    return try openFile(at: url, as: format ?? detect(url: url), limits: limits)
  }

  /// Opens one file of a known format with its records checked against `limits`; a file of
  /// one drawing over the record bytes is refused before it is read.
  static func openFile(at url: URL, as format: InkFileFormat, limits: InkReadLimits) throws
    -> any CorpusReader
  {
    do {
      if !format.holdsCorpus,
        let size = try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize
      {
        do {
          try limits.checkRecordBytes(size)
        } catch {
          throw error.located(file: url.path, record: SingleDrawingCorpusReader.key(for: url))
        }
      }
      return CheckedCorpusReader(
        records: LocatedCorpusReader(
          records: try format.codec.openCorpus(at: url, limits: limits), path: url.path),
        limits: limits, file: url.path)
    } catch let error as InkFormatError {
      throw error.located(file: url.path)
    }
  }

  /// The drawing of a file: its only (or first) record's.
  ///
  /// - Throws: `InkFormatError` naming the file, also when the file holds no record.
  public static func readDrawing(
    at url: URL, as format: InkFileFormat? = nil, limits: InkReadLimits = .default
  ) throws -> PKDrawing {
    var corpus = try openCorpus(at: url, as: format, limits: limits)
    guard let record = try corpus.next() else {
      throw InkFormatError(.malformed, "the file holds no drawing", file: url.path)
    }
    return record.drawing
  }
}
