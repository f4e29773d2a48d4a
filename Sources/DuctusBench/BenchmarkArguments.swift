/// The arguments after the suite name: a case name, then `--key value` options.
struct BenchmarkArguments {
  /// The first argument (the case to run), or an empty string.
  let caseName: String
  private let options: [String: String]

  /// Parses `case --key value …`; a `--flag` without a value maps to `"true"`.
  init(_ arguments: [String]) {
    caseName = arguments.first ?? ""
    var options: [String: String] = [:]
    var index = 1
    while index < arguments.count {
      let key = String(arguments[index].drop(while: { $0 == "-" }))
      let hasValue = index + 1 < arguments.count && !arguments[index + 1].hasPrefix("--")
      options[key] = hasValue ? arguments[index + 1] : "true"
      index += hasValue ? 2 : 1
    }
    self.options = options
  }

  /// The string value of `--key`.
  func string(_ key: String) throws -> String {
    guard let value = options[key] else { throw BenchmarkError.missingOption(key) }
    return value
  }

  /// The string value of `--key`, or `nil` when absent.
  func optionalString(_ key: String) -> String? { options[key] }

  /// The integer value of `--key`, or `defaultValue` when absent.
  func integer(_ key: String, default defaultValue: Int) throws -> Int {
    guard let text = options[key] else { return defaultValue }
    guard let value = Int(text) else { throw BenchmarkError.badOption(key, text) }
    return value
  }
}
