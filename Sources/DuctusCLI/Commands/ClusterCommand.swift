import Foundation
import InkClustering
import InkDistances
import InkFigures
import InkFormats
import InkMath
import InkRender
import InkSampling
import _DuctusSupport

/// `ductus cluster INPUT`: k-means, mini-batch k-means, k-medoids, hierarchical clustering,
/// DBSCAN or HDBSCAN of a corpus's resampled drawings, a `.npy` feature table or a `.npy`
/// distance matrix, or DTW k-means or k-Shape of a corpus's drawings as series; the labels to
/// `-o`, a summary with the quality scores to standard output.
struct ClusterCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "cluster",
      abstract: "Cluster a corpus, a feature table or a distance matrix.",
      discussion:
        "The input is a corpus (each drawing resampled to N points, normalised to unit size by "
        + "default, and clustered as the row x0, y0, x1, y1, …), a .npy feature table (one "
        + "point a row; more dimensions are flattened after the first) or, with --precomputed, "
        + "a square .npy distance matrix such as 'ductus distances' writes (DTW, Fréchet …). "
        + "Row keys come from the corpus or from the .npy's sidecar <file>.npy.json "
        + "(\"rowKeys\"), else they are the row numbers.\n\n"
        + "kmeans is scikit-learn's KMeans (Lloyd's iterations from a k-means++ start drawn "
        + "with --seed, or --init; --algorithm hamerly prunes with Hamerly's bounds); kmedoids "
        + "is FasterPAM, as the kmedoids package, on the Euclidean distances of the resampled "
        + "points, or with --metric dtw on their DTW distances (--window R: a Sakoe–Chiba band) "
        + "computed on demand, without the matrix: LB_Kim and LB_Keogh prune, and DTW abandons, "
        + "the distances that cannot change the result (the same medoids and loss as the whole "
        + "DTW matrix; the summary counts the pairs each stage settled, and leaves out the "
        + "silhouette); hierarchical is SciPy's linkage (--linkage, "
        + "nearest-neighbour chain or minimum spanning tree) cut into at most K clusters as "
        + "fcluster's maxclust. minibatch-kmeans is scikit-learn's MiniBatchKMeans "
        + "(reassignment_ratio=0): --batch-size rows drawn with --seed a step, each centre moved "
        + "with a learning rate of 1/its count, --max-iter passes at most; its working memory is "
        + "O(K × features + batch × features) beside the data. dbscan is scikit-learn's DBSCAN "
        + "(--eps, --min-samples; no --k): noise gets cluster -1, and counts as one more cluster "
        + "in the scores. hdbscan is scikit-learn's HDBSCAN (--min-cluster-size, --min-samples "
        + "defaulting to it, --cluster-selection eom or leaf, --allow-single-cluster; no --k), "
        + "noise -1 likewise. dtw-kmeans is tslearn's TimeSeriesKMeans(metric=\"dtw\"): each "
        + "drawing's resampled points are a 2-D series, assigned by DTW to the nearest centre, "
        + "each centre a DBA barycentre of its cluster; it stops when the inertia (the mean "
        + "squared DTW distance) changes by less than --tol. kshape is tslearn's KShape "
        + "(Paparrizos and Gravano's k-Shape): each drawing's x and y z-normalised, compared by "
        + "the shape-based distance (1 − the best normalised cross-correlation over all shifts), "
        + "each centre the shape extracted from its cluster; it starts from K drawings drawn "
        + "with --seed, or --init. kmeans and minibatch-kmeans need features, dtw-kmeans and "
        + "kshape a corpus; kmedoids, hierarchical, dbscan and hdbscan take either, features by "
        + "their Euclidean distances (hdbscan needs a symmetric matrix).\n\n"
        + "-o gets the labels as CSV 'key,cluster' (or NDJSON {\"cluster\", \"key\"} for .ndjson, "
        + ".jsonl or .json), clusters numbered from 0; standard output gets the summary: method, k, "
        + "iterations, inertia or loss, the silhouette (and from features Davies–Bouldin and "
        + "Calinski–Harabasz), the adjusted Rand index and NMI against a labelled corpus's "
        + "labels (a .npy's: its sidecar's rowLabels), and each cluster's size, representative and majority label. With -o -, "
        + "standard output holds the labels alone. --dendrogram writes SciPy's linkage matrix "
        + "((n − 1) × 4 .npy). Memory: a distance matrix of n² numbers (k-medoids, "
        + "hierarchical, the silhouette of a precomputed matrix); --no-scores skips the O(n²) "
        + "silhouette.\n\n"
        + "--picture draws a corpus's clusters (PNG, SVG or PDF by extension): a row a cluster, "
        + "its representative on a tinted cell, then up to 7 more members in input order, each "
        + "drawing resampled as it was clustered, under a line with the cluster's size and "
        + "majority label; DBSCAN's noise is left out.",
      options: [
        .value(
          "method", valueName: "name", help: "The clustering method.",
          allowedValues: [
            "kmeans", "minibatch-kmeans", "kmedoids", "hierarchical", "dbscan", "hdbscan",
            "dtw-kmeans", "kshape",
          ]),
        .value(
          "k", valueName: "K",
          help: "The number of clusters (1 or more; not for dbscan or hdbscan)."),
        .flag("precomputed", help: "The .npy input is a square distance matrix, not features."),
        .value(
          "metric", valueName: "name",
          help: "The distance k-medoids clusters a corpus's drawings by.",
          allowedValues: ["euclidean", "dtw"], defaultDescription: "euclidean"),
        .value(
          "window", valueName: "radius",
          help: "For --metric dtw: a Sakoe–Chiba band of this many samples."),
        .value(
          "linkage", valueName: "method",
          help: "How hierarchical clustering measures the distance between clusters.",
          allowedValues: LinkageMethod.allCases.map(\.rawValue), defaultDescription: "ward"),
        .value(
          "algorithm", valueName: "name", help: "How k-means finds each point's nearest centre.",
          allowedValues: KMeans.Algorithm.allCases.map(\.rawValue), defaultDescription: "lloyd"),
        .value(
          "seed", valueName: "n",
          help: "The seed of the k-means++, k-medoids or k-Shape start (0 or more).",
          defaultDescription: "0"),
        .value(
          "init", valueName: "file",
          help: "The starting centres of k-means, a K × features .npy (scikit-learn's init; "
            + "K × N × 2 points for dtw-kmeans and kshape)."),
        .value(
          "max-iter", valueName: "n",
          help: "The most iterations (1 or more; for kmeans with --init, 0 assigns each point "
            + "to its nearest given centre and stops).",
          defaultDescription: "300 for kmeans, 100 for minibatch-kmeans, kmedoids and kshape, 50 "
            + "for dtw-kmeans"),
        .value(
          "tol", valueName: "x",
          help: "k-means stops when the centres' squared moves add up to at most this times the "
            + "mean variance of the features; dtw-kmeans and kshape when the inertia changes by "
            + "less.",
          defaultDescription: "1e-4 for kmeans, 0 (off) for minibatch-kmeans, 1e-6 for dtw-kmeans "
            + "and kshape"),
        .value(
          "batch-size", valueName: "n", help: "The rows a step of minibatch-kmeans (1 or more).",
          defaultDescription: "1024"),
        .value(
          "eps", valueName: "x",
          help: "The neighbourhood radius of dbscan (a distance > 0; needed for dbscan)."),
        .value(
          "min-samples", valueName: "n",
          help: "The points within --eps of a dbscan core point, itself included; for hdbscan "
            + "the points whose farthest sets a point's core distance (1 or more).",
          defaultDescription: "5 for dbscan, --min-cluster-size for hdbscan"),
        .value(
          "min-cluster-size", valueName: "n",
          help: "The fewest points an hdbscan cluster may hold (2 or more).",
          defaultDescription: "5"),
        .value(
          "cluster-selection", valueName: "method",
          help: "How hdbscan chooses its clusters from the condensed tree: excess of mass or "
            + "its leaves.",
          allowedValues: HDBSCAN.ClusterSelection.allCases.map(\.rawValue),
          defaultDescription: "eom"),
        .flag(
          "allow-single-cluster", help: "Let hdbscan return the whole set as one cluster."),
        .value("output", short: "o", valueName: "file", help: "Where to write the labels."),
        .value(
          "dendrogram", valueName: "file",
          help: "Also write the linkage matrix of hierarchical clustering as a .npy."),
        .value(
          "picture", valueName: "file",
          help: "Also draw each cluster's representative and members (a corpus only)."),
        .flag("no-scores", help: "Leave out the quality scores (the silhouette is O(n²))."),
        OutputFormat.option([.text, .json], otherwise: .json),
        SeriesOptions.resample, SeriesOptions.penUp, SeriesOptions.normalize(defaultingTo: .unit),
        CommonOptions.inputFormat(help: "The input format of a corpus."),
        CommonOptions.jobs(help: "How many records to resample at once."),
        CommonOptions.errors, CommonOptions.quiet,
      ] + ReadLimitOptions.all,
      arguments: [
        ArgumentDeclaration(
          "input", help: "A corpus file or folder, or a .npy matrix; '-' reads standard input.")
      ])
  }

  /// The method and its settings, as the command line gives them.
  private enum Method {
    case kmeans(KMeans, start: String?)
    case minibatch(MiniBatchKMeans, start: String?)
    case dbscan(DBSCAN)
    case hdbscan(HDBSCAN)
    /// k-medoids, by DTW on the corpus's drawings when `dtw` is given.
    case kmedoids(KMedoids, dtw: DynamicTimeWarping?)
    case hierarchical(LinkageMethod, maxClusters: Int)
    case dtwKMeans(TimeSeriesKMeans, start: String?)
    case kshape(KShape, start: String?)

    /// Whether the method clusters features only, not a distance matrix.
    var needsFeatures: Bool {
      switch self {
      case .kmeans, .minibatch, .dtwKMeans, .kshape: return true
      case .dbscan, .hdbscan, .kmedoids, .hierarchical: return false
      }
    }

    /// Whether the method clusters a corpus's resampled drawings as series.
    var needsCorpus: Bool {
      switch self {
      case .dtwKMeans, .kshape, .kmedoids(_, dtw: .some): return true
      default: return false
      }
    }
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    let method = try parseMethod(arguments)
    let precomputed = arguments.flag("precomputed")
    let path = arguments.argument("input") ?? "-"
    let isMatrix = path.lowercased().hasSuffix(".npy")
    if precomputed, !isMatrix {
      throw UsageError(
        "'\(arguments.spelling("precomputed"))' needs a .npy distance matrix, and '\(path)' is "
          + "not a .npy file")
    }
    if isMatrix, method.needsCorpus {
      throw UsageError(
        "\(arguments.value("method")!) clusters a corpus's drawings as series, and '\(path)' is "
          + "a .npy matrix")
    }
    if precomputed, method.needsFeatures {
      throw UsageError(
        "\(arguments.value("method")!) needs features, not a distance matrix; cluster a "
          + "distance matrix with --method kmedoids, hierarchical, dbscan or hdbscan")
    }
    guard let output = arguments.value("output") else {
      throw UsageError("cluster needs -o FILE for the labels (-o - for standard output)")
    }
    if arguments.value("dendrogram") == "-" {
      throw UsageError(
        "'\(arguments.spelledValue("dendrogram"))' would share standard output with the "
          + "summary; name a file")
    }
    let picture = try arguments.value("picture").map { path in
      if isMatrix {
        throw UsageError(
          "'\(arguments.spelledValue("picture"))' needs a corpus to draw, and '\(path)' is a .npy "
            + "matrix")
      }
      return try (path: path, format: TraceScoreCommand.pictureFormat(of: path, context: context))
    }
    let format = try OutputFormat.selected(in: arguments, otherwise: .json, context: context)
    try context.refuseOverwriting(
      inputs: [path],
      outputs: [
        output, arguments.value("dendrogram"), picture?.path, arguments.value("errors"),
      ])
    let failures = try RecordFailureLog(path: arguments.value("errors"), context: context)
    let progress = ProgressReporter(
      label: "cluster", total: nil, context: context, quiet: arguments.flag("quiet"))
    defer { progress.finish() }
    let input: ClusterInput
    if isMatrix {
      try context.checkInputExists(path)
      // Mini-batch k-means without scores reads a feature table in place, a batch at a time.
      let streaming = arguments.flag("no-scores") && arguments.value("method") == "minibatch-kmeans"
      input = try ClusterInput.matrix(
        path: path, precomputed: precomputed, streaming: streaming, context: context)
    } else {
      input = try ClusterInput.corpus(
        path: path, format: try arguments.value("from", as: InkFileFormat.self),
        limits: try ReadLimitOptions.limits(arguments),
        options: try SeriesOptions.parse(arguments, normalization: .unit),
        jobs: try CommonOptions.jobCount(in: arguments), failures: failures, progress: progress,
        context: context)
    }
    let summary: ClusterSummary
    let labels: [Int]
    do {
      (summary, labels) = try cluster(
        input, method: method, scores: !arguments.flag("no-scores"),
        dendrogram: arguments.value("dendrogram"), picture: picture, context: context)
    } catch let error as ClusteringError {
      throw CommandFailure(.malformedInput, "\(path): \(error)")
    } catch let error as InkMathError {
      throw CommandFailure(.malformedInput, "\(path): \(error)")
    }
    for case (let name, let value?) in summary.numbers where !value.isFinite {
      throw CommandFailure(
        .malformedInput, "\(path): the \(name) is \(value), which \(FiniteOutput.refusal)")
    }
    try writeLabels(labels, keys: input.keys, to: output, context: context)
    if output != "-" {
      if format == .text {
        context.output.write(summary.text)
      } else {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        context.output.write(try encoder.encode(summary) + Data("\n".utf8))
      }
    }
    progress.finish(failures: failures.count)
    return try failures.finish()
  }

  /// The method and its settings; options that do not belong to it are usage errors.
  private func parseMethod(_ arguments: ParsedArguments) throws -> Method {
    guard let name = arguments.value("method") else {
      throw UsageError(
        "cluster needs --method kmeans, minibatch-kmeans, kmedoids, hierarchical, dbscan, "
          + "hdbscan, dtw-kmeans or kshape")
    }
    if name == "dbscan" { return .dbscan(try Self.parseDBSCAN(arguments)) }
    if name == "hdbscan" { return .hdbscan(try Self.parseHDBSCAN(arguments)) }
    guard let k = try arguments.value("k", as: Int.self) else {
      throw UsageError("cluster needs --k K, the number of clusters")
    }
    guard k >= 1 else {
      throw UsageError(
        "invalid value '\(k)' for '\(arguments.spelling("k"))': expected 1 or more clusters")
    }
    let seed = try arguments.value("seed", as: Int.self) ?? 0
    guard seed >= 0 else {
      throw UsageError(
        "invalid value '\(seed)' for '\(arguments.spelling("seed"))': expected 0 or more")
    }
    let maxIterations = try arguments.value("max-iter", as: Int.self)
    let assignsOnly = name == "kmeans" && arguments.isGiven("init")
    if let maxIterations, maxIterations < (assignsOnly ? 0 : 1) {
      throw UsageError(
        "invalid value '\(maxIterations)' for '\(arguments.spelling("max-iter"))': expected 1 "
          + "or more" + (name == "kmeans" ? " (0, the assignment step alone, needs --init)" : ""))
    }
    try Self.refuseForeignOptions(arguments, method: name)
    let defaultTolerances: [String: Double] = ["kmeans": 1e-4, "dtw-kmeans": 1e-6, "kshape": 1e-6]
    let defaultTolerance = defaultTolerances[name] ?? 0
    let tolerance = try arguments.value("tol", as: Double.self) ?? defaultTolerance
    guard tolerance >= 0 else {
      throw UsageError(
        "invalid value '\(tolerance)' for '\(arguments.spelling("tol"))': expected 0 or more")
    }
    switch name {
    case "minibatch-kmeans":
      let batchSize = try arguments.value("batch-size", as: Int.self) ?? 1024
      guard batchSize >= 1 else {
        throw UsageError(
          "invalid value '\(batchSize)' for '\(arguments.spelling("batch-size"))': expected 1 "
            + "or more")
      }
      return .minibatch(
        MiniBatchKMeans(
          clusterCount: k, batchSize: batchSize, maxIterations: maxIterations ?? 100,
          tolerance: tolerance, seed: UInt64(seed)),
        start: arguments.value("init"))
    case "kmeans":
      let algorithm = arguments.value("algorithm").flatMap(KMeans.Algorithm.init) ?? .lloyd
      return .kmeans(
        KMeans(
          clusterCount: k, maxIterations: maxIterations ?? 300, tolerance: tolerance,
          algorithm: algorithm, seed: UInt64(seed)),
        start: arguments.value("init"))
    case "dtw-kmeans":
      return .dtwKMeans(
        TimeSeriesKMeans(
          clusterCount: k, maxIterations: maxIterations ?? 50, tolerance: tolerance,
          seed: UInt64(seed)),
        start: arguments.value("init"))
    case "kshape":
      return .kshape(
        KShape(
          clusterCount: k, maxIterations: maxIterations ?? 100, tolerance: tolerance,
          seed: UInt64(seed)),
        start: arguments.value("init"))
    case "kmedoids":
      return .kmedoids(
        KMedoids(clusterCount: k, maxIterations: maxIterations ?? 100, seed: UInt64(seed)),
        dtw: try Self.parseDTW(arguments))
    default:
      return .hierarchical(
        arguments.value("linkage").flatMap(LinkageMethod.init) ?? .ward, maxClusters: k)
    }
  }

  /// Throws a usage error for an option given that `method` does not take.
  private static func refuseForeignOptions(_ arguments: ParsedArguments, method: String) throws {
    let belongs: [String: Set<String>] = [
      "kmeans": ["algorithm", "init", "tol", "max-iter", "seed"],
      "minibatch-kmeans": ["init", "tol", "max-iter", "seed", "batch-size"],
      "kmedoids": ["max-iter", "seed", "metric", "window"],
      "hierarchical": ["linkage", "dendrogram"],
      "dbscan": ["eps", "min-samples"],
      "hdbscan": ["min-samples", "min-cluster-size", "cluster-selection", "allow-single-cluster"],
      "dtw-kmeans": ["init", "tol", "max-iter", "seed"],
      "kshape": ["init", "tol", "max-iter", "seed"],
    ]
    let options = [
      "algorithm", "init", "tol", "max-iter", "seed", "linkage", "dendrogram", "batch-size", "eps",
      "min-samples", "min-cluster-size", "cluster-selection", "allow-single-cluster", "metric",
      "window",
    ]
    for option in options where arguments.isGiven(option) && !belongs[method]!.contains(option) {
      throw UsageError("'\(arguments.spelling(option))' has no meaning for --method \(method)")
    }
  }

  /// k-medoids' DTW (`--metric dtw`, `--window R`), or nil for the Euclidean distances.
  private static func parseDTW(_ arguments: ParsedArguments) throws -> DynamicTimeWarping? {
    let radius = try arguments.value("window", as: Int.self)
    guard arguments.value("metric") == "dtw" else {
      if radius != nil {
        throw UsageError(
          "'\(arguments.spelledValue("window"))' is a band for --metric dtw; it does not apply "
            + "to the Euclidean distances")
      }
      return nil
    }
    var dtw = DynamicTimeWarping()
    if let radius {
      guard radius >= 0 else {
        throw UsageError(
          "invalid value '\(radius)' for '\(arguments.spelling("window"))': expected a radius "
            + "of 0 or more samples")
      }
      dtw.constraint = .sakoeChiba(radius: radius)
    }
    return dtw
  }

  /// DBSCAN's settings: `--eps` (needed) and `--min-samples`; `--k` has no meaning.
  private static func parseDBSCAN(_ arguments: ParsedArguments) throws -> DBSCAN {
    if arguments.isGiven("k") {
      throw UsageError(
        "'\(arguments.spelling("k"))' has no meaning for --method dbscan, which finds the "
          + "number of clusters itself")
    }
    try refuseForeignOptions(arguments, method: "dbscan")
    guard let eps = try arguments.value("eps", as: Double.self) else {
      throw UsageError("dbscan needs --eps X, the neighbourhood radius")
    }
    guard eps > 0, eps.isFinite else {
      throw UsageError(
        "invalid value '\(eps)' for '\(arguments.spelling("eps"))': expected a distance > 0")
    }
    let minSamples = try arguments.value("min-samples", as: Int.self) ?? 5
    guard minSamples >= 1 else {
      throw UsageError(
        "invalid value '\(minSamples)' for '\(arguments.spelling("min-samples"))': expected 1 "
          + "or more")
    }
    return DBSCAN(eps: eps, minSamples: minSamples)
  }

  /// HDBSCAN's settings: `--min-cluster-size`, `--min-samples`, `--cluster-selection` and
  /// `--allow-single-cluster`; `--k` has no meaning.
  private static func parseHDBSCAN(_ arguments: ParsedArguments) throws -> HDBSCAN {
    if arguments.isGiven("k") {
      throw UsageError(
        "'\(arguments.spelling("k"))' has no meaning for --method hdbscan, which finds the "
          + "number of clusters itself")
    }
    try refuseForeignOptions(arguments, method: "hdbscan")
    let minClusterSize = try arguments.value("min-cluster-size", as: Int.self) ?? 5
    guard minClusterSize >= 2 else {
      throw UsageError(
        "invalid value '\(minClusterSize)' for '\(arguments.spelling("min-cluster-size"))': "
          + "expected 2 or more")
    }
    let minSamples = try arguments.value("min-samples", as: Int.self)
    if let minSamples, minSamples < 1 {
      throw UsageError(
        "invalid value '\(minSamples)' for '\(arguments.spelling("min-samples"))': expected 1 "
          + "or more")
    }
    return HDBSCAN(
      minClusterSize: minClusterSize, minSamples: minSamples,
      clusterSelection: arguments.value("cluster-selection").flatMap(
        HDBSCAN.ClusterSelection.init) ?? .excessOfMass,
      allowSingleCluster: arguments.flag("allow-single-cluster"))
  }

  /// Runs the method; the summary (scores unless `scores` is false) and the labels.
  private func cluster(
    _ input: ClusterInput, method: Method, scores: Bool, dendrogram: String?,
    picture: (path: String, format: RenderFormat)?, context: CommandContext
  ) throws -> (ClusterSummary, [Int]) {
    var summary = ClusterSummary(
      method: "", k: 0, points: input.count, features: input.featureCount,
      scores: ClusterSummary.Scores(), clusters: [])
    let labels: [Int]
    var medoids: [Int]?
    var distances = input.distances
    /// DTW k-means or k-Shape of the corpus's drawings as series, from `start` if given.
    func clusterSeries(
      _ name: String, k: Int, start: String?,
      fit: ([SampleBuffer], [SampleBuffer]?) throws -> TimeSeriesClusteringResult
    ) throws -> [Int] {
      let series = input.drawings!
      let initial = try start.map {
        try Self.seriesCentres(at: $0, k: k, series: series, context: context)
      }
      let result = try fit(series, initial)
      (summary.method, summary.iterations, summary.converged) = (
        name, result.iterations, result.converged
      )
      summary.inertia = result.inertia
      return result.labels
    }
    switch method {
    case .kmeans(let kmeans, let start):
      let features = input.features!
      let initial = try start.map {
        try Self.centres(
          at: $0, k: kmeans.clusterCount, features: features.columns, context: context)
      }
      let result = try kmeans.fit(features, initialCentres: initial)
      labels = result.labels
      (summary.method, summary.algorithm) = ("kmeans", kmeans.algorithm.rawValue)
      (summary.iterations, summary.converged) = (result.iterations, result.converged)
      summary.inertia = result.inertia
    case .minibatch(let model, let start):
      let initial = try start.map {
        try Self.centres(
          at: $0, k: model.clusterCount, features: input.featureCount!, context: context)
      }
      let result =
        try input.table.map { table in
          try model.fit(
            rowCount: table.rows, dimension: table.columns, initialCentres: initial,
            rows: table.values(ofRows:))
        } ?? model.fit(input.features!, initialCentres: initial)
      labels = result.labels
      (summary.method, summary.batchSize, summary.steps) = (
        "minibatch-kmeans", model.batchSize, result.steps
      )
      (summary.iterations, summary.converged) = (result.iterations, result.converged)
      summary.inertia = result.inertia
    case .dtwKMeans(let model, let start):
      labels = try clusterSeries(
        "dtw-kmeans", k: model.clusterCount, start: start, fit: model.fit)
    case .kshape(let model, let start):
      labels = try clusterSeries("kshape", k: model.clusterCount, start: start, fit: model.fit)
    case .dbscan(let model):
      let result =
        try distances.map { try model.fit(distances: $0) } ?? model.fit(input.features!)
      labels = result.labels
      summary.method = "dbscan"
      summary.noise = labels.filter { $0 < 0 }.count
    case .hdbscan(let model):
      let result =
        try distances.map { try model.fit(distances: $0) } ?? model.fit(input.features!)
      labels = result.labels
      (summary.method, summary.clusterSelection) = ("hdbscan", model.clusterSelection.rawValue)
      summary.noise = labels.filter { $0 < 0 }.count
    case .kmedoids(let kmedoids, let dtw?):
      let result = try kmedoids.fit(series: input.drawings!, dtw: dtw)
      labels = result.labels
      medoids = result.medoids
      (summary.method, summary.iterations, summary.loss) = (
        "kmedoids", result.iterations, result.loss
      )
      (summary.metric, summary.pruning) = ("dtw", result.pruning)
      if case .sakoeChiba(let radius) = dtw.constraint { summary.window = radius }
    case .kmedoids(let kmedoids, nil):
      let matrix: any DistanceMatrixStorage =
        try distances ?? PairwiseDistances.euclidean(input.features!)
      distances = matrix
      let result = try kmedoids.fit(distances: matrix)
      labels = result.labels
      medoids = result.medoids
      (summary.method, summary.iterations, summary.loss) = (
        "kmedoids", result.iterations, result.loss
      )
    case .hierarchical(let linkage, let k):
      try Self.checkCondensedMatrixFits(points: input.count)
      let condensed =
        try distances.map { try CondensedDistanceMatrix(square: $0) }
        ?? CondensedDistanceMatrix(euclideanDistancesOf: input.features!)
      let tree = try HierarchicalClustering.linkage(condensed, method: linkage)
      labels = try tree.flatClusters(maxClusters: k)
      (summary.method, summary.linkage) = ("hierarchical", linkage.rawValue)
      if let dendrogram { try Self.write(tree, to: dendrogram, context: context) }
    }
    let clusterCount = (labels.max() ?? -1) + 1
    summary.k = clusterCount
    let representatives =
      medoids
      ?? Self.representatives(
        labels: labels, clusterCount: clusterCount, input: input, distances: distances)
    summary.clusters = ClusterSummary.clusters(
      labels: labels, keys: input.keys, corpusLabels: input.labels,
      representatives: representatives)
    if let picture, let drawings = input.drawings {
      let rendered = try Self.picture(
        of: summary.clusters, labels: labels, representatives: representatives,
        drawings: drawings
      ).render(format: picture.format)
      try AtomicFile.write(rendered, to: picture.path)
    }
    if scores {
      summary.scores = try Self.scores(
        labels: labels, clusterCount: clusterCount, input: input, distances: distances,
        silhouette: summary.metric == nil)
    }
    return (summary, labels)
  }

  /// Refuses (exit 65) a hierarchical clustering whose condensed matrix, `n(n − 1)/2` float64
  /// distances held in memory, would not fit in the machine's physical memory: it would fail
  /// partway, or make the machine swap.
  private static func checkCondensedMatrixFits(points n: Int) throws {
    let bytes = Double(n) * Double(max(n - 1, 0)) / 2 * 8
    let memory = Double(ProcessInfo.processInfo.physicalMemory)
    guard bytes > memory else { return }
    let gigabytes = { (value: Double) in String(format: "%.1f GB", value / 1e9) }
    throw CommandFailure(
      .malformedInput,
      "hierarchical clustering of \(n) points holds their condensed matrix in memory, "
        + "\(gigabytes(bytes)), and this machine has \(gigabytes(memory)); k-medoids, DBSCAN "
        + "and HDBSCAN read a --precomputed matrix in place")
  }

  /// The grid of `--picture`: a row a non-empty cluster, its representative and up to 7 more
  /// members in input order.
  private static func picture(
    of clusters: [ClusterSummary.Cluster], labels: [Int], representatives: [Int],
    drawings: [SampleBuffer]
  ) -> ClusterPicture {
    var members = [[Int]](repeating: [], count: representatives.count)
    for (point, cluster) in labels.enumerated() where cluster >= 0 {
      members[cluster].append(point)
    }
    func lines(_ point: Int) -> [[CGPoint]] {
      let series = drawings[point]
      return [zip(series.xs, series.ys).map { CGPoint(x: $0, y: $1) }]
    }
    return ClusterPicture(
      clusters: clusters.map { cluster in
        let representative = representatives[cluster.cluster]
        let others = members[cluster.cluster].filter { $0 != representative }.prefix(7)
        var title =
          "cluster \(cluster.cluster): \(cluster.size) drawing\(cluster.size == 1 ? "" : "s")"
        if let label = cluster.majorityLabel, let count = cluster.majorityCount {
          title += ", mostly \(label) (\(count))"
        }
        return ClusterPicture.Cluster(
          title: title, drawings: [lines(representative)] + others.map(lines))
      })
  }

  /// The quality scores that apply: the silhouette for 2 to n − 1 clusters (from the distance
  /// matrix when there is one; not when `silhouette` is false), Davies–Bouldin and Calinski–Harabasz from features, the
  /// adjusted Rand index and NMI when every point has a corpus label.
  private static func scores(
    labels: [Int], clusterCount: Int, input: ClusterInput,
    distances: (any DistanceMatrixStorage)?, silhouette: Bool
  ) throws -> ClusterSummary.Scores {
    var scores = ClusterSummary.Scores()
    if (2...max(input.count - 1, 2)).contains(clusterCount), input.count >= 3 {
      if silhouette, let distances {
        scores.silhouette = try ClusterQuality.silhouette(distances: distances, labels: labels)
      } else if silhouette, let features = input.features {
        scores.silhouette = try ClusterQuality.silhouette(features: features, labels: labels)
      }
      if let features = input.features {
        scores.daviesBouldin = try ClusterQuality.daviesBouldin(features: features, labels: labels)
        scores.calinskiHarabasz = try ClusterQuality.calinskiHarabasz(
          features: features, labels: labels)
      }
    }
    let known = input.labels.compactMap { $0 }
    if !known.isEmpty, known.count == input.count {
      var numbers: [String: Int] = [:]
      let truth = known.map { label in
        if let number = numbers[label] { return number }
        numbers[label] = numbers.count
        return numbers.count - 1
      }
      scores.adjustedRand = try ClusterAgreement.adjustedRandIndex(truth: truth, predicted: labels)
      scores.normalizedMutualInformation = try ClusterAgreement.normalizedMutualInformation(
        truth: truth, predicted: labels)
    }
    return scores
  }

  /// A point a cluster that stands for it: of least total distance to the cluster's other
  /// points when there is a distance matrix, else nearest the cluster's mean (two passes over
  /// the features, a row at a time).
  private static func representatives(
    labels: [Int], clusterCount: Int, input: ClusterInput,
    distances: (any DistanceMatrixStorage)?
  ) -> [Int] {
    if let distances { return distances.medoids(labels: labels, clusterCount: clusterCount) }
    func nearestToMeans(_ value: (Int, Int) -> Double, columns d: Int) -> [Int] {
      var (means, counts) = (
        [Double](repeating: 0, count: clusterCount * d), [Int](repeating: 0, count: clusterCount)
      )
      for (point, cluster) in labels.enumerated() where cluster >= 0 {
        counts[cluster] += 1
        for c in 0..<d { means[cluster * d + c] += value(point, c) }
      }
      for cluster in 0..<clusterCount where counts[cluster] > 0 {
        for c in 0..<d { means[cluster * d + c] /= Double(counts[cluster]) }
      }
      var (best, bestDistance) = (
        [Int](repeating: 0, count: clusterCount),
        [Double](repeating: .infinity, count: clusterCount)
      )
      for (point, cluster) in labels.enumerated() where cluster >= 0 {
        var distance = 0.0
        for c in 0..<d {
          let difference = value(point, c) - means[cluster * d + c]
          distance += difference * difference
        }
        if distance < bestDistance[cluster] {
          (best[cluster], bestDistance[cluster]) = (point, distance)
        }
      }
      return best
    }
    if let table = input.table {
      return table.withValues { nearestToMeans($0, columns: table.columns) }
    }
    let features = input.features!
    return nearestToMeans({ features[$0, $1] }, columns: features.columns)
  }

  /// The starting centres of `--init`: a `k × features` `.npy`.
  private static func centres(at path: String, k: Int, features: Int, context: CommandContext)
    throws -> Matrix
  {
    try context.checkInputExists(path)
    let centres = try ClusterInput.matrix(path: path, precomputed: false, context: context)
    guard let matrix = centres.features, matrix.rows == k, matrix.columns == features else {
      throw CommandFailure(
        .malformedInput,
        "\(path): the starting centres must be a \(k) × \(features) array (k × features)")
    }
    return matrix
  }

  /// The starting centres of `--init` for a series method: a `k × N × 2` `.npy` of points (or
  /// `k × 2N`, `x0, y0, x1, y1, …` a row), `N` the corpus's resampled length.
  private static func seriesCentres(
    at path: String, k: Int, series: [SampleBuffer], context: CommandContext
  ) throws -> [SampleBuffer] {
    let centres = try centres(at: path, k: k, features: 2 * series[0].count, context: context)
    return (0..<centres.rows).map { row in
      let points = Array(centres.row(row))
      return SampleBuffer(
        xs: stride(from: 0, to: points.count, by: 2).map { points[$0] },
        ys: stride(from: 1, to: points.count, by: 2).map { points[$0] })
    }
  }

  /// Writes the labels as CSV `key,cluster`, or NDJSON for a `.ndjson`, `.jsonl` or `.json`
  /// file.
  private func writeLabels(
    _ labels: [Int], keys: [String], to output: String, context: CommandContext
  ) throws {
    let lowercased = output.lowercased()
    let ndjson = [".ndjson", ".jsonl", ".json"].contains { lowercased.hasSuffix($0) }
    if output != "-" { try context.checkOutputFolder(of: output) }
    try context.writeOutput(to: output) { sink in
      if !ndjson { sink.write("key,cluster\n") }
      for (key, label) in zip(keys, labels) {
        if ndjson {
          var line = JSONTextWriter()
          line.append("{")
          line.appendKey("cluster", first: true)
          line.append(String(label))
          line.appendKey("key")
          line.appendString(key)
          line.append("}\n")
          sink.write(bytes: line.bytes)
        } else {
          sink.write("\(CSVText.field(key)),\(label)\n")
        }
      }
    }
  }

  /// Writes SciPy's linkage matrix, `(n − 1) × 4` float64.
  private static func write(_ tree: Linkage, to path: String, context: CommandContext) throws {
    try context.checkOutputFolder(of: path)
    let matrix = tree.matrix
    try context.writeOutput(to: path) { sink in
      sink.write(NpyArray.header(shape: [matrix.rows, matrix.columns]))
      sink.write(NpyArray.encode(matrix.elements))
    }
  }
}
