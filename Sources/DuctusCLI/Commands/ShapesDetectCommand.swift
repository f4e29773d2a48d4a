import Foundation
import InkFigures
import InkFormats
import InkShapes
import OpenPencilKit
import _DuctusSupport

/// `ductus shapes detect FILE|CORPUS`: the shapes of each drawing, as JSON (one drawing) or
/// NDJSON (a line a record), with the ideal drawing and a picture for one drawing.
struct ShapesDetectCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "detect",
      abstract: "Find the shapes in drawings: kind, confidence, parameters, ideal form.",
      discussion:
        "The strokes of each drawing are grouped (up to eight strokes that touch or nearly "
        + "touch and make a better shape together than apart, drawn in any order and direction, "
        + "as a polygon a side a stroke; strokes that chain with short gaps into a closed "
        + "shape, such as an octagon whose sides stop short of each other, are one group too; "
        + "a dot joins the group it touches), and each group is "
        + "named a kind (line, polyline, "
        + "arc, circle, ellipse, spiral, helix, curve, triangle, quadrilateral, "
        + "roundedRectangle, pentagon, hexagon, polygon, star, arrow, heart, cloud, chatBubble, "
        + "check, caret, zigzag) with a subkind where one exists, or 'none' for writing, "
        + "scribbles and doodles and for the best candidate below --min-confidence ('none' has "
        + "the confidence that the group is not a shape: one less the best candidate's; a "
        + "higher --min-confidence can also change how strokes are grouped). See the "
        + "ShapeRecognition article of InkShapes for each kind's keys. One drawing (a drawing "
        + "file, or the record --record picks from a corpus) gives {\"shapes\": [...]}; a "
        + "corpus gives one line a record, {\"key\", \"label\", \"shapes\"} (the record's own "
        + "key and label, as read), in input order, "
        + "--jobs at a time. --beautify OUT writes the drawing with each shape replaced by its "
        + "ideal in the same ink and width (a PaperMarkup of PaperKit shapes when OUT ends in "
        + ".paper.json, else a drawing in the format of OUT's extension); --picture OUT draws the "
        + "ink with the shapes over it, labelled, and a legend. Both take one drawing. text "
        + "prints each drawing's description, as 'ductus describe' does.",
      options: [
        RecordSelection.option,
        ShapesDetectCommand.minimumConfidence,
        .value("beautify", valueName: "file", help: "Write the ideal drawing here."),
        .value("picture", valueName: "file", help: "Write the picture here (.png, .svg, .pdf)."),
        .flag("no-legend", help: "Leave the legend strip off the picture."),
        OutputFormat.option(
          [.text, .json, .ndjson], otherwise: .json, followsOutput: true,
          otherwiseDescription: "json for one drawing and ndjson for a corpus"),
        .value("output", short: "o", valueName: "file", help: "Write the answers here."),
        CommonOptions.inputFormat(help: "The input's format."),
      ] + CommonOptions.batch + ReadLimitOptions.all,
      arguments: [
        ArgumentDeclaration(
          "input", help: "A drawing or a corpus; '-' reads standard input.")
      ])
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    let recognizer = try Self.recognizer(arguments)
    guard let path = arguments.argument("input") else { throw UsageError("missing input") }
    try context.checkInputExists(path)
    let input = try InkInput(
      path: path, format: try arguments.value("from", as: InkFileFormat.self),
      limits: try ReadLimitOptions.limits(arguments), context: context)
    let beautify = arguments.value("beautify")
    let picture = try arguments.value("picture").map { path in
      try (path: path, format: TraceScoreCommand.pictureFormat(of: path, context: context))
    }
    try context.refuseOverwriting(
      inputs: [path],
      outputs: [arguments.value("output"), beautify, picture?.path, arguments.value("errors")])
    if let beautify { try context.checkOutputFolder(of: beautify) }
    let single =
      !input.isCorpus || arguments.value("record") != nil || beautify != nil
      || picture != nil
    let format = try OutputFormat.selected(
      in: arguments, otherwise: single ? .json : .ndjson, output: arguments.value("output"),
      context: context)
    guard single else { return try detectAll(in: input, recognizer, format, arguments, context) }
    let record = try RecordSelection(arguments, batchCommand: "ductus shapes detect CORPUS")
      .record(in: input)
    let name =
      arguments.value("record") == nil ? input.displayName : "\(input.displayName) (\(record.key))"
    let shapes = recognizer.shapes(in: record.drawing)
    if let beautify {
      try Self.writeBeautified(record.drawing, shapes: shapes, to: beautify, name: name)
    }
    if let picture {
      let bytes = try ShapePicture.render(
        record.drawing, shapes: shapes, format: picture.format,
        legend: !arguments.flag("no-legend"))
      try AtomicFile.write(bytes, to: picture.path)
    }
    try context.writeOutput(to: arguments.value("output") ?? "-") { sink in
      switch format {
      case .text: sink.write(DrawingDescription(record.drawing, shapes: shapes).text + "\n")
      case .ndjson:
        sink.write(
          try SortedJSONEncoder().encode(
            ShapeAnswer(key: record.key, label: record.label, shapes: shapes)) + Data("\n".utf8))
      default:
        sink.write(try SortedJSONEncoder().encode(ShapeAnswer(shapes: shapes)) + Data("\n".utf8))
      }
    }
    return .success
  }

  /// Every record of a corpus, in order, in parallel.
  func detectAll(
    in input: InkInput, _ recognizer: ShapeRecognizer, _ format: OutputFormat,
    _ arguments: ParsedArguments, _ context: CommandContext
  ) throws -> ExitCode {
    let jobs = try CommonOptions.jobCount(in: arguments)
    let records = try ShardedRecords(input, shard: try CommonOptions.shard(in: arguments))
    let failures = try RecordFailureLog(path: arguments.value("errors"), context: context)
    let progress = ProgressReporter(
      label: "shapes", total: nil, context: context, quiet: arguments.flag("quiet"))
    defer { progress.finish() }
    try context.writeOutput(to: arguments.value("output") ?? "-") { sink in
      var json = format == .text ? nil : JSONRecordWriter(to: sink, format: format)
      try OrderedParallelMap(jobs: jobs).run(
        next: records.next,
        transform: { item -> Result<Data, any Error> in
          // The answer is encoded here, on the workers; an encoding error still ends the run.
          let record = try item.get()
          let shapes = recognizer.shapes(in: record.drawing)
          guard format == .text else {
            return Result {
              try JSONRecordWriter.encode(
                ShapeAnswer(key: record.key, label: record.label, shapes: shapes))
            }
          }
          let text = DrawingDescription(record.drawing, shapes: shapes).text
          return .success(Data("\(record.key)\t\(text)\n".utf8))
        },
        emit: { _, result in
          progress.advance()
          switch result {
          case .success(let entry):
            if json != nil {
              json!.write(encoded: try entry.get())
            } else {
              sink.write(try entry.get())
            }
          case .failure(let error): failures.log(CommandFailure(error))
          }
        })
      json?.finish()
    }
    if let fatal = records.fatal { throw fatal }
    progress.finish(failures: failures.count)
    return try failures.finish()
  }

  /// `--min-confidence C`, for every command that recognises shapes.
  static let minimumConfidence = OptionDeclaration.value(
    "min-confidence", valueName: "C",
    help: "Answer 'none' (writing) for a group whose best kind is less sure than C (0…1).",
    defaultDescription: "\(ShapeRecognizer().minimumConfidence)")

  /// The recognizer of the command line's `--min-confidence`.
  static func recognizer(_ arguments: ParsedArguments) throws -> ShapeRecognizer {
    var recognizer = ShapeRecognizer()
    if let confidence = try arguments.value("min-confidence", as: Double.self) {
      guard confidence >= 0, confidence <= 1 else {
        throw UsageError(
          "invalid value '\(confidence)' for '--min-confidence': expected a number in 0…1")
      }
      recognizer.minimumConfidence = confidence
    }
    return recognizer
  }

  /// Writes the ideal drawing: a PaperMarkup for `.paper.json`, else a drawing in the format
  /// of the extension.
  static func writeBeautified(
    _ drawing: PKDrawing, shapes: [DetectedShape], to path: String, name: String
  ) throws {
    let beautifier = ShapeBeautifier()
    do {
      if path.lowercased().hasSuffix(".paper.json") {
        let paper = try beautifier.paperMarkup(drawing, shapes: shapes)
        let bytes: Data
        do {
          bytes = try paper.jsonData()
        } catch {
          // The paper's own error names the value it cannot write.
          throw CommandFailure(.malformedInput, "\(path): \(error)")
        }
        try AtomicFile.write(bytes, to: path)
        return
      }
      let fileExtension = URL(fileURLWithPath: path).pathExtension.lowercased()
      guard
        let format = InkFileFormat.allCases.first(where: {
          $0.isWritable && !$0.holdsCorpus && $0.fileExtensions.contains(fileExtension)
        })
      else {
        throw UsageError(
          "cannot tell the drawing format of '\(path)'; use .paper.json, .json or .drawing")
      }
      try format.write(
        try beautifier.drawing(drawing, shapes: shapes), to: URL(fileURLWithPath: path))
    } catch let error as ShapeBeautifierError {
      throw CommandFailure(.malformedInput, "\(name): \(error)")
    }
  }
}

/// One drawing's answer: its shapes (numbers to four decimals), and its record's key and label
/// in a corpus.
struct ShapeAnswer: Encodable {
  var key: String?
  var label: String?
  var shapes: [DetectedShape]

  init(key: String? = nil, label: String? = nil, shapes: [DetectedShape]) {
    self.key = key
    self.label = label
    self.shapes = shapes.map { $0.rounded() }
  }
}
