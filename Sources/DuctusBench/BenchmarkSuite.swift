/// A group of benchmarks reachable as `DuctusBench <name> …`.
protocol BenchmarkSuite {
  /// The suite's command-line name, e.g. `inkmath`.
  static var name: String { get }
  /// One line for the usage message.
  static var summary: String { get }
  /// Runs the case the arguments name and prints `name<TAB>seconds` lines.
  static func run(_ arguments: BenchmarkArguments) throws
}
