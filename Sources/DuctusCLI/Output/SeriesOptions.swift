import InkDistances
import InkRecognition
import InkSampling
import InkTracing
import _DuctusSupport

/// The options shared by the commands that turn every drawing of a corpus into one series
/// (`distances`, `pca`, `resample`): `--resample`, `--pen-up`, `--normalize`.
enum SeriesOptions {
  static let resample = OptionDeclaration.value(
    "resample", valueName: "N|none",
    help: "Resample each drawing to N points equally spaced along its path, or 'none' for the "
      + "raw points of every stroke in order.",
    defaultDescription: "64")
  static let penUp = OptionDeclaration.value(
    "pen-up", valueName: "mode",
    help: "Between strokes: 'connect' counts the pen's path through the air, 'separate' shares "
      + "the points among the strokes by length.",
    allowedValues: ["connect", "separate"], defaultDescription: "connect")
  static let normalize = normalize(defaultingTo: .none)

  /// `--normalize` with the default of a command (`pca` takes out size by default).
  static func normalize(defaultingTo mode: CorpusSeriesOptions.SeriesNormalization)
    -> OptionDeclaration
  {
    .value(
      "normalize", valueName: "mode",
      help: "Take out position ('centroid') or position and size ('unit': RMS radius 1), or "
        + "keep both ('none').",
      allowedValues: CorpusSeriesOptions.SeriesNormalization.allCases.map(\.rawValue),
      defaultDescription: mode.rawValue)
  }

  static let all = [resample, penUp, normalize]

  /// The series options a command line asks for; `normalization` is the command's default for
  /// `--normalize`.
  static func parse(
    _ arguments: ParsedArguments, defaultPoints: Int = 64,
    normalization: CorpusSeriesOptions.SeriesNormalization = .none
  ) throws -> CorpusSeriesOptions {
    var options = CorpusSeriesOptions(points: defaultPoints)
    options.normalization = normalization
    if let text = arguments.value("resample") {
      if text == "none" {
        options.points = nil
      } else if let points = Int(text), points >= 1 {
        options.points = points
      } else {
        throw UsageError(
          "invalid value '\(text)' for '\(arguments.spelling("resample"))': expected a count of 1 "
            + "or more, or 'none'")
      }
    }
    options.penUp = arguments.value("pen-up") == "separate" ? .separate : .connect
    if let mode = arguments.value("normalize") {
      options.normalization = CorpusSeriesOptions.SeriesNormalization(rawValue: mode) ?? .none
    }
    return options
  }
}
