import InkFormats

/// The options that raise the read limits of every command that reads ink (see "Read limits
/// and number ranges" in InkFormats), declared once so that each command spells and documents
/// them alike.
///
/// ```swift
/// options: [ … ] + ReadLimitOptions.all
/// let input = try InkInput(
///   path: path, format: format, limits: try ReadLimitOptions.limits(arguments), context: context)
/// ```
enum ReadLimitOptions {
  /// `--max-stroke-points <n>`: points one stroke may have.
  static let strokePoints = OptionDeclaration.value(
    "max-stroke-points", valueName: "n",
    help: "The most points one stroke of a record may have; a record with more fails.",
    defaultDescription: "\(InkReadLimits.default.maximumStrokePoints)")
  /// `--max-strokes <n>`: strokes one drawing may have.
  static let strokes = OptionDeclaration.value(
    "max-strokes", valueName: "n",
    help: "The most strokes one record may have; a record with more fails.",
    defaultDescription: "\(InkReadLimits.default.maximumStrokes)")
  /// `--max-drawing-points <n>`: points one drawing may have over all its strokes.
  static let drawingPoints = OptionDeclaration.value(
    "max-drawing-points", valueName: "n",
    help: "The most points one record may have over all its strokes; a record with more fails.",
    defaultDescription: "\(InkReadLimits.default.maximumDrawingPoints)")
  /// `--max-record-bytes <n>`: bytes one record may take in its file.
  static let recordBytes = OptionDeclaration.value(
    "max-record-bytes", valueName: "n",
    help: "The most bytes one record may take: a line of an NDJSON corpus, or a whole file of "
      + "one drawing; a larger one fails.",
    defaultDescription: "\(InkReadLimits.default.maximumRecordBytes), 128 MiB")

  /// The four options.
  static let all = [strokePoints, strokes, drawingPoints, recordBytes]

  /// The largest value an option takes.
  static let ceiling = 1 << 40

  /// The limits a command line asks for, the defaults for those it does not name.
  ///
  /// - Throws: `UsageError` unless each value is an integer from 1 to 2⁴⁰.
  static func limits(_ arguments: ParsedArguments) throws(UsageError) -> InkReadLimits {
    func value(_ option: OptionDeclaration, default fallback: Int) throws(UsageError) -> Int {
      try arguments.count(option, default: fallback, ceiling: ceiling)
    }
    let defaults = InkReadLimits.default
    return InkReadLimits(
      maximumStrokePoints: try value(strokePoints, default: defaults.maximumStrokePoints),
      maximumStrokes: try value(strokes, default: defaults.maximumStrokes),
      maximumDrawingPoints: try value(drawingPoints, default: defaults.maximumDrawingPoints),
      maximumRecordBytes: try value(recordBytes, default: defaults.maximumRecordBytes))
  }
}
