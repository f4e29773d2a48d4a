import Foundation
import OpenPencilKit
import _DuctusSupport

/// PencilKit's binary drawing format in the registry (`.pkdrawing`, `.drawing`): the bytes of
/// `PKDrawing.dataRepresentation()`, recognised by their `wrd\u{F0}` magic and read through
/// `PKDrawing(data:)`.
public enum PencilKitCodec: InkFormatCodec {
  public static let displayName = "PencilKit drawing"
  public static let fileExtensions = ["pkdrawing", "drawing"]

  /// The first four bytes of PencilKit's drawing container.
  static let magic: [UInt8] = [0x77, 0x72, 0x64, 0xF0]

  public static func matches(head: [UInt8]) -> Bool { head.starts(with: magic) }

  public static func openCorpus(at url: URL) throws -> any CorpusReader {
    try openCorpus(at: url, limits: .default)
  }

  /// The point count of each path and the count of strokes checked before the decoder
  /// allocates for them.
  public static func openCorpus(at url: URL, limits: InkReadLimits) throws -> any CorpusReader {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw InkFormatError(.malformed, "cannot read the file", file: url.path)
    }
    let drawing: PKDrawing
    do {
      drawing = try PKDrawing(
        data: data, maximumStrokes: limits.maximumStrokes,
        maximumStrokePoints: limits.maximumStrokePoints,
        maximumDrawingPoints: limits.maximumDrawingPoints)
    } catch {
      throw InkFormatError(error).located(file: url.path)
    }
    return SingleDrawingCorpusReader(
      record: CorpusRecord(key: SingleDrawingCorpusReader.key(for: url), drawing: drawing))
  }

  /// Writes the drawing's `dataRepresentation()`; the label and metadata have no place in it.
  public static func write(_ record: CorpusRecord, to url: URL) throws {
    try InkValueRange.check(record.drawing, record: record.key)
    let bytes = record.drawing.dataRepresentation()
    try InkFormatError.writing { () throws(OutputFileError) in
      try AtomicFile.write(bytes, to: url.path)
    }
  }
}
