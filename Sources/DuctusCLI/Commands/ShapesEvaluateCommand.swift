import Foundation
import InkFormats
import InkShapes
import _DuctusSupport

/// `ductus shapes evaluate CORPUS…`: the recognizer's accuracy, confusion and calibration on
/// labelled corpora, and its parameter errors where records carry their ground truth.
struct ShapesEvaluateCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "evaluate",
      abstract: "Measure shape recognition on labelled corpora: accuracy, confusion, calibration.",
      discussion:
        "Each record's label names the kinds that are right for it: a kind's own name, or a "
        + "class of the public corpora (square, rectangle and diamond are quadrilaterals, "
        + "octagon a polygon, delete_mark a zigzag; see ShapeLabel in InkShapes); records whose "
        + "label names no kind are counted and left out. A drawing's answer is its one group, "
        + "else the group of the most strokes; it is right when its kind is one the label "
        + "names and the drawing came out as one group (a record labelled none: when no group "
        + "is a shape). json prints the records, the accuracy, each label's records, right "
        + "answers and the kinds they came out as (the confusion), the calibration bins "
        + "(tenths of confidence: answers, right, mean confidence) with the expected "
        + "calibration error, and for records with ground truth in their metadata (\"shape\", "
        + "as 'ductus synth shapes' writes) the median, 95th percentile and largest error of "
        + "the centre, vertices and radii (fractions of the true size) and angle (degrees), "
        + "with the share within the issue's bounds (2%, 4%, 3%, 3°). text prints a summary.",
      options: [
        ShapesDetectCommand.minimumConfidence,
        OutputFormat.option([.text, .json], otherwise: .json),
        CommonOptions.inputFormat(help: "The corpora's format."),
        CommonOptions.quiet,
      ] + ReadLimitOptions.all,
      arguments: [
        ArgumentDeclaration(
          "corpus", arity: .oneOrMore, help: "Labelled corpora; '-' reads standard input.")
      ])
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    let recognizer = try ShapesDetectCommand.recognizer(arguments)
    let format = try OutputFormat.selected(in: arguments, otherwise: .json, context: context)
    let paths = arguments.arguments("corpus")
    try context.checkStandardInputOnce(paths)
    for path in paths { try context.checkInputExists(path) }
    let limits = try ReadLimitOptions.limits(arguments)
    let inputFormat = try arguments.value("from", as: InkFileFormat.self)
    var tally = ShapeEvaluationTally()
    let progress = ProgressReporter(
      label: "evaluate", total: nil, context: context, quiet: arguments.flag("quiet"))
    defer { progress.finish() }
    for path in paths {
      let input = try InkInput(path: path, format: inputFormat, limits: limits, context: context)
      var records = try input.openRecords()
      while let record = try records.next() {
        let truth = try record.metadata["shape"].map { text in
          do {
            return try JSONDecoder().decode(DetectedShape.self, from: Data(text.utf8))
          } catch {
            throw CommandFailure.record(
              .malformedInput, file: input.displayName, record: record.key,
              "metadata \"shape\" is not a shape's JSON: \(error)")
          }
        }
        tally.add(label: record.label, shapes: recognizer.shapes(in: record.drawing), truth: truth)
        progress.advance()
      }
    }
    guard tally.scored > 0 else {
      throw CommandFailure(
        .malformedInput,
        "\(paths.joined(separator: ", ")): no record is labelled with a shape kind "
          + "(\(tally.records) records, \(tally.unlabelled) unlabelled): nothing to evaluate")
    }
    let summary = ShapeEvaluationSummary(tally)
    if format == .text {
      context.output.write(summary.text)
    } else {
      context.output.write(try SortedJSONEncoder().encode(summary) + Data("\n".utf8))
    }
    return .success
  }
}

/// The JSON `shapes evaluate` prints: the tally, with its accuracy, calibration error and the
/// parameter errors summarised.
struct ShapeEvaluationSummary: Encodable {
  var records: Int
  var unlabelled: Int
  var scored: Int
  var right: Int
  var accuracy: Double
  var labels: [String: ShapeEvaluationTally.LabelTally]
  var calibration: [ShapeEvaluationTally.CalibrationBin]
  var expectedCalibrationError: Double
  var parameterErrors: [String: ErrorSummary]

  /// A list of errors as its count, median, 95th percentile, largest value, and the share
  /// within the bound the issue sets.
  struct ErrorSummary: Encodable {
    var count: Int
    var median: Double
    var p95: Double
    var max: Double
    var bound: Double
    var withinBound: Double
  }

  init(_ tally: ShapeEvaluationTally) {
    records = tally.records
    unlabelled = tally.unlabelled
    scored = tally.scored
    right = tally.right
    accuracy = tally.accuracy
    labels = tally.labels
    calibration = tally.calibration.filter { $0.count > 0 }
    expectedCalibrationError = tally.expectedCalibrationError
    let errors = tally.parameterErrors
    var summaries: [String: ErrorSummary] = [:]
    for (name, values, bound) in [
      ("center", errors.center, 0.02), ("vertex", errors.vertex, 0.04),
      ("radius", errors.radius, 0.03), ("angle", errors.angle, 3),
    ] where !values.isEmpty {
      let sorted = values.sorted()
      func quantile(_ q: Double) -> Double { sorted[Int((q * Double(sorted.count - 1)).rounded())] }
      summaries[name] = ErrorSummary(
        count: sorted.count, median: quantile(0.5), p95: quantile(0.95), max: sorted.last!,
        bound: bound,
        withinBound: Double(sorted.filter { $0 < bound }.count) / Double(sorted.count))
    }
    parameterErrors = summaries
  }

  /// A few lines for people.
  var text: String {
    var lines = [
      "\(right)/\(scored) right (\(String(format: "%.1f", 100 * accuracy))%), \(unlabelled) of "
        + "\(records) records unlabelled; calibration error \(String(format: "%.3f", expectedCalibrationError))"
    ]
    for (label, tally) in labels.sorted(by: { $0.key < $1.key }) {
      let kinds = tally.kinds.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
      lines.append("\(label)\t\(tally.right)/\(tally.count)\t\(kinds)")
    }
    for (name, summary) in parameterErrors.sorted(by: { $0.key < $1.key }) {
      lines.append(
        "\(name) error\tmedian \(String(format: "%.4f", summary.median))\tp95 "
          + "\(String(format: "%.4f", summary.p95))\tmax \(String(format: "%.4f", summary.max))\t"
          + "\(String(format: "%.1f", 100 * summary.withinBound))% under \(summary.bound)")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
