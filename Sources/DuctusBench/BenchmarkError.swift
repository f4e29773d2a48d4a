/// Why a benchmark could not run.
enum BenchmarkError: Error, CustomStringConvertible {
  /// A required `--option` is absent.
  case missingOption(String)
  /// An option's value does not parse.
  case badOption(String, String)
  /// The case name is unknown to the suite.
  case unknownCase(String, known: [String])
  /// An input file does not hold `rows × columns` little-endian doubles.
  case badInput(path: String, detail: String)

  var description: String {
    switch self {
    case .missingOption(let key): return "missing option --\(key)"
    case .badOption(let key, let value): return "option --\(key): cannot read '\(value)'"
    case .unknownCase(let name, let known):
      return "unknown case '\(name)'; known: \(known.joined(separator: ", "))"
    case .badInput(let path, let detail): return "\(path): \(detail)"
    }
  }
}
