import Foundation
import InkFeatures
import InkFormats
import _DuctusSupport

/// `ductus features CORPUS`: a table of the geometry, Rubine, kinematic and pen features of
/// every stroke or every drawing, as CSV, NDJSON or a `.npy` array with a sidecar.
struct FeaturesCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "features",
      abstract: "Tabulate the features of every stroke or drawing of a corpus.",
      discussion:
        "One row a drawing (--level drawing) or a stroke (--level stroke, a pen-down run), in "
        + "input order: the columns key, label and, for strokes, stroke (its index in the "
        + "drawing, from 0), then the features: geometry (length, bounding box, aspect, "
        + "closure, turning and curvature, sharpness, an 8-bin direction histogram), Rubine's "
        + "13 (rubine1 … rubine13), kinematics on the strokes resampled at 100 Hz (duration, "
        + "speed, acceleration and jerk mean, sd and max, pauses), pen-ups (strokeCount, "
        + "inAirTime, inAirLength) and pen (force, azimuth, altitude). A drawing's row treats "
        + "its strokes as one path, pen-up jumps included, and totals the pen-ups; a stroke's "
        + "pen-up columns are those of the pen-up before it. See the Stroke and drawing "
        + "features article of InkFeatures for each formula.\n\n"
        + "CSV has a header line; NDJSON gives an object a row, {\"features\": {name: value}, "
        + "\"key\", \"label\", \"stroke\"}; the .npy is float64 of shape (rows, features) with "
        + "a sidecar <file>.npy.json {\"columns\", \"rowKeys\", \"rowLabels\"} and, for strokes, "
        + "\"rowStrokes\". Every format streams, holding at most 512 × --jobs records at once; a "
        + ".npy keeps its values and the sidecar's keys and labels in temporary files beside it "
        + "until the end. "
        + "--columns keeps the features named, in that order. A record that cannot be read, or "
        + "with a number that is not finite, fails alone (exit 1).\n\n"
        + "With --resume and -o FILE (CSV or NDJSON), a killed run started again with the same "
        + "arguments continues from its last checkpoint and writes the same bytes as an "
        + "uninterrupted run.",
      options: [
        .value(
          "level", valueName: "level", help: "A row a stroke or a row a drawing.",
          allowedValues: ["stroke", "drawing"], defaultDescription: "drawing"),
        .value(
          "columns", valueName: "names",
          help: "The features to write, comma-separated, in this order (key, label and stroke "
            + "come first always)."),
        OutputFormat.option([.csv, .ndjson, .npy], otherwise: .ndjson, followsOutput: true),
        .value("output", short: "o", valueName: "file", help: "Write the table here."),
        CommonOptions.inputFormat(help: "The input's format."),
      ] + CommonOptions.batch + [ResumableRun.option] + ReadLimitOptions.all,
      arguments: [
        ArgumentDeclaration(
          "corpus", help: "A drawing, a corpus or a folder; '-' reads standard input.")
      ])
  }

  /// One record's rows: its key and label and a vector a row (one for a drawing).
  struct Rows {
    var key: String
    var label: String?
    var vectors: [InkFeatureVector]
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    let strokes = arguments.value("level") == "stroke"
    let columns = try Self.columns(arguments)
    let output = arguments.value("output")
    let format = try OutputFormat.selected(
      in: arguments, otherwise: .ndjson, output: output, context: context)
    if format == .npy {
      guard let output else {
        throw UsageError(".npy output needs -o FILE.npy (or -o - for standard output)")
      }
      try context.refuseBinaryOnTerminal(output, what: "a .npy array")
      if arguments.flag("resume") {
        throw UsageError(
          "'--resume' continues a CSV or NDJSON table; a .npy is written whole at the end")
      }
    }
    let jobs = try CommonOptions.jobCount(in: arguments)
    let (input, records) = try TraceOptions.openCorpus(arguments, context: context)
    let resume = try ResumableRun.file(
      output, command: "features", inputs: [input.path], arguments: arguments, context: context)
    let failures =
      try resume?.failures
      ?? RecordFailureLog(path: arguments.value("errors"), context: context)
    let progress = ProgressReporter(
      label: "features", total: nil, context: context, quiet: arguments.flag("quiet"))
    defer { progress.finish() }
    let source = input.displayName
    let extractor = InkFeatureExtractor()
    try resume?.skipDone(records.next)

    /// Runs through the records, `jobs` at a time, handing each one's rows and text to `body`
    /// in input order.
    func forEachRecord(_ body: (Rows, String) throws -> Void) throws {
      try OrderedParallelMap(jobs: jobs).run(
        next: resume?.reading(records.next) ?? records.next,
        transform: { item -> (Rows, String) in
          let record = try item.get()
          let rows: Rows
          do {
            let vectors =
              strokes
              ? try extractor.strokeFeatures(of: record.drawing)
              : [try extractor.drawingFeatures(of: record.drawing)]
            rows = Rows(
              key: record.key, label: record.label,
              vectors: try vectors.map { try Self.selected(columns, of: $0) })
          } catch {
            throw CommandFailure.record(
              .malformedInput, file: source, record: record.key, "\(error)")
          }
          let text =
            switch format {
            case .csv: Self.csv(rows, strokes: strokes)
            case .npy: ""
            default: Self.ndjson(rows, columns: columns, strokes: strokes)
            }
          return (rows, text)
        },
        emit: { _, result in
          progress.advance()
          switch result {
          case .success(let (rows, text)): try body(rows, text)
          case .failure(let error): failures.log(CommandFailure(error))
          }
          try resume?.emitted()
        })
      if let fatal = records.fatal { throw fatal }
    }

    if format == .npy, let output {
      try context.checkOutputFolder(of: output)
      let table = try FeatureTableSidecar(columns: columns, strokes: strokes, for: output)
      let values = try SpillFile(for: output)
      try forEachRecord { rows, _ in
        table.append(rows)
        for vector in rows.vectors { values.append(vector.values) }
      }
      try DistanceMatrixFile.writePair(
        to: output, context: context,
        matrix: { sink in
          sink.write(NpyArray.header(shape: [table.rowCount, columns.count]))
          try values.copy(to: sink)
        },
        sidecar: table.write)
    } else {
      let header =
        format == .csv
        ? ((strokes ? ["key", "label", "stroke"] : ["key", "label"]) + columns).map(
          CSVText.field
        ).joined(separator: ",") + "\n" : ""
      let write = { (sink: OutputSink, fresh: Bool) in
        if fresh { sink.write(header) }
        try forEachRecord { _, text in sink.write(text) }
      }
      if let resume {
        try write(resume.output!.sink, resume.start.outputBytes == 0)
      } else {
        try context.writeOutput(to: output ?? "-") { try write($0, true) }
      }
    }
    try resume?.finish()
    progress.finish(failures: failures.count)
    return try failures.finish()
  }

  /// The feature columns `--columns` names (all of them without it).
  ///
  /// - Throws: `UsageError` for a name that is no feature, or one named twice.
  static func columns(_ arguments: ParsedArguments) throws(UsageError) -> [String] {
    guard let list = arguments.value("columns") else { return InkFeatureExtractor.names }
    let names = list.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    for (i, name) in names.enumerated() {
      guard InkFeatureExtractor.names.contains(name) else {
        let hint = TypoSuggestion.closest(to: name, among: InkFeatureExtractor.names)
        throw UsageError(
          "unknown feature '\(name)' in '\(arguments.spelling("columns"))'"
            + (hint.map { "; did you mean '\($0)'?" } ?? "; 'ductus help features' names them"))
      }
      if names[..<i].contains(name) {
        throw UsageError(
          "the feature '\(name)' is named twice in '\(arguments.spelling("columns"))'")
      }
    }
    return names
  }

  /// The values of the named features, in that order.
  ///
  /// - Throws: `CommandFailure` (exit 65) for a value that is not finite, naming it.
  static func selected(_ columns: [String], of vector: InkFeatureVector) throws(CommandFailure)
    -> InkFeatureVector
  {
    var values: [Double] = []
    values.reserveCapacity(columns.count)
    for name in columns {
      let value = vector[name]!
      guard value.isFinite else {
        throw CommandFailure(
          .malformedInput, "the feature \(name) is \(value), which \(FiniteOutput.refusal)")
      }
      values.append(value)
    }
    return InkFeatureVector(values: values)
  }

  /// A record's CSV rows.
  static func csv(_ rows: Rows, strokes: Bool) -> String {
    let prefix = CSVText.field(rows.key) + "," + CSVText.field(rows.label ?? "")
    var text = ""
    for (k, vector) in rows.vectors.enumerated() {
      text += prefix + (strokes ? ",\(k)" : "")
      for value in vector.values { text += "," + CSVText.number(value) }
      text += "\n"
    }
    return text
  }

  /// A record's NDJSON lines, keys sorted.
  static func ndjson(_ rows: Rows, columns: [String], strokes: Bool) -> String {
    let order = columns.indices.sorted { columns[$0] < columns[$1] }
    let label = rows.label.map(JSONTextWriter.string) ?? "null"
    var text = ""
    for (k, vector) in rows.vectors.enumerated() {
      text += "{\"features\":{"
      text += order.map {
        JSONTextWriter.string(columns[$0]) + ":" + JSONTextWriter.number(vector.values[$0])
      }
      .joined(separator: ",")
      text += "},\"key\":\(JSONTextWriter.string(rows.key)),\"label\":\(label)"
      text += strokes ? ",\"stroke\":\(k)}\n" : "}\n"
    }
    return text
  }
}
