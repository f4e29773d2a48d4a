import _DuctusSupport
import Foundation
import InkDistances
import InkFormats
import InkRecognition
import InkSampling
import InkTracing

/// `ductus resample CORPUS`: every drawing of a corpus as one resampled series, streamed, for
/// tools that take fixed-length sequences (NumPy, PyTorch, Dask).
struct ResampleCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "resample",
      abstract: "Resample every drawing of a corpus to a series of N points.",
      discussion:
        "Each drawing becomes one series (see --resample, --pen-up, --normalize), written as "
        + "NDJSON {\"key\", \"label\", \"x\", \"y\", \"t\", \"stroke\", \"penDown\"} as records are "
        + "read, as CSV rows (key, index, x, y, t, stroke, penDown), or as a float64 .npy array "
        + "of shape (drawings, N, 2) with a sidecar of keys.",
      options: SeriesOptions.all + [
        .value("output", short: "o", valueName: "file", help: "Where to write the series."),
        OutputFormat.option([.ndjson, .csv, .npy], otherwise: .ndjson),
        .value(
          "from", valueName: "format", help: "The input format.",
          defaultDescription: "from the extension and content"),
        CommonOptions.shard, CommonOptions.errors, CommonOptions.quiet,
      ],
      arguments: [
        ArgumentDeclaration("corpus", help: "The corpus file or folder; '-' reads standard input.")
      ])
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    let options = try SeriesOptions.parse(arguments)
    let output = arguments.value("output")
    let format = try PCACommand.format(arguments, output: output, context: context)
    let shard = try CommonOptions.shard(in: arguments)
    let failures = try RecordFailureLog(path: arguments.value("errors"), context: context)
    let progress = ProgressReporter(
      label: "resample", total: nil, context: context, quiet: arguments.flag("quiet"))
    defer { progress.finish() }
    let path = arguments.argument("corpus")!
    try context.checkInputExists(path)
    let input = try InkInput(
      path: path, format: try arguments.value("from", as: InkFileFormat.self), context: context)
    if format == .npy {
      guard let output else { throw UsageError(".npy output needs -o FILE.npy") }
      guard let points = options.points else {
        throw UsageError(".npy needs drawings of equal length: give --resample N")
      }
      var keys: [String] = []
      var values: [Double] = []
      var position = 0
      try input.forEachRecord(failures: failures) { record in
        defer { position += 1 }
        guard shard.contains(position), let series = convert(record, input, options, failures)
        else { return }
        keys.append(record.key)
        for i in 0..<series.count { values += [series.xs[i], series.ys[i]] }
        progress.advance()
      }
      try context.checkOutputFolder(of: output)
      try AtomicFile.write(to: output) { sink in
        sink.write(NpyArray.header(shape: [keys.count, points, 2]))
        sink.write(NpyArray.encode(values))
      }
      let sidecar = try JSONEncoder().encode(["rowKeys": keys])
      try AtomicFile.write(to: output + ".json") { $0.write(sidecar + Data("\n".utf8)) }
      return try failures.finish()
    }
    try context.writeOutput(to: output ?? "-") { sink in
      if format == .csv { sink.write("key,index,x,y,t,stroke,penDown\n") }
      var position = 0
      try input.forEachRecord(failures: failures) { record in
        defer { position += 1 }
        guard shard.contains(position), let series = convert(record, input, options, failures)
        else { return }
        sink.write(format == .csv ? Self.csv(record.key, series) : Self.ndjson(record, series))
        progress.advance()
      }
    }
    return try failures.finish()
  }

  private func convert(
    _ record: CorpusRecord, _ input: InkInput, _ options: CorpusSeriesOptions,
    _ failures: RecordFailureLog
  ) -> SampleBuffer? {
    do {
      return try options.series(of: record.drawing)
    } catch {
      failures.log(
        CommandFailure(.malformedInput, "\(input.displayName): record \(record.key): \(error)"))
      return nil
    }
  }

  static let columns: [SampleChannel] = [.t, .stroke, .penDown]

  static func ndjson(_ record: CorpusRecord, _ series: SampleBuffer) -> String {
    func array(_ values: [Double]) -> String {
      "[" + values.map(DistancesCommand.number).joined(separator: ",") + "]"
    }
    var fields = [
      "\"key\":\(DistancesCommand.jsonString(record.key))",
      "\"label\":\(record.label.map(DistancesCommand.jsonString) ?? "null")",
      "\"x\":\(array(series.xs))", "\"y\":\(array(series.ys))",
    ]
    for channel in columns {
      if let values = series[channel] { fields.append("\"\(channel.name)\":\(array(values))") }
    }
    return "{" + fields.joined(separator: ",") + "}\n"
  }

  static func csv(_ key: String, _ series: SampleBuffer) -> String {
    let extra = columns.map { series[$0] }
    return (0..<series.count).map { i in
      ([
        DistancesCommand.csvField(key), "\(i)", DistancesCommand.number(series.xs[i]),
        DistancesCommand.number(series.ys[i]),
      ]
        + extra.map { $0.map { DistancesCommand.number($0[i]) } ?? "" }).joined(separator: ",")
        + "\n"
    }.joined()
  }
}
