import Foundation
import InkDistances
import InkRecognition
import InkSampling

/// `DuctusBench dtw …`: dynamic time warping on inputs written by
/// `Scripts/bench/dtw_peer.py generate`.
///
/// Cases (results are `name<TAB>seconds<TAB>cells[<TAB>threads<TAB>processor seconds]` lines,
/// the best of the repetitions; the all-pairs cases run on all cores):
/// - `pair --a FILE --b FILE --length N [--repetitions R]`: one DTW distance of two 2-D series
///   (anti-diagonal SIMD kernel, one thread).
/// - `allpairs --strokes FILE --points L [--radius R] [--suffix S] [--repetitions R]`: the
///   symmetric distance matrix of all strokes (eight pairs a vector, all cores), optionally in
///   a Sakoe–Chiba band.
/// - `frechet-allpairs --strokes FILE --points L [--repetitions R]`: the discrete Fréchet
///   distances of all pairs of strokes (the same job with the maximum in place of the sum).
enum DTWBenchmarks: BenchmarkSuite {
  static let name = "dtw"
  static let summary = "dynamic time warping: one long pair, all pairs of strokes"

  static func run(_ arguments: BenchmarkArguments) throws {
    let repetitions = try arguments.integer("repetitions", default: 3)
    switch arguments.caseName {
    case "pair":
      let length = try arguments.integer("length", default: 1000)
      let a = try series(try arguments.string("a"), points: length)[0]
      let b = try series(try arguments.string("b"), points: length)[0]
      let dtw = DynamicTimeWarping()
      let timing = try Stopwatch.best(of: repetitions) { try dtw.distance(a, b) }
      Stopwatch.emit("ductus_pair\t\(String(format: "%.6f", timing.seconds))\t\(a.count * b.count)")
      Stopwatch.emit("# distance\t\(timing.result)")
    case "allpairs":
      let points = try arguments.integer("points", default: 128)
      let strokes = try series(try arguments.string("strokes"), points: points)
      let radius = try arguments.integer("radius", default: -1)
      let dtw = DynamicTimeWarping(constraint: radius < 0 ? .none : .sakoeChiba(radius: radius))
      let timing = try Stopwatch.best(of: repetitions) { try dtw.distanceMatrix(strokes) }
      let suffix = (try? arguments.string("suffix")) ?? ""
      let cells = strokes.count * (strokes.count - 1) / 2 * points * points
      emitAllCores("ductus_allpairs\(suffix)", timing.seconds, timing.processorSeconds, cells)
      Stopwatch.emit("# m[0,1]\t\(timing.result[0, 1])")
    case "frechet-allpairs":
      let points = try arguments.integer("points", default: 128)
      let strokes = try series(try arguments.string("strokes"), points: points)
      let tile = try PairwiseTiling(count: strokes.count, tiles: 1).tile(row: 0, column: 0)
      let timing = try Stopwatch.best(of: repetitions) {
        try CurveSimilarity.discreteFrechetDistances(strokes, tile: tile)
      }
      let cells = strokes.count * (strokes.count - 1) / 2 * points * points
      emitAllCores("ductus_frechet_allpairs", timing.seconds, timing.processorSeconds, cells)
      Stopwatch.emit("# m[0,1]\t\(timing.result[1])")
    default:
      throw BenchmarkError.unknownCase(
        arguments.caseName, known: ["pair", "allpairs", "frechet-allpairs"])
    }
  }

  /// Writes the result line of a case run on all cores: its wall time, cells, the cores and the
  /// processor time of all threads.
  private static func emitAllCores(
    _ name: String, _ seconds: Double, _ processorSeconds: Double, _ cells: Int
  ) {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let fields = [
      name, String(format: "%.6f", seconds), "\(cells)", "\(cores)",
      String(format: "%.6f", processorSeconds),
    ]
    Stopwatch.emit(fields.joined(separator: "\t"))
  }

  /// The 2-D series stored in `path`, `points` (x, y) pairs each.
  private static func series(_ path: String, points: Int) throws -> [SampleBuffer] {
    let matrix = try RawMatrixFile.read(path, columns: 2 * points)
    return (0..<matrix.rows).map { r in
      let row = Array(matrix.row(r))
      return SampleBuffer(
        xs: stride(from: 0, to: row.count, by: 2).map { row[$0] },
        ys: stride(from: 1, to: row.count, by: 2).map { row[$0] })
    }
  }
}
