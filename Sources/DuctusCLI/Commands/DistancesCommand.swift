import _DuctusSupport
import Foundation
import InkDistances
import InkFormats
import InkRecognition
import InkSampling
import InkTracing

/// `ductus distances CORPUS [--against CORPUS] --metric M`: the matrix of distances between the
/// drawings of a corpus (or of two corpora), on all cores, whole or one tile of a larger job;
/// `--stitch` puts tiles back together.
struct DistancesCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "distances",
      abstract: "Compute the distance matrix of a corpus, or between two corpora.",
      discussion:
        "Each drawing becomes one series (see --resample, --pen-up, --normalize) and every pair "
        + "is compared with the metric, on all cores. Output: a float64 .npy matrix with a "
        + "sidecar <out>.npy.json naming its rows and columns, CSV with keys, or NDJSON pairs "
        + "{\"i\", \"j\", \"a\", \"b\", \"distance\"}.\n\n"
        + "A large all-pairs job can be split: --tile R,C --tiles K computes one tile of the "
        + "upper triangle (R ≤ C, K(K+1)/2 tiles in all) as its own process, on any engine "
        + "(Slurm array, GNU parallel, Dask, Spark); 'ductus distances --stitch -o all.npy "
        + "tile-*.npy' joins them. Results are deterministic, so retries are safe.",
      options: [
        .value("against", valueName: "corpus", help: "Compare with the drawings of this corpus."),
        .value(
          "metric", valueName: "name", help: "The distance.",
          allowedValues: DistanceMetric.allCases.map(\.rawValue), defaultDescription: "dtw"),
        .value(
          "window", valueName: "radius",
          help: "For dtw: a Sakoe–Chiba band of this many samples."),
      ] + SeriesOptions.all + [
        .value("output", short: "o", valueName: "file", help: "Where to write the result."),
        OutputFormat.option([.npy, .csv, .ndjson], otherwise: .ndjson),
        .value("tile", valueName: "R,C", help: "Compute only tile R,C (needs --tiles)."),
        .value("tiles", valueName: "K", help: "Split the job into K × K tiles."),
        .flag("stitch", help: "Join the tile files given as arguments into one matrix."),
        .value(
          "from", valueName: "format", help: "The input format.",
          defaultDescription: "from the extension and content"),
        CommonOptions.errors, CommonOptions.quiet,
      ],
      arguments: [
        ArgumentDeclaration(
          "corpus", arity: .zeroOrMore,
          help: "The corpus (a corpus file or a folder of drawings); with --stitch, the tiles.")
      ])
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    let inputs = arguments.arguments("corpus")
    if arguments.flag("stitch") {
      return try stitch(inputs, arguments: arguments, context: context)
    }
    guard inputs.count == 1 else {
      throw UsageError(
        inputs.isEmpty ? "missing argument <corpus>" : "expected one corpus, got \(inputs.count)")
    }
    let metric =
      try arguments.value("metric").map { name in
        guard let metric = DistanceMetric(rawValue: name) else {
          throw UsageError("unknown metric '\(name)'")
        }
        return metric
      } ?? .dtw
    var dtw = DynamicTimeWarping()
    if let radius = try arguments.value("window", as: Int.self) {
      guard radius >= 0 else { throw UsageError("invalid value '\(radius)' for '--window'") }
      dtw.constraint = .sakoeChiba(radius: radius)
    }
    let options = try SeriesOptions.parse(arguments)
    let inputFormat = try arguments.value("from", as: InkFileFormat.self)
    let output = arguments.value("output")
    let format = try outputFormat(arguments, output: output, context: context)
    let failures = try RecordFailureLog(path: arguments.value("errors"), context: context)
    let progress = ProgressReporter(
      label: "distances", total: nil, context: context, quiet: arguments.flag("quiet"))
    defer { progress.finish() }
    let corpus = try CorpusSeriesSet.load(
      path: inputs[0], format: inputFormat, options: options, failures: failures,
      progress: progress, context: context)

    if let against = arguments.value("against") {
      guard arguments.value("tile") == nil else {
        throw UsageError("--tile splits an all-pairs job; it does not go with --against")
      }
      let other = try CorpusSeriesSet.load(
        path: against, format: inputFormat, options: options, failures: failures,
        progress: progress, context: context)
      let values = try compute {
        try metric.distances(rows: corpus.series, columns: other.series, dtw: dtw)
      }
      try write(
        values, rows: corpus.keys, columns: other.keys, symmetric: false, metric: metric,
        tile: nil, format: format, output: output, context: context)
    } else if let tileText = arguments.value("tile") {
      guard let tiles = try arguments.value("tiles", as: Int.self) else {
        throw UsageError("--tile needs --tiles K")
      }
      let parts = tileText.split(separator: ",").map {
        Int($0.trimmingCharacters(in: .whitespaces))
      }
      guard parts.count == 2, let row = parts[0], let column = parts[1] else {
        throw UsageError("invalid value '\(tileText)' for '--tile': expected R,C")
      }
      guard format == .npy, let output else {
        throw UsageError("a tile is written as .npy with its sidecar: give -o FILE.npy")
      }
      let tile: PairwiseTile
      do {
        tile = try PairwiseTiling(count: corpus.series.count, tiles: tiles).tile(
          row: row, column: column)
      } catch {
        throw UsageError("\(error)")
      }
      let values = try compute { try metric.distances(corpus.series, tile: tile, dtw: dtw) }
      let file = DistanceMatrixFile(
        metric: metric.rawValue, rowKeys: corpus.keys, columnKeys: corpus.keys,
        tile: .init(
          row: row, column: column, tiles: tiles,
          rows: [tile.rows.lowerBound, tile.rows.upperBound],
          columns: [tile.columns.lowerBound, tile.columns.upperBound]))
      try file.write(values: values, rows: tile.rows.count, columns: tile.columns.count, to: output)
    } else {
      let whole = try PairwiseTiling(count: corpus.series.count, tiles: 1).tile(row: 0, column: 0)
      let values = try compute { try metric.distances(corpus.series, tile: whole, dtw: dtw) }
      try write(
        values, rows: corpus.keys, columns: corpus.keys, symmetric: true, metric: metric,
        tile: nil, format: format, output: output, context: context)
    }
    return try failures.finish()
  }

  /// Runs the computation, turning analysis errors into malformed-input failures (exit 65).
  private func compute(_ body: () throws -> [Double]) throws -> [Double] {
    do {
      return try body()
    } catch let error as CommandFailure {
      throw error
    } catch {
      throw CommandFailure(.malformedInput, "\(error)")
    }
  }

  private func outputFormat(
    _ arguments: ParsedArguments, output: String?, context: CommandContext
  ) throws -> OutputFormat {
    if let chosen = try arguments.value("format", as: OutputFormat.self) { return chosen }
    switch output.map({ URL(fileURLWithPath: $0).pathExtension.lowercased() }) {
    case "npy": return .npy
    case "csv": return .csv
    default: return .ndjson
    }
  }

  /// Writes a whole matrix in the chosen format.
  private func write(
    _ values: [Double], rows: [String], columns: [String], symmetric: Bool,
    metric: DistanceMetric, tile: DistanceMatrixFile.Tile?, format: OutputFormat,
    output: String?, context: CommandContext
  ) throws {
    switch format {
    case .npy:
      guard let output else { throw UsageError(".npy output needs -o FILE.npy") }
      try context.checkOutputFolder(of: output)
      try DistanceMatrixFile(
        metric: metric.rawValue, rowKeys: rows, columnKeys: columns, tile: tile
      )
      .write(values: values, rows: rows.count, columns: columns.count, to: output)
    case .csv:
      try context.writeOutput(to: output ?? "-") { sink in
        sink.write((["key"] + columns).map(Self.csvField).joined(separator: ",") + "\n")
        for (i, key) in rows.enumerated() {
          let row = (0..<columns.count).map { Self.number(values[i * columns.count + $0]) }
          sink.write(([Self.csvField(key)] + row).joined(separator: ",") + "\n")
        }
      }
    default:
      try context.writeOutput(to: output ?? "-") { sink in
        for i in rows.indices {
          for j in columns.indices where !symmetric || j > i {
            let pair = [
              "\"i\":\(i)", "\"j\":\(j)", "\"a\":\(Self.jsonString(rows[i]))",
              "\"b\":\(Self.jsonString(columns[j]))",
              "\"distance\":\(Self.number(values[i * columns.count + j]))",
            ]
            sink.write("{" + pair.joined(separator: ",") + "}\n")
          }
        }
      }
    }
  }

  /// Joins tile files into the whole symmetric matrix.
  private func stitch(_ paths: [String], arguments: ParsedArguments, context: CommandContext)
    throws -> ExitCode
  {
    guard !paths.isEmpty else { throw UsageError("--stitch needs the tile files as arguments") }
    guard let output = arguments.value("output") else {
      throw UsageError("--stitch writes a .npy matrix: give -o FILE.npy")
    }
    var tiles: [PairwiseTileDistances] = []
    var first: DistanceMatrixFile?
    for path in paths {
      let (sidecar, matrix) = try DistanceMatrixFile.read(path, context: context)
      guard let tile = sidecar.tile, tile.rows.count == 2, tile.columns.count == 2,
        tile.rows[0] >= 0, tile.rows[0] <= tile.rows[1], tile.rows[1] <= sidecar.rowKeys.count,
        tile.columns[0] >= 0, tile.columns[0] <= tile.columns[1],
        tile.columns[1] <= sidecar.rowKeys.count,
        matrix.shape == [tile.rows[1] - tile.rows[0], tile.columns[1] - tile.columns[0]]
      else {
        throw CommandFailure(.malformedInput, "\(path): not a tile of a distances job")
      }
      if let first,
        first.metric != sidecar.metric || first.rowKeys != sidecar.rowKeys
          || first.tile?.tiles != tile.tiles
      {
        throw CommandFailure(
          .malformedInput, "\(path): tile of another job (metric, corpus or tile count differ)")
      }
      first = first ?? sidecar
      tiles.append(
        PairwiseTileDistances(
          tile: PairwiseTile(
            row: tile.row, column: tile.column, rows: tile.rows[0]..<tile.rows[1],
            columns: tile.columns[0]..<tile.columns[1]),
          values: matrix.values))
    }
    let job = first!
    let expected = (job.tile!.tiles * (job.tile!.tiles + 1)) / 2
    let present = Set(tiles.map { [$0.tile.row, $0.tile.column] })
    guard present.count == expected else {
      let tiling = try PairwiseTiling(count: job.rowKeys.count, tiles: job.tile!.tiles)
      let missing = tiling.allTiles.filter { !present.contains([$0.row, $0.column]) }
        .map { "\($0.row),\($0.column)" }
      throw CommandFailure(
        .inputMissing, "missing tiles \(missing.joined(separator: " ")) of \(expected)")
    }
    let matrix = DistanceMatrix(count: job.rowKeys.count, stitching: tiles)
    try context.checkOutputFolder(of: output)
    try DistanceMatrixFile(metric: job.metric, rowKeys: job.rowKeys, columnKeys: job.rowKeys)
      .write(values: matrix.values, rows: matrix.rowCount, columns: matrix.columnCount, to: output)
    return .success
  }

  /// A number as JSON and CSV write it: the shortest text that reads back exactly; `inf`
  /// becomes `Infinity`, NaN `NaN` (NumPy reads both).
  static func number(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value > 0 ? "Infinity" : "-Infinity" }
    return "\(value)"
  }

  static func csvField(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  static func jsonString(_ text: String) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    let data = (try? encoder.encode(text)) ?? Data("\"\"".utf8)
    return String(decoding: data, as: UTF8.self)
  }
}
