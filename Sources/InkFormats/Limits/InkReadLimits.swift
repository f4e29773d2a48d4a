/// How much one record may hold when it is read: points a stroke, strokes and points a drawing,
/// and bytes a record, so that one hostile or broken record cannot take the memory of a process
/// that reads a corpus (see <doc:ReadLimits>).
///
/// ```swift
/// var limits = InkReadLimits.default
/// limits.maximumStrokePoints = 5_000_000
/// var corpus = try InkFileFormat.openCorpus(at: url, limits: limits)
/// ```
///
/// A record over a limit is an ``InkFormatError`` (``InkFormatError/Kind/invalidValue``) for that
/// record only: corpus readers go on with the next record where the format allows. The limits are
/// checked before the reader allocates for what they bound where the format declares it (a
/// PencilKit point count, a line's length, a file's size) and while the numbers are read
/// elsewhere (a Ductus JSON channel stops at the limit).
///
/// The defaults are far above the real data sets Ductus is used on (the largest stroke of the
/// $1, SVC2004, UNIPEN, KanjiVG and Quick, Draw! data has 396 points, the largest drawing 713
/// points and 29 strokes, the largest record 61 kB; a minute of Apple Pencil input at 240 Hz is
/// 14,400 points) and keep one
/// record's memory well below 1 GiB: 2,000,000 points of about 88 bytes in the model is 176 MB,
/// with about as much again for the parser's buffers.
public struct InkReadLimits: Hashable, Sendable {
  /// The most points one stroke may have (default 1,000,000).
  public var maximumStrokePoints: Int
  /// The most strokes one drawing may have (default 100,000).
  public var maximumStrokes: Int
  /// The most points one drawing may have over all its strokes (default 2,000,000): the bound
  /// on a record's memory.
  public var maximumDrawingPoints: Int
  /// The most bytes one record may take in its file (default 128 MiB): a line of an NDJSON
  /// corpus, or the whole file of a format that holds one drawing.
  public var maximumRecordBytes: Int

  /// Limits with the given values, the defaults for those not given.
  public init(
    maximumStrokePoints: Int = 1_000_000, maximumStrokes: Int = 100_000,
    maximumDrawingPoints: Int = 2_000_000, maximumRecordBytes: Int = 128 << 20
  ) {
    self.maximumStrokePoints = maximumStrokePoints
    self.maximumStrokes = maximumStrokes
    self.maximumDrawingPoints = maximumDrawingPoints
    self.maximumRecordBytes = maximumRecordBytes
  }

  /// The default limits.
  public static let `default` = InkReadLimits()
}
