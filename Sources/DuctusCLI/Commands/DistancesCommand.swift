import Foundation
import InkDistances
import InkFormats
import InkRecognition
import InkSampling
import InkTracing
import _DuctusSupport

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
        + "tile-*.npy' joins them. --shard I/N splits it by rows instead: the rows of the "
        + "records whose index i has i % N == I, each against every column (NDJSON pairs with "
        + "i < j, CSV rows, or a .npy of those rows). Results are deterministic, so retries "
        + "are safe.\n\n"
        + "With --resume and -o FILE, a job (the whole matrix, one --tile, one --shard or "
        + "--against) is computed in blocks of about 64 rows (sub-tiles of an all-pairs job); "
        + "killed (even by SIGKILL) and started again with the same arguments and --resume, it "
        + "computes only the blocks its journal .<file>.ductus-resume does not count as done "
        + "(their distances wait in .<file>.ductus-partial) and writes the same bytes as an "
        + "uninterrupted run.\n\n"
        + "--nearest K lists each record's K nearest other records by DTW (ascending distance, "
        + "ties by the earlier record) without the whole matrix: candidates are visited in "
        + "ascending LB_Kim order and tested against LB_Keogh, the survivors' DTW is abandoned "
        + "above the K-th best so far; NDJSON {\"a\", \"i\", \"neighbors\": [{\"b\", "
        + "\"distance\", \"j\"}]} or CSV key,rank,neighbor,distance, and on standard error the "
        + "share of pairs the bounds pruned.",
      options: [
        .value("against", valueName: "corpus", help: "Compare with the drawings of this corpus."),
        .value(
          "metric", valueName: "name", help: "The distance.",
          allowedValues: DistanceMetric.allCases.map(\.rawValue), defaultDescription: "dtw"),
        .value(
          "window", valueName: "radius",
          help: "For --metric dtw: a Sakoe–Chiba band of this many samples."),
        .value(
          "nearest", valueName: "k",
          help: "For --metric dtw: list each record's k nearest others instead of the matrix "
            + "(LB_Kim and LB_Keogh prune pairs; the same neighbours as the whole matrix)."),
      ] + ReadLimitOptions.all + SeriesOptions.all + [
        .value("output", short: "o", valueName: "file", help: "Where to write the result."),
        OutputFormat.option([.npy, .csv, .ndjson], otherwise: .ndjson, followsOutput: true),
        .value(
          "dtype", valueName: "type",
          help: "The element type of .npy output: float32 halves the file (N = 100,000: 40 GB "
            + "instead of 80), each distance rounded to the nearest float32. --stitch keeps the "
            + "tiles' type unless told.",
          allowedValues: ["float64", "float32"], defaultDescription: "float64"),
        .value("tile", valueName: "R,C", help: "Compute only tile R,C (with --tiles)."),
        .value("tiles", valueName: "K", help: "Split the job into K × K tiles (with --tile)."),
        .flag("stitch", help: "Join the tile files given as arguments into one matrix."),
        CommonOptions.inputFormat(help: "The input format."),
        CommonOptions.jobs(
          help: "How many records to resample at once; the distances themselves are computed "
            + "on every core."),
        CommonOptions.shard(
          help: "Compute only the rows of the records whose zero-based index i has i % N == I, "
            + "each against every column, to spread a job over N machines."),
        CommonOptions.errors, CommonOptions.quiet, ResumableRun.option,
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
    try context.checkStandardInputOnce(inputs + [arguments.value("against")].compactMap { $0 })
    let metric =
      try arguments.value("metric").map { name in
        guard let metric = DistanceMetric(rawValue: name) else {
          throw UsageError("unknown metric '\(name)'")
        }
        return metric
      } ?? .dtw
    var dtw = DynamicTimeWarping()
    if let radius = try arguments.value("window", as: Int.self) {
      guard metric == .dtw else {
        throw UsageError(
          "'\(arguments.spelledValue("window"))' is a band for --metric dtw; it does not apply to "
            + "'\(arguments.spelledValue("metric"))'")
      }
      guard radius >= 0 else {
        throw UsageError(
          "invalid value '\(radius)' for '\(arguments.spelling("window"))': expected a radius "
            + "of 0 or more samples")
      }
      dtw.constraint = .sakoeChiba(radius: radius)
    }
    let nearest = try Self.nearest(arguments, metric: metric)
    let tiling = try Self.tiling(arguments)
    let shard = try CommonOptions.shard(in: arguments)
    if tiling != nil, arguments.isGiven("shard") {
      throw UsageError(
        "'\(arguments.spelledValue("tile"))' and '\(arguments.spelledValue("shard"))' both split "
          + "the job; use one of them")
    }
    if tiling != nil, arguments.isGiven("against") {
      throw UsageError(
        "'\(arguments.spelledValue("tile"))' splits an all-pairs job; it does not go with "
          + "'\(arguments.spelling("against"))'")
    }
    let options = try SeriesOptions.parse(arguments)
    let inputFormat = try arguments.value("from", as: InkFileFormat.self)
    let limits = try ReadLimitOptions.limits(arguments)
    let jobs = try CommonOptions.jobCount(in: arguments)
    let output = arguments.value("output")
    try context.refuseOverwriting(
      inputs: inputs + [arguments.value("against")].compactMap { $0 },
      outputs: [output, arguments.value("errors")])
    let format = try OutputFormat.selected(
      in: arguments, otherwise: .ndjson, output: output, context: context)
    if nearest != nil, format == .npy {
      throw UsageError(
        "'\(arguments.spelledValue("nearest"))' lists neighbours as NDJSON or CSV, not .npy")
    }
    if tiling != nil, format != .npy || output == nil || output == "-" {
      throw UsageError("a tile is written as .npy with its sidecar: give -o FILE.npy")
    }
    if format == .npy {
      guard let output else {
        throw UsageError(".npy output needs -o FILE.npy (or -o - for standard output)")
      }
      try context.refuseBinaryOnTerminal(output, what: "a .npy array")
    }
    let elementByteCount = Self.elementByteCount(arguments) ?? 8
    if arguments.isGiven("dtype"), format != .npy {
      throw UsageError(
        "'\(arguments.spelledValue("dtype"))' is the element type of .npy output; it does not "
          + "apply to \(format.rawValue)")
    }
    try Self.checkResume(arguments, output: output, context: context)
    let failures = try RecordFailureLog(path: arguments.value("errors"), context: context)
    let progress = ProgressReporter(
      label: "distances", total: nil, context: context, quiet: arguments.flag("quiet"))
    defer { progress.finish() }
    let corpus = try CorpusSeriesSet.load(
      path: inputs[0], format: inputFormat, limits: limits, options: options, jobs: jobs,
      failures: failures,
      progress: progress, context: context)
    if let nearest {
      try writeNeighbors(
        corpus, k: nearest, dtw: dtw, format: format, output: output,
        quiet: arguments.flag("quiet"), context: context)
      progress.finish(failures: failures.count)
      return try failures.finish()
    }
    let subdivides = metric != .euclidean
    let resumable =
      !arguments.isGiven("against") && shard == .all
      ? try Self.resumableTiles(
        arguments, tiling: tiling, subdivides: subdivides, keys: corpus.keys, output: output,
        input: inputs[0])
      : nil
    var resumableRows: ResumableRows?

    if let against = arguments.value("against") {
      let other = try CorpusSeriesSet.load(
        path: against, format: inputFormat, limits: limits, options: options, jobs: jobs,
        failures: failures,
        progress: progress, context: context)
      let rows = corpus.series.indices.filter(shard.contains)
      resumableRows = try ResumableRows(
        arguments, rows: rows.count, columns: other.keys.count, subdivides: subdivides,
        keys: corpus.keys + other.keys, output: output, inputs: [inputs[0], against])
      let values = try compute(rowKeys: rows.map { corpus.keys[$0] }, columnKeys: other.keys) {
        try ResumableRows.distances(
          rows: rows.map { corpus.series[$0] }, columns: other.series, in: resumableRows
        ) { try metric.distances(rows: $0, columns: $1, dtw: dtw) }
      }
      try write(
        values, rows: rows, keys: corpus.keys, columns: other.keys, symmetric: false,
        metric: metric, format: format, elementByteCount: elementByteCount, output: output,
        context: context)
    } else if let (row, column, tiles) = tiling {
      let tile: PairwiseTile
      do {
        tile = try PairwiseTiling(count: corpus.series.count, tiles: tiles).tile(
          row: row, column: column)
      } catch {
        throw UsageError("invalid value '\(row),\(column)' for '--tile': \(error)")
      }
      let values = try compute(rowKeys: corpus.keys, columnKeys: corpus.keys) {
        try resumable?.values { try metric.distances(corpus.series, tile: $0, dtw: dtw) }
          ?? metric.distances(corpus.series, tile: tile, dtw: dtw)
      }
      let file = DistanceMatrixFile(
        metric: metric.rawValue, rowKeys: corpus.keys, columnKeys: corpus.keys,
        tile: .init(
          row: row, column: column, tiles: tiles,
          rows: [tile.rows.lowerBound, tile.rows.upperBound],
          columns: [tile.columns.lowerBound, tile.columns.upperBound]))
      try context.checkOutputFolder(of: output!)
      try file.write(
        values: values, rows: tile.rows.count, columns: tile.columns.count,
        elementByteCount: elementByteCount, to: output!, context: context)
    } else if shard == .all {
      let whole = try PairwiseTiling(count: corpus.series.count, tiles: 1).tile(row: 0, column: 0)
      let values = try compute(rowKeys: corpus.keys, columnKeys: corpus.keys) {
        try resumable?.values { try metric.distances(corpus.series, tile: $0, dtw: dtw) }
          ?? metric.distances(corpus.series, tile: whole, dtw: dtw)
      }
      try write(
        values, rows: Array(corpus.keys.indices), keys: corpus.keys, columns: corpus.keys,
        symmetric: true, metric: metric, format: format, elementByteCount: elementByteCount,
        output: output,
        context: context)
    } else {
      // A share of the rows, each against every column; the diagonal is 0 as in the whole
      // matrix.
      let rows = corpus.series.indices.filter(shard.contains)
      resumableRows = try ResumableRows(
        arguments, rows: rows.count, columns: corpus.keys.count, subdivides: subdivides,
        keys: corpus.keys, output: output, inputs: inputs)
      var values = try compute(rowKeys: rows.map { corpus.keys[$0] }, columnKeys: corpus.keys) {
        try ResumableRows.distances(
          rows: rows.map { corpus.series[$0] }, columns: corpus.series, in: resumableRows
        ) { try metric.distances(rows: $0, columns: $1, dtw: dtw) }
      }
      for (r, i) in rows.enumerated() { values[r * corpus.series.count + i] = 0 }
      try write(
        values, rows: rows, keys: corpus.keys, columns: corpus.keys, symmetric: true,
        metric: metric, format: format, elementByteCount: elementByteCount, output: output,
        context: context)
    }
    resumable?.finish()
    resumableRows?.finish()
    progress.finish(failures: failures.count)
    return try failures.finish()
  }

  /// Checks `--resume` against the other options: it continues a job written to a regular
  /// file. Without it, removes what a killed `--resume` run left for the output.
  private static func checkResume(
    _ arguments: ParsedArguments, output: String?, context: CommandContext
  ) throws {
    guard arguments.flag("resume") else {
      ResumableRun.removeLeftovers(ofFile: output)
      return
    }
    _ = try ResumableRun.checkOutputFile(output, arguments: arguments, context: context)
  }

  /// The sub-tiles of a `--resume` job (`nil` without `--resume`).
  private static func resumableTiles(
    _ arguments: ParsedArguments, tiling: (row: Int, column: Int, tiles: Int)?,
    subdivides: Bool, keys: [String], output: String?, input: String
  ) throws -> ResumableTiles? {
    guard arguments.flag("resume"), let output else { return nil }
    var hash = RecordKeyHash()
    for key in keys { hash.add(key) }
    return try ResumableTiles(
      count: keys.count, tiles: tiling?.tiles ?? 1, row: tiling?.row ?? 0,
      column: tiling?.column ?? 0, subdivides: subdivides, keys: hash, output: output,
      header: ResumableRun.header(command: "distances", inputs: [input], arguments: arguments))
  }

  /// `--nearest K` read and checked against the other options: `nil` without it.
  private static func nearest(_ arguments: ParsedArguments, metric: DistanceMetric)
    throws(UsageError) -> Int?
  {
    guard let k = try arguments.value("nearest", as: Int.self) else { return nil }
    guard metric == .dtw else {
      throw UsageError(
        "'\(arguments.spelledValue("nearest"))' searches with DTW's lower bounds; it does not "
          + "apply to '\(arguments.spelledValue("metric"))'")
    }
    guard k >= 1 else {
      throw UsageError(
        "invalid value '\(k)' for '\(arguments.spelling("nearest"))': expected 1 or more")
    }
    for option in ["against", "tile", "tiles", "shard", "resume"] where arguments.isGiven(option) {
      throw UsageError(
        "'\(arguments.spelledValue("nearest"))' searches the whole corpus; it does not go with "
          + "'\(arguments.spelling(option))'")
    }
    return k
  }

  /// Writes each record's `k` nearest other records by DTW, found with lower bounds, and on
  /// standard error (unless `quiet`) how many pairs the bounds pruned.
  private func writeNeighbors(
    _ corpus: CorpusSeriesSet, k: Int, dtw: DynamicTimeWarping, format: OutputFormat,
    output: String?, quiet: Bool, context: CommandContext
  ) throws {
    let keys = corpus.keys
    guard k < keys.count else {
      throw CommandFailure(
        .malformedInput,
        "--nearest \(k) needs at least \(k + 1) records; the corpus has \(keys.count)")
    }
    let search: DTWNearestNeighbors
    do {
      search = try dtw.nearestNeighbors(among: corpus.series, k: k)
    } catch {
      throw CommandFailure(.malformedInput, "\(error)")
    }
    try context.writeOutput(to: output ?? "-") { sink in
      if format == .csv { sink.write("key,rank,neighbor,distance\n") }
      for i in keys.indices {
        let neighbors = zip(search.neighbors(ofQuery: i), search.distances(ofQuery: i))
        if format == .csv {
          for (rank, (j, distance)) in neighbors.enumerated() {
            let fields = [
              CSVText.field(keys[i]), "\(rank + 1)", CSVText.field(keys[j]),
              CSVText.number(distance),
            ]
            sink.write(fields.joined(separator: ",") + "\n")
          }
          continue
        }
        var line = JSONTextWriter()
        line.append("{")
        line.appendKey("a", first: true)
        line.appendString(keys[i])
        line.append(",\"i\":\(i),\"neighbors\":[")
        for (rank, (j, distance)) in neighbors.enumerated() {
          line.append(rank == 0 ? "{" : ",{")
          line.appendKey("b", first: true)
          line.appendString(keys[j])
          line.appendKey("distance")
          line.appendNumber(distance)
          line.append(",\"j\":\(j)}")
        }
        line.append("]}\n")
        sink.write(bytes: line.bytes)
      }
    }
    if !quiet {
      let percent = String(format: "%.1f", 100 * search.prunedFraction)
      context.reportNote(
        "distances: the lower bounds pruned \(percent)% of \(search.pairCount) pairs (LB_Kim "
          + "\(search.prunedByKim), LB_Keogh \(search.prunedByKeogh)); \(search.abandoned) DTW "
          + "runs abandoned early")
    }
  }

  /// The bytes of an element `--dtype` asks for (8 or 4; the parser allows those two names
  /// only); nil when it is not given.
  private static func elementByteCount(_ arguments: ParsedArguments) -> Int? {
    arguments.value("dtype").map { $0 == "float32" ? 4 : 8 }
  }

  /// `--tile R,C --tiles K` read and checked against each other: `nil` without them.
  private static func tiling(_ arguments: ParsedArguments) throws(UsageError) -> (
    row: Int, column: Int, tiles: Int
  )? {
    let tileText = arguments.value("tile")
    let tiles = try arguments.value("tiles", as: Int.self)
    switch (tileText, tiles) {
    case (nil, nil):
      return nil
    case (nil, .some):
      throw UsageError(
        "'\(arguments.spelledValue("tiles"))' says how the job is split; give '--tile R,C' too, "
          + "to say which tile to compute")
    case (.some, nil):
      throw UsageError(
        "'\(arguments.spelledValue("tile"))' needs '--tiles K', the number of tiles a side")
    case (.some(let text), .some(let tiles)):
      guard tiles >= 1 else {
        throw UsageError(
          "invalid value '\(tiles)' for '\(arguments.spelling("tiles"))': expected 1 or more")
      }
      let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
        Int($0.trimmingCharacters(in: .whitespaces))
      }
      guard parts.count == 2, let row = parts[0], let column = parts[1] else {
        throw UsageError(
          "invalid value '\(text)' for '\(arguments.spelling("tile"))': expected R,C such as 0,1")
      }
      guard (0..<tiles).contains(row), (0..<tiles).contains(column) else {
        throw UsageError(
          "invalid value '\(text)' for '\(arguments.spelling("tile"))': with --tiles \(tiles), R "
            + "and C run from 0 to \(tiles - 1)")
      }
      guard row <= column else {
        throw UsageError(
          "invalid value '\(text)' for '\(arguments.spelling("tile"))': the tiles cover the upper "
            + "triangle, so R ≤ C (tile \(column),\(row) holds these pairs)")
      }
      return (row, column, tiles)
    }
  }

  /// Runs the computation, turning analysis errors into malformed-input failures (exit 65); a
  /// pair that failed is named by its records' keys (`rowKeys` and `columnKeys` are the keys of
  /// the indices the computation reports). A distance that is not finite fails the whole
  /// computation, naming its pair where the values are the rows of `rowKeys`.
  private func compute(
    rowKeys: [String], columnKeys: [String], _ body: () throws -> [Double]
  ) throws -> [Double] {
    let values: [Double]
    do {
      values = try body()
    } catch let error as CommandFailure {
      throw error
    } catch CorpusAnalysisError.pairFailed(let first, let second, let reason)
      where rowKeys.indices.contains(first) && columnKeys.indices.contains(second)
    {
      throw CommandFailure(
        .malformedInput, "records \(rowKeys[first]) and \(columnKeys[second]): \(reason)")
    } catch {
      throw CommandFailure(.malformedInput, "\(error)")
    }
    if let (offset, value) = FiniteOutput.firstNonFinite(values) {
      let pair =
        values.count == rowKeys.count * columnKeys.count
        ? "records \(rowKeys[offset / columnKeys.count]) and \(columnKeys[offset % columnKeys.count])"
        : "a pair"
      throw CommandFailure(
        .malformedInput, "\(pair): the distance is \(value), which \(FiniteOutput.refusal)")
    }
    return values
  }

  /// Writes the rows of a matrix in the chosen format; `rows` are the row indices among `keys`
  /// (all of them, or a shard's), `values` their distances to every column, row-major. With
  /// `symmetric`, NDJSON holds each pair once (`i < j`).
  private func write(
    _ values: [Double], rows: [Int], keys: [String], columns: [String], symmetric: Bool,
    metric: DistanceMetric, format: OutputFormat, elementByteCount: Int, output: String?,
    context: CommandContext
  ) throws {
    switch format {
    case .npy:
      let output = output!
      try context.checkOutputFolder(of: output)
      try DistanceMatrixFile(
        metric: metric.rawValue, rowKeys: rows.map { keys[$0] }, columnKeys: columns, tile: nil
      )
      .write(
        values: values, rows: rows.count, columns: columns.count,
        elementByteCount: elementByteCount, to: output, context: context)
    case .csv:
      try context.writeOutput(to: output ?? "-") { sink in
        sink.write((["key"] + columns).map(CSVText.field).joined(separator: ",") + "\n")
        for (r, i) in rows.enumerated() {
          let row = (0..<columns.count).map { CSVText.number(values[r * columns.count + $0]) }
          sink.write(([CSVText.field(keys[i])] + row).joined(separator: ",") + "\n")
        }
      }
    default:
      try context.writeOutput(to: output ?? "-") { sink in
        for (r, i) in rows.enumerated() {
          for j in columns.indices where !symmetric || j > i {
            var line = JSONTextWriter()
            line.append("{")
            line.appendKey("a", first: true)
            line.appendString(keys[i])
            line.appendKey("b")
            line.appendString(columns[j])
            line.appendKey("distance")
            line.appendNumber(values[r * columns.count + j])
            line.append(",\"i\":\(i),\"j\":\(j)}\n")
            sink.write(bytes: line.bytes)
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
    let computing = [
      "against", "metric", "window", "resample", "pen-up", "normalize", "tile", "tiles", "from",
      "shard", "resume",
    ]
    if let name = computing.first(where: arguments.isGiven) {
      throw UsageError(
        "--stitch joins finished tiles, which hold their distances already; "
          + "'\(arguments.spelledValue(name))' does not apply")
    }
    if let format = arguments.value("format"), format != OutputFormat.npy.rawValue {
      throw UsageError(
        "--stitch writes a .npy matrix; '\(arguments.spelledValue("format"))' does not apply")
    }
    guard let output = arguments.value("output") else {
      throw UsageError("--stitch writes a .npy matrix: give -o FILE.npy (or -o -)")
    }
    try context.refuseBinaryOnTerminal(output, what: "a .npy array")
    var tiles: [StitchedDistanceMatrix.Tile] = []
    var first: DistanceMatrixFile?
    for path in paths {
      let (sidecar, data, header) = try DistanceMatrixFile.read(path, context: context)
      guard let tile = sidecar.tile, tile.rows.count == 2, tile.columns.count == 2,
        tile.rows[0] >= 0, tile.rows[0] <= tile.rows[1], tile.rows[1] <= sidecar.rowKeys.count,
        tile.columns[0] >= 0, tile.columns[0] <= tile.columns[1],
        tile.columns[1] <= sidecar.rowKeys.count, !header.isFortranOrder,
        header.shape == [tile.rows[1] - tile.rows[0], tile.columns[1] - tile.columns[0]]
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
        StitchedDistanceMatrix.Tile(
          path: path, data: data, header: header,
          tile: PairwiseTile(
            row: tile.row, column: tile.column, rows: tile.rows[0]..<tile.rows[1],
            columns: tile.columns[0]..<tile.columns[1])))
    }
    let job = first!
    let matrix = try StitchedDistanceMatrix(
      count: job.rowKeys.count, tileCount: job.tile!.tiles, tiles: tiles)
    let elementByteCount =
      Self.elementByteCount(arguments) ?? tiles[0].header.elementByteCount
    try context.checkOutputFolder(of: output)
    let sidecar = try DistanceMatrixFile(
      metric: job.metric, rowKeys: job.rowKeys, columnKeys: job.rowKeys
    ).sidecarData()
    try DistanceMatrixFile.writePair(to: output, sidecar: sidecar, context: context) {
      try matrix.write(elementByteCount: elementByteCount, to: $0)
    }
    return .success
  }
}
