import Foundation
import InkDistances
import InkFormats
import InkRecognition
import InkSampling
import InkTracing
import _DuctusSupport

/// The options shared by the `trace` commands: which template, how lenient, which method and
/// how the attempt is placed.
enum TraceOptions {
  static let template = OptionDeclaration.value(
    "template", short: "t", valueName: "name|file",
    help: "The template: a library name (latin/a, digits/7, shapes/star) or a template file.")
  static let level = OptionDeclaration.value(
    "level", valueName: "name", help: "How lenient the report is.",
    allowedValues: TracingLevel.all.map(\.name), defaultDescription: "standard")
  static let method = OptionDeclaration.value(
    "method", valueName: "name",
    help: "'strokes' for the stroke-by-stroke report, 'coverage' for the classic coverage score.",
    allowedValues: ["strokes", "coverage"], defaultDescription: "strokes")
  static let placement = OptionDeclaration.value(
    "placement", valueName: "fit|box|X,Y,W,H",
    help: "How the attempt meets the template: 'fit' scales and centres it (a stray mark beside "
      + "the letter is left out of the fit and reported as extra), 'box' takes its coordinates "
      + "as the template box's, X,Y,W,H is where the template box was shown on the canvas.",
    defaultDescription: "fit")

  static let locale = OptionDeclaration.value(
    "locale", valueName: "language",
    help: "The language of the messages and words: "
      + TracingMessageCatalog.all.map(\.language).joined(separator: ", ") + ".",
    defaultDescription: "from LC_ALL, LC_MESSAGES or LANG, else en")
  static let all = [template, TemplateLibrary.option, level, method, placement, locale]
  /// The options of commands that read a corpus of attempts (`trace batch`, `trace rank`).
  static let corpus =
    [
      CommonOptions.inputFormat(help: "The corpus format."),
      CommonOptions.jobs, CommonOptions.shard, CommonOptions.errors, CommonOptions.quiet,
    ] + ReadLimitOptions.all

  /// The `corpus` argument opened as these commands read it: checked to exist, its format from
  /// `--from` or guessed, and the records of the `--shard` asked for.
  static func openCorpus(_ arguments: ParsedArguments, context: CommandContext) throws -> (
    input: InkInput, records: ShardedRecords
  ) {
    let path = arguments.argument("corpus")!
    try context.checkInputExists(path)
    let input = try InkInput(
      path: path, format: try arguments.value("from", as: InkFileFormat.self),
      limits: try ReadLimitOptions.limits(arguments), context: context)
    return (input, try ShardedRecords(input, shard: try CommonOptions.shard(in: arguments)))
  }

  /// The start of a record's NDJSON line, `{"key":…,"label":…,`, for a field to follow.
  static func recordPrefix(key: String, label: String?) -> String {
    "{\"key\":\(JSONTextWriter.string(key)),\"label\":\(label.map(JSONTextWriter.string) ?? "null"),"
  }

  /// The scorer a command line asks for.
  static func scorer(_ arguments: ParsedArguments) throws -> TracingScorer {
    TracingScorer(
      level: try level(arguments), placement: try placement(arguments),
      messages: try messages(arguments))
  }

  /// The `--locale` a command line asks for, else the environment's language
  /// (``TracingMessageCatalog/forEnvironment(_:)``).
  static func messages(_ arguments: ParsedArguments) throws -> TracingMessageCatalog {
    guard let name = arguments.value("locale") else {
      return TracingMessageCatalog.forEnvironment(Platform.environment)
    }
    guard let catalog = TracingMessageCatalog.named(name) else {
      throw UsageError(
        "unknown locale '\(name)'; Ductus speaks "
          + TracingMessageCatalog.all.map(\.language).joined(separator: ", "))
    }
    return catalog
  }

  /// The `--method` a command line asks for, `strokes` without it (the parser has checked the
  /// name).
  static func method(_ arguments: ParsedArguments) -> TracingMethod {
    arguments.value("method").flatMap(TracingMethod.init(rawValue:)) ?? .strokes
  }

  /// The `--level` a command line asks for, `standard` without it.
  static func level(_ arguments: ParsedArguments) throws -> TracingLevel {
    try arguments.value("level").map { name in
      guard let level = TracingLevel.named(name) else {
        throw UsageError("unknown level '\(name)'")
      }
      return level
    } ?? .standard
  }

  /// The `--placement` a command line asks for, `fit` without it.
  static func placement(_ arguments: ParsedArguments) throws -> TracingPlacement {
    try arguments.value("placement").map {
      try parsePlacement($0, name: arguments.spelling("placement"))
    } ?? .fit
  }

  /// `fit`, `box` or `X,Y,W,H`; `name` is what messages call the value (the option, or a
  /// session request's field).
  static func parsePlacement(_ text: String, name: String = "--placement") throws
    -> TracingPlacement
  {
    switch text {
    case "fit": return .fit
    case "box": return .box
    default:
      let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map {
        Double($0.trimmingCharacters(in: .whitespaces))
      }
      guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let width = numbers[2],
        let height = numbers[3], [x, y, width, height].allSatisfy(\.isFinite)
      else {
        throw UsageError(
          "invalid value '\(text)' for '\(name)': expected fit, box or X,Y,W,H (four "
            + "numbers, such as 0,0,200,300)")
      }
      guard width > 0, height > 0 else {
        throw UsageError(
          "invalid value '\(text)' for '\(name)': the box's width and height (W and H) "
            + "must be positive")
      }
      return .canvas(CGRect(x: x, y: y, width: width, height: height))
    }
  }

  /// Runs a scoring call, naming the attempt in its failure (exit 65).
  static func failing<Result>(attempt: PKDrawingInput, _ body: () throws -> Result) throws
    -> Result
  {
    do {
      return try body()
    } catch {
      throw CommandFailure(.malformedInput, "\(attempt.name): \(error)")
    }
  }

  /// Reports as JSON: keys sorted, so the same attempt always gives the same bytes.
  static let encoder = SortedJSONEncoder()
}
