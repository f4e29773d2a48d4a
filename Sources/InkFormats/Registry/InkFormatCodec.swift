import Foundation

/// What the registry needs from one file format: how to recognise it, read it and write it.
///
/// Each case of `InkFileFormat` names one codec; adding a format is a new codec type and one
/// line in `InkFileFormat.codec`. Only `fileExtensions`, `matches(head:)` and
/// `openCorpus(at:)` are required: a format that is only read keeps the default writers, which
/// throw `InkFormatError.Kind.unsupported`.
public protocol InkFormatCodec {
  /// The format's name for people, e.g. `Ductus JSON`.
  static var displayName: String { get }
  /// The file extensions, lower case without the dot; the first one names new files.
  static var fileExtensions: [String] { get }
  /// Whether a file holds a corpus of records rather than one drawing.
  static var holdsCorpus: Bool { get }
  /// Whether the first bytes of a file (up to 4 KiB, with a UTF-8 byte-order mark and leading
  /// white space removed) look like this format.
  static func matches(head: [UInt8]) -> Bool
  /// Opens a file as a stream of records; a file of one drawing is a corpus of one record keyed
  /// by `SingleDrawingCorpusReader.key(for:)`.
  static func openCorpus(at url: URL) throws -> any CorpusReader
  /// Opens a file as ``openCorpus(at:)`` does, bounding what its reader allocates for one record
  /// by `limits` where the format declares or streams it (see <doc:ReadLimits>). The registry checks
  /// every record against the limits after this; the default calls ``openCorpus(at:)``.
  static func openCorpus(at url: URL, limits: InkReadLimits) throws -> any CorpusReader
  /// Writes one record (the drawing, with its label and metadata where the format has room)
  /// as a file of one drawing.
  static func write(_ record: CorpusRecord, to url: URL) throws
  /// Starts writing a corpus file.
  static func makeCorpusWriter(to url: URL) throws -> any CorpusWriter
}

extension InkFormatCodec {
  /// Formats whose records the registry's check after reading bounds well enough.
  public static func openCorpus(at url: URL, limits: InkReadLimits) throws -> any CorpusReader {
    try openCorpus(at: url)
  }

  /// Single-drawing formats are the common case.
  public static var holdsCorpus: Bool { false }

  /// Throws: the format is only read.
  public static func write(_ record: CorpusRecord, to url: URL) throws {
    throw InkFormatError(.unsupported, "\(displayName) files are only read", file: url.path)
  }

  /// Throws: the format holds single drawings or is only read.
  public static func makeCorpusWriter(to url: URL) throws -> any CorpusWriter {
    throw InkFormatError(.unsupported, "\(displayName) cannot hold a corpus", file: url.path)
  }
}
