import InkClustering
import InkDistances
import InkMath
import InkSampling

/// `DuctusBench cluster …`: k-means iterations, mini-batch k-means, linkage, FasterPAM, DBSCAN
/// and HDBSCAN on inputs written by
/// `Scripts/bench/cluster_peer.py generate`.
///
/// Cases:
/// - `kmeans --data FILE --init FILE --dimension D --k K [--iterations I] [--threads T]
///   [--repetitions R]`: `I` iterations from the given start (tolerance 0) with each
///   assignment algorithm, reported as seconds an iteration.
/// - `linkage --data FILE --dimension D [--repetitions R]`: the four linkage methods on the
///   condensed Euclidean matrix of the points (computed once, untimed; each run works on its
///   own copy, as fastcluster does).
/// - `kmedoids --data FILE --dimension D --medoids FILE [--repetitions R]`: FasterPAM on the
///   square Euclidean matrix (computed once, untimed) from the given start.
/// - `minibatch --data FILE --init FILE --dimension D [--batch-size B] [--iterations I]
///   [--repetitions R]`: a whole mini-batch k-means run from the given start, `I` passes of
///   batches of `B` rows (no early stop), with the final labels.
/// - `dbscan --data FILE --dimension D --eps E [--min-samples M] [--repetitions R]`: DBSCAN of
///   the points by their Euclidean distances.
/// - `hdbscan --data FILE --dimension D [--min-cluster-size C] [--min-samples M]
///   [--repetitions R]`: HDBSCAN (excess of mass) of the points by their Euclidean distances.
/// - `kmedoids-dtw --data FILE --dimension 2L --medoids FILE [--radius R] [--repetitions R]`:
///   k-medoids of 2-D series of `L` points by DTW (a Sakoe–Chiba band of radius `R`) from the
///   given start, on demand with lower bounds against the all-pairs DTW matrix and FasterPAM;
///   lines `name<TAB>seconds<TAB>DTW cells`.
/// - `dtwkmeans --data FILE --init FILE --dimension 2L [--iterations I] [--repetitions R]`: DTW
///   k-means (DBA centres) of 2-D series of `L` points, a row `x0, y0, x1, y1, …` each, `I`
///   iterations from the given start (tolerance 0), reported as seconds an iteration; the DTW
///   runs on all cores.
/// - `kshape --data FILE --init FILE --dimension 2L [--iterations I] [--repetitions R]`: k-Shape
///   of the same series from a given (z-normalised) start, at most `I` iterations (tolerance
///   0), reported as seconds an iteration; the cross-correlations run on all cores.
enum ClusteringBenchmarks: BenchmarkSuite {
  static let name = "cluster"
  static let summary =
    "k-means an iteration (Lloyd, Hamerly), mini-batch k-means, linkage (4 methods), FasterPAM, "
    + "DBSCAN, HDBSCAN, DTW k-means and k-Shape an iteration"

  static func run(_ arguments: BenchmarkArguments) throws {
    BLASThreading.setThreadCount(try arguments.integer("threads", default: 1))
    let repetitions = try arguments.integer("repetitions", default: 3)
    let dimension = try arguments.integer("dimension", default: 32)
    let data = try RawMatrixFile.read(try arguments.string("data"), columns: dimension)
    switch arguments.caseName {
    case "kmeans":
      let k = try arguments.integer("k", default: 16)
      let start = try RawMatrixFile.read(try arguments.string("init"), columns: dimension)
      let iterations = try arguments.integer("iterations", default: 20)
      for algorithm in KMeans.Algorithm.allCases {
        let kmeans = KMeans(
          clusterCount: k, maxIterations: iterations, tolerance: 0, algorithm: algorithm)
        let fit = try Stopwatch.best(of: repetitions) {
          try kmeans.fit(data, initialCentres: start)
        }
        Stopwatch.report(
          "kmeans_\(algorithm.rawValue)", seconds: fit.seconds / Double(fit.result.iterations))
        Stopwatch.emit(
          "# \(algorithm.rawValue)\titerations \(fit.result.iterations)\tinertia "
            + "\(fit.result.inertia)")
      }
    case "linkage":
      let condensed = try CondensedDistanceMatrix(euclideanDistancesOf: data)
      for method in LinkageMethod.allCases {
        let tree = try Stopwatch.best(of: repetitions) {
          try HierarchicalClustering.linkage(condensed, method: method)
        }
        Stopwatch.report("linkage_\(method.rawValue)", seconds: tree.seconds)
        Stopwatch.emit("# \(method.rawValue) root height\t\(tree.result.merges.last!.distance)")
      }
    case "kmedoids":
      let start = try RawMatrixFile.read(try arguments.string("medoids"), columns: 1)
      let medoids = start.elements.map { Int($0) }
      let distances = try PairwiseDistances.euclidean(data)
      let fit = try Stopwatch.best(of: repetitions) {
        try KMedoids(clusterCount: medoids.count).fit(
          distances: distances, initialMedoids: medoids)
      }
      Stopwatch.report("fasterpam", seconds: fit.seconds)
      Stopwatch.emit("# fasterpam loss\t\(fit.result.loss)\tswaps \(fit.result.swaps)")
    case "minibatch":
      let start = try RawMatrixFile.read(try arguments.string("init"), columns: dimension)
      let model = MiniBatchKMeans(
        clusterCount: start.rows, batchSize: try arguments.integer("batch-size", default: 1024),
        maxIterations: try arguments.integer("iterations", default: 1), maxNoImprovement: nil)
      let fit = try Stopwatch.best(of: repetitions) {
        try model.fit(data, initialCentres: start)
      }
      Stopwatch.report("minibatch", seconds: fit.seconds)
      Stopwatch.emit(
        "# minibatch\tsteps \(fit.result.steps)\tinertia \(fit.result.inertia)")
    case "dbscan":
      let text = try arguments.string("eps")
      guard let eps = Double(text) else { throw BenchmarkError.badOption("eps", text) }
      let model = DBSCAN(eps: eps, minSamples: try arguments.integer("min-samples", default: 5))
      let fit = try Stopwatch.best(of: repetitions) { try model.fit(data) }
      Stopwatch.report("dbscan", seconds: fit.seconds)
      Stopwatch.emit(
        "# dbscan\tclusters \(fit.result.clusterCount)\tnoise "
          + "\(fit.result.labels.filter { $0 < 0 }.count)")
    case "hdbscan":
      let model = HDBSCAN(
        minClusterSize: try arguments.integer("min-cluster-size", default: 25),
        minSamples: try arguments.integer("min-samples", default: 10))
      let fit = try Stopwatch.best(of: repetitions) { try model.fit(data) }
      Stopwatch.report("hdbscan", seconds: fit.seconds)
      Stopwatch.emit(
        "# hdbscan\tclusters \(fit.result.clusterCount)\tnoise "
          + "\(fit.result.labels.filter { $0 < 0 }.count)")
    case "kmedoids-dtw":
      try kmedoidsByDTW(data, arguments: arguments, repetitions: repetitions)
    case "dtwkmeans", "kshape":
      let start = try RawMatrixFile.read(try arguments.string("init"), columns: dimension)
      let iterations = try arguments.integer("iterations", default: 3)
      let fit = try Stopwatch.best(of: repetitions) {
        arguments.caseName == "kshape"
          ? try KShape(clusterCount: start.rows, maxIterations: iterations, tolerance: 0)
            .fit(series(data), initialCentres: series(start))
          : try TimeSeriesKMeans(
            clusterCount: start.rows, maxIterations: iterations, tolerance: 0
          ).fit(series(data), initialCentres: series(start))
      }
      Stopwatch.report(arguments.caseName, seconds: fit.seconds / Double(fit.result.iterations))
      Stopwatch.emit(
        "# \(arguments.caseName)\titerations \(fit.result.iterations)\tinertia "
          + "\(fit.result.inertia)")
    default:
      throw BenchmarkError.unknownCase(
        arguments.caseName,
        known: [
          "kmeans", "minibatch", "linkage", "kmedoids", "kmedoids-dtw", "dbscan", "hdbscan",
          "dtwkmeans", "kshape",
        ])
    }
    Stopwatch.emit("# threads\t\(BLASThreading.threadCount)\t\(BLASThreading.configuration)")
  }

  /// The 2-D series of a matrix, a row `x0, y0, x1, y1, …` each.
  private static func series(_ matrix: Matrix) -> [SampleBuffer] {
    (0..<matrix.rows).map { row in
      let points = Array(matrix.row(row))
      return SampleBuffer(
        xs: stride(from: 0, to: points.count, by: 2).map { points[$0] },
        ys: stride(from: 1, to: points.count, by: 2).map { points[$0] })
    }
  }

  /// k-medoids by DTW from the given start, pruned on demand and through the all-pairs DTW
  /// matrix (the matrix's time included); the DTW cells of each (at most, for the pruned
  /// search: its abandoned runs count whole) and the pruning counts.
  private static func kmedoidsByDTW(
    _ data: Matrix, arguments: BenchmarkArguments, repetitions: Int
  ) throws {
    let start = try RawMatrixFile.read(try arguments.string("medoids"), columns: 1)
    let medoids = start.elements.map { Int($0) }
    let series = series(data)
    let radius = try arguments.integer("radius", default: -1)
    let dtw = DynamicTimeWarping(constraint: radius < 0 ? .none : .sakoeChiba(radius: radius))
    let model = KMedoids(clusterCount: medoids.count)
    let cellsAPair = try DTWBoundedDistances(dtw, series: Array(series.prefix(2))).cellCount(0, 1)
    let pruned = try Stopwatch.best(of: repetitions) {
      try model.fit(series: series, dtw: dtw, initialMedoids: medoids)
    }
    let pruning = pruned.result.pruning!
    Stopwatch.emit(
      "kmedoids_dtw_pruned\t\(pruned.seconds)\t\((pruning.abandoned + pruning.computed) * cellsAPair)"
    )
    let whole = try Stopwatch.best(of: repetitions) {
      let matrix = try dtw.distanceMatrix(series)
      return try model.fit(
        distances: try Matrix(rows: series.count, columns: series.count, elements: matrix.values),
        initialMedoids: medoids)
    }
    let n = series.count
    Stopwatch.emit("kmedoids_dtw_matrix\t\(whole.seconds)\t\(n * (n - 1) / 2 * cellsAPair)")
    Stopwatch.emit(
      "# loss\tpruned \(pruned.result.loss)\tmatrix \(whole.result.loss)\tswaps "
        + "\(pruned.result.swaps)\titerations \(pruned.result.iterations)\tsame medoids "
        + "\(pruned.result.medoids == whole.result.medoids)")
    Stopwatch.emit(
      "# pruning\tpairs \(pruning.pairs)\tLB_Kim \(pruning.prunedByKim)\tLB_Keogh "
        + "\(pruning.prunedByKeogh)\tabandoned \(pruning.abandoned)\tcomputed "
        + "\(pruning.computed)")
  }
}
