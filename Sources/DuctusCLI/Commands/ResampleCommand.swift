import Foundation
import InkDistances
import InkFormats
import InkRecognition
import InkSampling
import InkTracing
import _DuctusSupport

/// `ductus resample CORPUS`: every drawing of a corpus as one resampled series, streamed, for
/// tools that take fixed-length sequences (NumPy, PyTorch, Dask).
struct ResampleCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "resample",
      abstract: "Resample every drawing of a corpus to a series of N points.",
      discussion:
        "Each drawing becomes one series (see --resample, --pen-up, --normalize), written as "
        + "NDJSON {\"key\", \"label\", \"penDown\", \"stroke\", \"t\", \"x\", \"y\"} (keys sorted) "
        + "as records are read, as CSV rows (key, index, x, y, t, stroke, penDown), or as a "
        + "float64 .npy array of shape (drawings, N, 2) with a sidecar of keys.",
      options: SeriesOptions.all + [
        .value("output", short: "o", valueName: "file", help: "Where to write the series."),
        OutputFormat.option([.ndjson, .csv, .npy], otherwise: .ndjson, followsOutput: true),
        CommonOptions.inputFormat(help: "The input format."),
      ] + ReadLimitOptions.all + CommonOptions.batch,
      arguments: [
        ArgumentDeclaration("corpus", help: "The corpus file or folder; '-' reads standard input.")
      ])
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    let options = try SeriesOptions.parse(arguments)
    let output = arguments.value("output")
    let format = try OutputFormat.selected(
      in: arguments, otherwise: .ndjson, output: output, context: context)
    let jobs = try CommonOptions.jobCount(in: arguments)
    let shard = try CommonOptions.shard(in: arguments)
    if format == .npy {
      guard let output else {
        throw UsageError(".npy output needs -o FILE.npy (or -o - for standard output)")
      }
      try context.refuseBinaryOnTerminal(output, what: "a .npy array")
      guard options.points != nil else {
        throw UsageError(".npy needs drawings of equal length: give --resample N")
      }
    }
    let path = arguments.argument("corpus")!
    try context.checkInputExists(path)
    try context.refuseOverwriting(inputs: [path], outputs: [output, arguments.value("errors")])
    let failures = try RecordFailureLog(path: arguments.value("errors"), context: context)
    let progress = ProgressReporter(
      label: "resample", total: nil, context: context, quiet: arguments.flag("quiet"))
    defer { progress.finish() }
    let input = try InkInput(
      path: path, format: try arguments.value("from", as: InkFileFormat.self),
      limits: try ReadLimitOptions.limits(arguments), context: context)
    let records = try ShardedRecords(input, shard: shard)
    let name = input.displayName

    /// Runs through the records of the shard, `jobs` at a time, handing each record's series
    /// and (for NDJSON and CSV) its text to `body` in input order.
    func forEachSeries(_ body: (String, SampleBuffer, String) throws -> Void) throws {
      try OrderedParallelMap(jobs: jobs).run(
        next: records.next,
        transform: { item -> (key: String, series: SampleBuffer, text: String) in
          let record = try item.get()
          let series: SampleBuffer
          do {
            series = try options.series(of: record.drawing)
            try FiniteOutput.check(series)
          } catch {
            throw CommandFailure.record(
              .malformedInput, file: name, record: record.key, "\(error)")
          }
          let text =
            switch format {
            case .csv: Self.csv(record.key, series)
            case .ndjson, .json: Self.ndjson(record, series)
            default: ""
            }
          return (record.key, series, text)
        },
        emit: { _, result in
          progress.advance()
          switch result {
          case .success(let converted):
            try body(converted.key, converted.series, converted.text)
          case .failure(let error): failures.log(CommandFailure(error))
          }
        })
      if let fatal = records.fatal { throw fatal }
    }

    if format == .npy, let output, let points = options.points {
      var keys: [String] = []
      var values: [Double] = []
      try forEachSeries { key, series, _ in
        keys.append(key)
        for i in 0..<series.count { values += [series.xs[i], series.ys[i]] }
      }
      try context.checkOutputFolder(of: output)
      var sidecar = JSONTextWriter()
      sidecar.append("{")
      sidecar.appendKey("rowKeys", first: true)
      sidecar.append("[" + keys.map(JSONTextWriter.string).joined(separator: ",") + "]")
      sidecar.append("}\n")
      try DistanceMatrixFile.writePair(
        to: output, sidecar: Data(sidecar.bytes), context: context
      ) { sink in
        sink.write(NpyArray.header(shape: [keys.count, points, 2]))
        sink.write(NpyArray.encode(values))
      }
    } else {
      try context.writeOutput(to: output ?? "-") { sink in
        if format == .csv { sink.write("key,index,x,y,t,stroke,penDown\n") }
        try forEachSeries { _, _, text in sink.write(text) }
      }
    }
    progress.finish(failures: failures.count)
    return try failures.finish()
  }

  /// The channels written beside x and y, in CSV column order.
  static let columns: [SampleChannel] = [.t, .stroke, .penDown]

  /// A record's series as one NDJSON line, keys sorted: key, label, penDown, stroke, t, x, y.
  static func ndjson(_ record: CorpusRecord, _ series: SampleBuffer) -> String {
    var line = JSONTextWriter()
    line.append("{")
    line.appendKey("key", first: true)
    line.appendString(record.key)
    line.appendKey("label")
    if let label = record.label { line.appendString(label) } else { line.append("null") }
    var fields: [(String, [Double])] = [("x", series.xs), ("y", series.ys)]
    for channel in columns {
      if let values = series[channel] { fields.append((channel.name, values)) }
    }
    for (key, values) in fields.sorted(by: { $0.0 < $1.0 }) {
      line.appendKey(key)
      line.appendNumbers(values)
    }
    line.append("}\n")
    return String(decoding: line.bytes, as: UTF8.self)
  }

  /// A record's series as CSV rows: key, index, x, y, t, stroke, penDown (empty when the
  /// series has no such channel).
  static func csv(_ key: String, _ series: SampleBuffer) -> String {
    let extra = columns.map { series[$0] }
    let field = CSVText.field(key)
    var text = ""
    for i in 0..<series.count {
      var fields = [field, "\(i)", CSVText.number(series.xs[i]), CSVText.number(series.ys[i])]
      for values in extra { fields.append(values.map { CSVText.number($0[i]) } ?? "") }
      text += fields.joined(separator: ",") + "\n"
    }
    return text
  }
}
