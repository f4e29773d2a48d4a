import InkDistances
import InkRecognition
import InkSampling

/// `DuctusBench similarity …`: curve similarity kernels on inputs written by
/// `Scripts/bench/similarity_peer.py generate` (raw little-endian `Double` n×2 files).
///
/// Cases:
/// - `frechet --a FILE --b FILE [--repetitions R]`: discrete Fréchet distance.
/// - `hausdorff --a FILE --b FILE [--label L] [--repetitions R]`: directed (a → b) and
///   symmetric Hausdorff, reported as `hausdorff_L_ductus` and `hausdorff_symmetric_L_ductus`.
enum SimilarityBenchmarks: BenchmarkSuite {
  static let name = "similarity"
  static let summary = "discrete Fréchet and Hausdorff distances between two curves"

  static func run(_ arguments: BenchmarkArguments) throws {
    let repetitions = try arguments.integer("repetitions", default: 5)
    let a = try curve(try arguments.string("a"))
    let b = try curve(try arguments.string("b"))
    switch arguments.caseName {
    case "frechet":
      let timing = try Stopwatch.best(of: repetitions) {
        try CurveSimilarity.discreteFrechetDistance(a, b)
      }
      Stopwatch.report("frechet_ductus", seconds: timing.seconds)
      Stopwatch.emit("# frechet_ductus value\t\(timing.result)")
      let cells = Double(a.count * b.count)
      Stopwatch.emit("# frechet_ductus cells/s\t\(cells / timing.seconds)")
    case "hausdorff":
      let label = (try? arguments.string("label")).map { "_\($0)" } ?? ""
      let directed = try Stopwatch.best(of: repetitions) {
        try CurveSimilarity.directedHausdorffDistance(from: a, to: b)
      }
      Stopwatch.report("hausdorff\(label)_ductus", seconds: directed.seconds)
      Stopwatch.emit("# hausdorff\(label)_ductus value\t\(directed.result.distance)")
      let symmetric = try Stopwatch.best(of: repetitions) {
        try CurveSimilarity.hausdorffDistance(a, b)
      }
      Stopwatch.report("hausdorff_symmetric\(label)_ductus", seconds: symmetric.seconds)
      Stopwatch.emit("# hausdorff_symmetric\(label)_ductus value\t\(symmetric.result)")
    default:
      throw BenchmarkError.unknownCase(arguments.caseName, known: ["frechet", "hausdorff"])
    }
    Stopwatch.emit("# threads\t1")
  }

  /// The curve stored at `path` as rows of (x, y).
  static func curve(_ path: String) throws -> SampleBuffer {
    let matrix = try RawMatrixFile.read(path, columns: 2)
    return SampleBuffer(
      xs: (0..<matrix.rows).map { matrix[$0, 0] }, ys: (0..<matrix.rows).map { matrix[$0, 1] })
  }
}
