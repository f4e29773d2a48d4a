import _DuctusSupport
import Foundation
import InkDistances
import InkFormats
import InkMath
import InkRecognition
import InkSampling
import InkTracing

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
        + "the explained variance.",
      options: [
        .value(
          "components", short: "k", valueName: "K", help: "How many components to keep.",
          defaultDescription: "2"),
        .value(
          "solver", valueName: "name", help: "How the components are computed.",
          allowedValues: ["covariance-eigh", "full-svd"], defaultDescription: "covariance-eigh"),
      ] + SeriesOptions.all + [
        .value("output", short: "o", valueName: "file", help: "Where to write the scores."),
        .value("model", valueName: "file", help: "Also write the fitted model as JSON."),
        OutputFormat.option([.text, .npy, .csv, .ndjson], otherwise: .ndjson),
        .value(
          "from", valueName: "format", help: "The input format.",
          defaultDescription: "from the extension and content"),
        CommonOptions.errors, CommonOptions.quiet,
      ],
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
    var options = try SeriesOptions.parse(arguments)
    if arguments.value("normalize") == nil { options.normalization = .unit }
    guard options.points != nil else {
      throw UsageError("pca needs drawings of equal length: give --resample N")
    }
    let k = try arguments.value("components", as: Int.self) ?? 2
    let solver: PrincipalComponentAnalysis.Solver =
      arguments.value("solver") == "full-svd" ? .fullSVD : .covarianceEigh
    let output = arguments.value("output")
    let format = try Self.format(arguments, output: output, context: context)
    let failures = try RecordFailureLog(path: arguments.value("errors"), context: context)
    let progress = ProgressReporter(
      label: "pca", total: nil, context: context, quiet: arguments.flag("quiet"))
    defer { progress.finish() }
    let corpus = try CorpusSeriesSet.load(
      path: arguments.argument("corpus")!,
      format: try arguments.value("from", as: InkFileFormat.self),
      options: options, failures: failures, progress: progress, context: context)
    let pca: PrincipalComponentAnalysis
    let scores: Matrix
    do {
      let data = try DistanceMetric.flattened(corpus.series)
      pca = try PrincipalComponentAnalysis(fitting: data, componentCount: k, solver: solver)
      scores = try pca.transform(data)
    } catch {
      throw CommandFailure(.malformedInput, "\(arguments.argument("corpus")!): \(error)")
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
      try AtomicFile.write(to: modelPath) { $0.write(data + Data("\n".utf8)) }
    }
    try write(scores, corpus: corpus, pca: pca, format: format, output: output, context: context)
    return try failures.finish()
  }

  static func format(_ arguments: ParsedArguments, output: String?, context: CommandContext)
    throws -> OutputFormat
  {
    if let chosen = try arguments.value("format", as: OutputFormat.self) { return chosen }
    switch output.map({ URL(fileURLWithPath: $0).pathExtension.lowercased() }) {
    case "npy": return .npy
    case "csv": return .csv
    case nil: return try OutputFormat.selected(in: arguments, otherwise: .ndjson, context: context)
    default: return .ndjson
    }
  }

  private func write(
    _ scores: Matrix, corpus: CorpusSeriesSet, pca: PrincipalComponentAnalysis,
    format: OutputFormat, output: String?, context: CommandContext
  ) throws {
    let k = scores.columns
    switch format {
    case .npy:
      guard let output else { throw UsageError(".npy output needs -o FILE.npy") }
      try context.checkOutputFolder(of: output)
      try DistanceMatrixFile(
        metric: "pca-scores", rowKeys: corpus.keys, columnKeys: (0..<k).map { "pc\($0 + 1)" }
      ).write(values: scores.elements, rows: scores.rows, columns: k, to: output)
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
        for (i, key) in corpus.keys.enumerated() {
          let row = scores.row(i).map(DistancesCommand.number)
          let fields =
            [DistancesCommand.csvField(key), DistancesCommand.csvField(corpus.labels[i] ?? "")]
            + row
          sink.write(fields.joined(separator: ",") + "\n")
        }
      }
    default:
      try context.writeOutput(to: output ?? "-") { sink in
        for (i, key) in corpus.keys.enumerated() {
          let label = corpus.labels[i].map(DistancesCommand.jsonString) ?? "null"
          let values = scores.row(i).map(DistancesCommand.number).joined(separator: ",")
          sink.write(
            "{\"key\":\(DistancesCommand.jsonString(key)),\"label\":\(label),\"scores\":[\(values)]}\n"
          )
        }
      }
    }
  }
}
