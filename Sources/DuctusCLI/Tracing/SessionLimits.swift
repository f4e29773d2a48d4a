import InkFormats
import _DuctusSupport

/// How much one request of `ductus trace session` may ask for: the bytes of its line, the
/// strokes and points of its attempt, and the work its ink makes the scorer do. A request over
/// a limit is answered with an error before the session allocates or scores for it, and the
/// session goes on with the next line.
///
/// The defaults keep a session at the limits under about 250 MB of memory (measured: requests
/// of 100,000 points, in one stroke or 200, peak near 145 MB and take at most 0.7 s in a release
/// build, 9 s in a debug build) while staying far above what a tracing
/// attempt needs: a minute of Apple Pencil input at 240 Hz is 14,400 points, and a letter
/// traced in its box is a few box heights of ink.
///
/// The scorer's work grows with more than the points: it resamples the placed ink every
/// hundredth of a box height and compares every sample with the template (so ink far outside
/// the box, such as one point five million units away, made a request of 66 points take
/// minutes), and it cuts each stroke by its eraser mask edge by edge. ``maximumInkLength``
/// and ``maximumMaskWork`` bound both.
struct SessionLimits: Hashable, Sendable {
  /// The longest request line, in bytes without its line ending.
  var maximumRequestBytes: Int
  /// The most points an attempt may have, over all its strokes (mask vertices count too).
  var maximumPoints: Int
  /// The most strokes an attempt may have.
  var maximumStrokes: Int
  /// The longest ink an attempt may have once placed in the template's box, in box heights.
  var maximumInkLength: Double

  /// The most point–edge pairs the eraser masks of an attempt may make the scorer cut (a
  /// stroke's points times its mask's vertices, summed over strokes): about a second of work
  /// in a debug build.
  static let maximumMaskWork = 1_000_000

  /// The default longest request line: 16 MiB.
  static let defaultRequestBytes = 16 << 20
  /// The default most points of an attempt.
  static let defaultPoints = 100_000
  /// The default most strokes of an attempt (the scorer's cost grows faster than the count
  /// of strokes: 200 strokes take about 3 s in a debug build, 1,000 about 100 s).
  static let defaultStrokes = 200
  /// The default longest placed ink, in box heights (100,000 samples for the scorer, about
  /// half a second in a debug build).
  static let defaultInkLength = 1000.0
  /// The largest value an operator may give a limit: 1 GiB of line, a billion points.
  static let ceiling = 1 << 30

  /// The defaults.
  static let standard = SessionLimits(
    maximumRequestBytes: defaultRequestBytes, maximumPoints: defaultPoints,
    maximumStrokes: defaultStrokes, maximumInkLength: defaultInkLength)

  /// The `--max-request-bytes` option.
  static let requestBytesOption = OptionDeclaration.value(
    "max-request-bytes", valueName: "n",
    help: "The longest request line in bytes; a longer one is answered with an error and "
      + "skipped without being held.", defaultDescription: "16777216 (16 MiB)")
  /// The `--max-points` option.
  static let pointsOption = OptionDeclaration.value(
    "max-points", valueName: "n",
    help: "The most points an attempt may have; one with more is refused as it is read, "
      + "before it is scored.",
    defaultDescription: "100000")
  /// The `--max-strokes` option.
  static let strokesOption = OptionDeclaration.value(
    "max-strokes", valueName: "n",
    help: "The most strokes an attempt may have; one with more is refused as it is read, "
      + "before it is scored.",
    defaultDescription: "200")
  /// The `--max-ink-length` option.
  static let inkLengthOption = OptionDeclaration.value(
    "max-ink-length", valueName: "box-heights",
    help: "The longest ink an attempt may have once placed in the template's box, in box "
      + "heights; longer ink is refused before it is scored.", defaultDescription: "1000")

  /// The options, in the order help lists them.
  static let options = [requestBytesOption, pointsOption, strokesOption, inkLengthOption]

  /// The limits a command line asks for.
  ///
  /// - Throws: `UsageError` unless each count is an integer from 1 to ``ceiling`` and the ink
  ///   length a positive finite number.
  init(_ arguments: ParsedArguments) throws(UsageError) {
    func value(_ option: OptionDeclaration, default fallback: Int) throws(UsageError) -> Int {
      try arguments.count(option, default: fallback, ceiling: Self.ceiling)
    }
    var inkLength = Self.defaultInkLength
    if let given = try arguments.value(Self.inkLengthOption.name, as: Double.self) {
      guard given > 0, given.isFinite else {
        throw UsageError(
          "invalid value '\(given)' for '\(arguments.spelling(Self.inkLengthOption.name))': "
            + "expected a positive number")
      }
      inkLength = given
    }
    self.init(
      maximumRequestBytes: try value(Self.requestBytesOption, default: Self.defaultRequestBytes),
      maximumPoints: try value(Self.pointsOption, default: Self.defaultPoints),
      maximumStrokes: try value(Self.strokesOption, default: Self.defaultStrokes),
      maximumInkLength: inkLength)
  }

  /// The limits the Ductus JSON reader counts a JSON attempt against as it reads it: the
  /// session's points for one stroke and for all (a mask's vertices count as points), its
  /// strokes, and its line.
  var readLimits: InkReadLimits {
    InkReadLimits(
      maximumStrokePoints: maximumPoints, maximumStrokes: maximumStrokes,
      maximumDrawingPoints: maximumPoints, maximumRecordBytes: maximumRequestBytes)
  }

  /// Limits given one by one.
  init(
    maximumRequestBytes: Int, maximumPoints: Int, maximumStrokes: Int,
    maximumInkLength: Double = defaultInkLength
  ) {
    self.maximumRequestBytes = maximumRequestBytes
    self.maximumPoints = maximumPoints
    self.maximumStrokes = maximumStrokes
    self.maximumInkLength = maximumInkLength
  }
}
