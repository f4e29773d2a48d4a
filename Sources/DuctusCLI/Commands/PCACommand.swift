import Foundation
import InkDistances
import InkFormats
import InkMath
import InkRecognition
import InkSampling
import InkTracing
import _DuctusSupport

/// `ductus pca CORPUS`: principal components of a corpus's resampled drawings (each drawing a
/// row of `x0, y0, x1, y1, …`), the scores of every drawing, and the fitted model.
struct PCACommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "pca",
      abstract: "Fit principal components to a corpus and write each drawing's scores.",
      discussion:
        "Each drawing is resampled to N points (normalised to unit size by default) and becomes "
        + "the row x0, y0, x1, y1, … of a data matrix; PCA is fitted as scikit-learn fits it "
        + "(--solver covariance-eigh or full-svd) and each row's scores are written: .npy "
        + "(with a sidecar of keys), CSV, or NDJSON {\"key\", \"label\", \"scores\"}. --model "
        + "writes the mean, components and explained variance as JSON; the text format prints "
        + "the explained variance.\n\n"
        + "At most as many components as there are drawings, or coordinates (2N), can be kept. "
        + "With --shard, the model is fitted on the whole corpus (so every share agrees) and "
        + "only the scores of the share's drawings are written.",
      options: [
        .value(
          "components", short: "k", valueName: "K",
          help: "How many components to keep (1 or more).",
          defaultDescription: "2"),
        .value(
          "solver", valueName: "name", help: "How the components are computed.",
          allowedValues: ["covariance-eigh", "full-svd"], defaultDescription: "covariance-eigh"),
        SeriesOptions.resample, SeriesOptions.penUp, SeriesOptions.normalize(defaultingTo: .unit),
        .value("output", short: "o", valueName: "file", help: "Where to write the scores."),
        .value("model", valueName: "file", help: "Also write the fitted model as JSON."),
        OutputFormat.option([.text, .npy, .csv, .ndjson], otherwise: .ndjson, followsOutput: true),
        CommonOptions.inputFormat(help: "The input format."),
        CommonOptions.jobs(
          help: "How many records to resample at once; given, also the OpenBLAS threads of the "
            + "fit."),
        CommonOptions.shard(
          help: "Write only the scores of the records whose zero-based index i has i % N == I, "
            + "to spread a job over N machines."),
        CommonOptions.errors, CommonOptions.quiet,
      ] + ReadLimitOptions.all,
      arguments: [ArgumentDeclaration("corpus", help: "The corpus file or folder.")])
  }

  /// The fitted model as `--model` writes it.
  struct Model: Codable {
    var format = "ductus-pca"
    var version = 1
    var keys: Int
    var features: Int
    var mean: [Double]
    var components: [[Double]]
    var explainedVariance: [Double]
    var explainedVarianceRatio: [Double]
    var singularValues: [Double]
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    let options = try SeriesOptions.parse(arguments, normalization: .unit)
    guard options.points != nil else {
      throw UsageError(
        "pca needs drawings of equal length: give --resample N, not "
          + "'\(arguments.spelledValue("resample"))'")
    }
    let k = try arguments.value("components", as: Int.self) ?? 2
    guard k >= 1 else {
      throw UsageError(
        "invalid value '\(k)' for '\(arguments.spelling("components"))': expected 1 or more "
          + "components")
    }
    let solver: PrincipalComponentAnalysis.Solver =
      arguments.value("solver") == "full-svd" ? .fullSVD : .covarianceEigh
    let jobs = try CommonOptions.jobCount(in: arguments)
    let shard = try CommonOptions.shard(in: arguments)
    let output = arguments.value("output")
    let format = try OutputFormat.selected(
      in: arguments, otherwise: .ndjson, output: output, context: context)
    if format == .npy {
      guard let output else {
        throw UsageError(".npy output needs -o FILE.npy (or -o - for standard output)")
      }
      try context.refuseBinaryOnTerminal(output, what: "a .npy array")
    }
    if arguments.value("model") == "-", output == nil || output == "-" {
      throw UsageError(
        "'\(arguments.spelledValue("model"))' and the scores would both go to standard output; "
          + "write the scores to a file with -o, or the model to a file")
    }
    let failures = try RecordFailureLog(path: arguments.value("errors"), context: context)
    let progress = ProgressReporter(
      label: "pca", total: nil, context: context, quiet: arguments.flag("quiet"))
    defer { progress.finish() }
    let path = arguments.argument("corpus")!
    try context.refuseOverwriting(
      inputs: [path],
      outputs: [arguments.value("output"), arguments.value("model"), arguments.value("errors")])
    let corpus = try CorpusSeriesSet.load(
      path: path, format: try arguments.value("from", as: InkFileFormat.self),
      limits: try ReadLimitOptions.limits(arguments), options: options, jobs: jobs,
      failures: failures, progress: progress, context: context)
    let drawings = corpus.series.count
    guard drawings >= 2 else {
      throw CommandFailure(
        .malformedInput,
        "\(path): pca needs at least 2 drawings, and the corpus has \(drawings)"
          + (failures.count > 0 ? " that could be read" : ""))
    }
    let features = 2 * options.points!
    guard k <= min(drawings, features) else {
      let limit =
        drawings <= features
        ? "the \(drawings) components a \(drawings)-drawing corpus has"
        : "the \(features) components of drawings resampled to \(options.points!) points (x and y "
          + "of each)"
      throw UsageError("'\(arguments.spelledValue("components"))' is more than \(limit)")
    }
    if arguments.isGiven("jobs") { BLASThreading.setThreadCount(jobs) }
    let pca: PrincipalComponentAnalysis
    let scores: Matrix
    let rows = corpus.series.indices.filter(shard.contains)
    do {
      let data = try DistanceMetric.flattened(corpus.series)
      pca = try PrincipalComponentAnalysis(fitting: data, componentCount: k, solver: solver)
      scores = try pca.transform(
        shard == .all ? data : DistanceMetric.flattened(rows.map { corpus.series[$0] }))
    } catch {
      throw CommandFailure(.malformedInput, "\(path): \(error)")
    }
    if let (offset, value) = FiniteOutput.firstNonFinite(scores.elements) {
      throw CommandFailure(
        .malformedInput,
        "\(path): score \(offset % scores.columns) of record \(corpus.keys[rows[offset / scores.columns]]) is \(value), "
          + "which \(FiniteOutput.refusal)")
    }
    if let modelPath = arguments.value("model") {
      let model = Model(
        keys: corpus.keys.count, features: pca.mean.count, mean: pca.mean,
        components: (0..<pca.components.rows).map { Array(pca.components.row($0)) },
        explainedVariance: pca.explainedVariance,
        explainedVarianceRatio: pca.explainedVarianceRatio, singularValues: pca.singularValues)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      let data = try encoder.encode(model)
      try context.checkOutputFolder(of: modelPath)
      try context.writeOutput(to: modelPath) { $0.write(data + Data("\n".utf8)) }
    }
    try write(
      scores, rows: rows, corpus: corpus, pca: pca, format: format, output: output,
      context: context)
    progress.finish(failures: failures.count)
    return try failures.finish()
  }

  /// Writes the scores of the drawings `rows` (indices into the corpus) in the chosen format.
  private func write(
    _ scores: Matrix, rows: [Int], corpus: CorpusSeriesSet, pca: PrincipalComponentAnalysis,
    format: OutputFormat, output: String?, context: CommandContext
  ) throws {
    let k = scores.columns
    switch format {
    case .npy:
      let output = output!
      try context.checkOutputFolder(of: output)
      try DistanceMatrixFile(
        metric: "pca-scores", rowKeys: rows.map { corpus.keys[$0] },
        columnKeys: (0..<k).map { "pc\($0 + 1)" }
      ).write(
        values: scores.elements, rows: scores.rows, columns: k, to: output, context: context)
    case .text:
      try context.writeOutput(to: output ?? "-") { sink in
        sink.write("\(corpus.keys.count) drawings, \(pca.mean.count) features\n")
        var cumulative = 0.0
        for (i, ratio) in pca.explainedVarianceRatio.enumerated() {
          cumulative += ratio
          sink.write(
            String(
              format: "  pc%-3d %6.2f%% of the variance (%6.2f%% cumulative)\n", i + 1, 100 * ratio,
              100 * cumulative))
        }
      }
    case .csv:
      try context.writeOutput(to: output ?? "-") { sink in
        sink.write(
          (["key", "label"] + (0..<k).map { "pc\($0 + 1)" }).joined(separator: ",") + "\n")
        for (r, i) in rows.enumerated() {
          let fields =
            [CSVText.field(corpus.keys[i]), CSVText.field(corpus.labels[i] ?? "")]
            + scores.row(r).map(CSVText.number)
          sink.write(fields.joined(separator: ",") + "\n")
        }
      }
    default:
      try context.writeOutput(to: output ?? "-") { sink in
        for (r, i) in rows.enumerated() {
          var line = JSONTextWriter()
          line.append("{")
          line.appendKey("key", first: true)
          line.appendString(corpus.keys[i])
          line.appendKey("label")
          if let label = corpus.labels[i] { line.appendString(label) } else { line.append("null") }
          line.appendKey("scores")
          line.appendNumbers(scores.row(r))
          line.append("}\n")
          sink.write(bytes: line.bytes)
        }
      }
    }
  }
}
