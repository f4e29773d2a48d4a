import Foundation
import InkFeatures
import InkFormats
import _DuctusSupport

/// `ductus signature features FILE|CORPUS`: the local functions and global features of each
/// signature, as NDJSON (a line a record), CSV or a `.npy` array with a sidecar.
struct SignatureFeaturesCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "features",
      abstract: "Compute the local functions and global features of signatures.",
      discussion:
        "Each drawing is one signature: its pen-down samples, strokes concatenated in order. "
        + "The local functions are x, y, pressure, theta (path-tangent angle), velocity, rho "
        + "(log curvature radius), acceleration (total), azimuth and altitude, followed by their "
        + "regression derivatives (dx, …; with --derivatives 2 also d2x, …), each z-normalised "
        + "over the signature; the 61 global features are duration, pen-ups, velocity, "
        + "acceleration and jerk statistics, ratios, timing and direction and turning "
        + "histograms (see the Global features article of InkFeatures for each formula). NDJSON "
        + "gives a line a record, {\"key\", \"label\", \"global\": {name: value}, \"local\": "
        + "{\"count\", \"names\", \"columns\"}} (keys sorted; --local or --global keeps one). CSV "
        + "and .npy hold one table, so they need --local or --global: CSV rows are (key, label, "
        + "features…) a record for --global, (key, index, functions…) a sample for --local; "
        + "the .npy is float64 of shape (records, 61) or (samples of all records, functions), "
        + "with a sidecar <file>.npy.json {\"columns\", \"rowKeys\"} and, for --local, "
        + "\"rowOffsets\" (record i has rows rowOffsets[i]..<rowOffsets[i+1]). A record with a "
        + "number that is not finite fails alone (exit 1).",
      options: [
        .flag("local", help: "Write only the local functions."),
        .flag("global", help: "Write only the global features."),
        .value(
          "derivatives", valueName: "order",
          help: "Append the derivatives of the local functions up to this order (0, 1 or 2).",
          allowedValues: ["0", "1", "2"], defaultDescription: "1"),
        .flag("no-pen-angles", help: "Leave azimuth and altitude out of the local functions."),
        OutputFormat.option([.ndjson, .csv, .npy], otherwise: .ndjson, followsOutput: true),
        .value("output", short: "o", valueName: "file", help: "Write the features here."),
        RecordSelection.option,
        CommonOptions.inputFormat(help: "The input's format."),
      ] + CommonOptions.batch + ReadLimitOptions.all,
      arguments: [
        ArgumentDeclaration(
          "input", help: "A signature file, a corpus or a folder; '-' reads standard input.")
      ])
  }

  /// Which feature sets a run writes.
  struct Selection {
    var local: Bool
    var global: Bool
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    if arguments.flag("local"), arguments.flag("global") {
      throw UsageError(
        "'--local' and '--global' contradict each other; give one, or neither for both")
    }
    let selection = Selection(
      local: !arguments.flag("global"), global: !arguments.flag("local"))
    let extractor = SignatureFeatureExtractor(
      derivativeOrder: try arguments.value("derivatives", as: Int.self) ?? 1,
      includesPenAngles: !arguments.flag("no-pen-angles"))
    let output = arguments.value("output")
    let format = try OutputFormat.selected(
      in: arguments, otherwise: .ndjson, output: output, context: context)
    if format == .csv || format == .npy, selection.local == selection.global {
      throw UsageError(
        "\(format.title) holds one table: give --local (a row a sample) or --global (a row a "
          + "record)")
    }
    if format == .npy {
      guard let output else {
        throw UsageError(".npy output needs -o FILE.npy (or -o - for standard output)")
      }
      try context.refuseBinaryOnTerminal(output, what: "a .npy array")
    }
    guard let path = arguments.argument("input") else { throw UsageError("missing input") }
    try context.checkInputExists(path)
    try context.refuseOverwriting(inputs: [path], outputs: [output, arguments.value("errors")])
    let input = try InkInput(
      path: path, format: try arguments.value("from", as: InkFileFormat.self),
      limits: try ReadLimitOptions.limits(arguments), context: context)
    let jobs = try CommonOptions.jobCount(in: arguments)
    let failures = try RecordFailureLog(path: arguments.value("errors"), context: context)
    let progress = ProgressReporter(
      label: "signature features", total: nil, context: context,
      quiet: arguments.flag("quiet"))
    defer { progress.finish() }
    let name = input.displayName
    var chosen: [CorpusRecord]?
    if arguments.value("record") != nil {
      chosen = [
        try RecordSelection(arguments, batchCommand: "ductus signature features CORPUS")
          .record(in: input)
      ]
    }
    let records =
      chosen == nil
      ? try ShardedRecords(input, shard: try CommonOptions.shard(in: arguments)) : nil

    /// Runs through the records, `jobs` at a time, handing each record's key, features and
    /// (for NDJSON and CSV) text to `body` in input order.
    func forEachRecord(_ body: (String, SignatureFeatures, String) throws -> Void) throws {
      let next: () -> Result<CorpusRecord, any Error>? =
        records?.next ?? { chosen!.isEmpty ? nil : .success(chosen!.removeFirst()) }
      try OrderedParallelMap(jobs: jobs).run(
        next: next,
        transform: { item -> (String, SignatureFeatures, String) in
          let record = try item.get()
          let features: SignatureFeatures
          do {
            features = try extractor.features(of: record.drawing)
            try Self.checkFinite(features)
          } catch {
            throw CommandFailure.record(
              .malformedInput, file: name, record: record.key, "\(error)")
          }
          let text =
            switch format {
            case .csv: Self.csv(record, features, selection)
            case .ndjson, .json: try Self.ndjson(record, features, selection)
            default: ""
            }
          return (record.key, features, text)
        },
        emit: { _, result in
          progress.advance()
          switch result {
          case .success(let (key, features, text)): try body(key, features, text)
          case .failure(let error): failures.log(CommandFailure(error))
          }
        })
      if let fatal = records?.fatal { throw fatal }
    }

    if format == .npy, let output {
      var keys: [String] = []
      var offsets = [0]
      var values: [Double] = []
      let columns = selection.local ? extractor.localFunctionNames : GlobalFeatures.names
      try forEachRecord { key, features, _ in
        keys.append(key)
        if selection.local {
          for i in 0..<features.local.count { values += features.local.row(i) }
          offsets.append(offsets.last! + features.local.count)
        } else {
          values += features.global.values
        }
      }
      try context.checkOutputFolder(of: output)
      var sidecar = JSONTextWriter()
      sidecar.append("{")
      sidecar.appendKey("columns", first: true)
      sidecar.append("[" + columns.map(JSONTextWriter.string).joined(separator: ",") + "]")
      sidecar.appendKey("rowKeys")
      sidecar.append("[" + keys.map(JSONTextWriter.string).joined(separator: ",") + "]")
      if selection.local {
        sidecar.appendKey("rowOffsets")
        sidecar.append("[" + offsets.map(String.init).joined(separator: ",") + "]")
      }
      sidecar.append("}\n")
      try DistanceMatrixFile.writePair(
        to: output, sidecar: Data(sidecar.bytes), context: context
      ) { sink in
        sink.write(NpyArray.header(shape: [values.count / max(columns.count, 1), columns.count]))
        sink.write(NpyArray.encode(values))
      }
    } else {
      try context.writeOutput(to: output ?? "-") { sink in
        if format == .csv {
          let header =
            selection.local
            ? ["key", "index"] + extractor.localFunctionNames
            : ["key", "label"] + GlobalFeatures.names
          sink.write(header.joined(separator: ",") + "\n")
        }
        try forEachRecord { _, _, text in sink.write(text) }
      }
    }
    progress.finish(failures: failures.count)
    return try failures.finish()
  }

  /// Refuses features with a number that is not finite, naming it (a coordinate near the
  /// limit of a 32-bit float, or a clock step of 10⁻³⁰ s, can overflow a rate).
  static func checkFinite(_ features: SignatureFeatures) throws(CommandFailure) {
    for (name, value) in zip(GlobalFeatures.names, features.global.values) where !value.isFinite {
      throw CommandFailure(
        .malformedInput, "the global feature \(name) is \(value), which \(FiniteOutput.refusal)")
    }
    for (name, column) in zip(features.local.names, features.local.columns) {
      if let (offset, value) = FiniteOutput.firstNonFinite(column) {
        throw CommandFailure(
          .malformedInput,
          "the \(name) of sample \(offset) is \(value), which \(FiniteOutput.refusal)")
      }
    }
  }

  /// One record as an NDJSON line, keys sorted.
  static func ndjson(
    _ record: CorpusRecord, _ features: SignatureFeatures, _ selection: Selection
  ) throws -> String {
    let answer = SignatureFeaturesAnswer(
      key: record.key, label: record.label, local: selection.local ? features.local : nil,
      global: selection.global ? features.global : nil)
    return String(decoding: try JSONRecordWriter.encode(answer), as: UTF8.self) + "\n"
  }

  /// One record's CSV rows: a row of global features, or a row of local functions a sample.
  static func csv(
    _ record: CorpusRecord, _ features: SignatureFeatures, _ selection: Selection
  ) -> String {
    let key = CSVText.field(record.key)
    guard selection.local else {
      return
        ([key, CSVText.field(record.label ?? "")]
        + features.global.values.map(CSVText.number)).joined(separator: ",") + "\n"
    }
    var text = ""
    for i in 0..<features.local.count {
      text +=
        ([key, String(i)] + features.local.row(i).map(CSVText.number)).joined(
          separator: ",") + "\n"
    }
    return text
  }
}
