import Foundation

/// `DuctusBench`: release-mode benchmarks of Ductus's kernels, run by `Scripts/bench/*.sh` next to
/// their Python peers on identical inputs.
///
/// Usage: `DuctusBench <suite> <case> [options]`. Each suite is a ``BenchmarkSuite``; add one by
/// writing a type that conforms and listing it in ``suites``. Results go to stdout as
/// `name<TAB>seconds` lines (the best of the repetitions), which the scripts join with the peers'.
@main
enum DuctusBench {
  /// The registered suites, by their command-line name.
  static var suites: [any BenchmarkSuite.Type] {
    [
      InkMathBenchmarks.self, SimilarityBenchmarks.self, DTWBenchmarks.self,
      MultistrokeBenchmarks.self, ImporterBenchmarks.self, FuzzBenchmarks.self,
      RankingEvaluation.self, ShapeEvaluation.self, ShapeBenchmarks.self,
      SignatureBenchmarks.self, ClusteringBenchmarks.self,
    ]
  }

  /// Dispatches to the suite named by the first argument.
  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard let name = arguments.first, let suite = suites.first(where: { $0.name == name }) else {
      let names = suites.map { "  \($0.name)\t\($0.summary)" }.joined(separator: "\n")
      FileHandle.standardError.write(
        Data("usage: DuctusBench <suite> <case> [options]\n\(names)\n".utf8))
      exit(2)
    }
    do {
      try suite.run(BenchmarkArguments(Array(arguments.dropFirst())))
    } catch {
      FileHandle.standardError.write(Data("DuctusBench \(name): \(error)\n".utf8))
      exit(1)
    }
  }
}
