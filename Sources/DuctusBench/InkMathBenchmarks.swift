import InkMath

/// `DuctusBench inkmath …`: pairwise Euclidean distances and PCA on inputs written by
/// `Scripts/bench/inkmath_peer.py generate`.
///
/// Cases:
/// - `distances --x FILE --y FILE --dimension D [--threads T] [--repetitions R]`: X vs Y and X
///   vs X Euclidean distance matrices.
/// - `pca --data FILE --dimension D [--threads T] [--repetitions R]`: PCA fits with both solvers.
enum InkMathBenchmarks: BenchmarkSuite {
  static let name = "inkmath"
  static let summary = "distances (X vs Y, X vs X) and PCA (covariance_eigh, full SVD)"

  static func run(_ arguments: BenchmarkArguments) throws {
    BLASThreading.setThreadCount(try arguments.integer("threads", default: 1))
    let repetitions = try arguments.integer("repetitions", default: 3)
    let dimension = try arguments.integer("dimension", default: 128)
    switch arguments.caseName {
    case "distances":
      let x = try RawMatrixFile.read(try arguments.string("x"), columns: dimension)
      let y = try RawMatrixFile.read(try arguments.string("y"), columns: dimension)
      let cross = try Stopwatch.best(of: repetitions) { try PairwiseDistances.euclidean(x, y) }
      Stopwatch.report("euclidean_xy", seconds: cross.seconds)
      let checksum =
        cross.result.elements[0] + cross.result.elements[cross.result.elements.count - 1]
      let own = try Stopwatch.best(of: repetitions) { try PairwiseDistances.euclidean(x) }
      Stopwatch.report("euclidean_xx", seconds: own.seconds)
      Stopwatch.emit("# checksum\t\(checksum + own.result.elements[1])")
    case "pca":
      let data = try RawMatrixFile.read(try arguments.string("data"), columns: dimension)
      for solver in PrincipalComponentAnalysis.Solver.allCases {
        let fit = try Stopwatch.best(of: repetitions) {
          try PrincipalComponentAnalysis(fitting: data, solver: solver)
        }
        Stopwatch.report("pca_\(solver.rawValue)", seconds: fit.seconds)
        Stopwatch.emit("# \(solver.rawValue) first variance\t\(fit.result.explainedVariance[0])")
      }
    default:
      throw BenchmarkError.unknownCase(arguments.caseName, known: ["distances", "pca"])
    }
    Stopwatch.emit("# threads\t\(BLASThreading.threadCount)\t\(BLASThreading.configuration)")
  }
}
