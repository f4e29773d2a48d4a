import _DuctusSupport

/// The values a command line gave one command: its flags, option values and positionals, looked
/// up by the names the signature declared.
///
/// ```swift
/// let jobs = try arguments.value("jobs", as: Int.self) ?? 4   // "-j 4", "--jobs=4"
/// let files = arguments.arguments("file")
/// ```
///
/// Asking for a name the signature does not declare is a programming error and traps.
package struct ParsedArguments: Sendable {
  /// The command's declarations, by long name.
  let declarations: [String: OptionDeclaration]
  /// How often each flag was given, by long name.
  var flagCounts: [String: Int] = [:]
  /// Each option's values in command-line order, by long name.
  var optionValues: [String: [String]] = [:]
  /// Each positional's values in order, by name.
  var argumentValues: [String: [String]] = [:]
  /// How each given option or flag was last written (`-k` or `--components`), by long name.
  var optionSpellings: [String: String] = [:]
  /// The positional names the signature declared.
  let argumentNames: Set<String>

  /// Creates an empty set of values for a signature.
  init(signature: CommandSignature) {
    declarations = Dictionary(
      signature.options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    argumentNames = Set(signature.arguments.map(\.name))
  }

  /// Whether a flag was given.
  package func flag(_ name: String) -> Bool { flagCount(name) > 0 }

  /// Whether an option or flag was given at all.
  package func isGiven(_ name: String) -> Bool {
    precondition(declarations[name] != nil, "undeclared option --\(name)")
    return flagCounts[name] != nil || optionValues[name] != nil
  }

  /// The option as the user wrote it (`-k` or `--components`), for messages; `--name` when it
  /// was not given.
  package func spelling(_ name: String) -> String {
    precondition(declarations[name] != nil, "undeclared option --\(name)")
    return optionSpellings[name] ?? "--\(name)"
  }

  /// The option and its value as the user wrote them (`-k 20`, `--tile 1,0`), for messages;
  /// the option alone when it was not given.
  package func spelledValue(_ name: String) -> String {
    guard let value = optionValues[name]?.last else { return spelling(name) }
    return "\(spelling(name)) \(value)"
  }

  /// How many times a flag was given (`-v -v`).
  package func flagCount(_ name: String) -> Int {
    precondition(declarations[name]?.takesValue == false, "undeclared flag --\(name)")
    return flagCounts[name, default: 0]
  }

  /// Every value a (repeatable) option was given, in order.
  package func values(_ name: String) -> [String] {
    precondition(declarations[name]?.takesValue == true, "undeclared option --\(name)")
    return optionValues[name, default: []]
  }

  /// The value of an option, or `nil` when it is absent.
  package func value(_ name: String) -> String? { values(name).last }

  /// The value of an option read as a type, or `nil` when it is absent.
  ///
  /// - Throws: `UsageError` naming the option when the word is not a valid value.
  package func value<Value: ArgumentValue>(_ name: String, as type: Value.Type) throws(UsageError)
    -> Value?
  {
    guard let text = value(name) else { return nil }
    return try convert(text, of: name, as: type)
  }

  /// Every value of a repeatable option read as a type.
  package func values<Value: ArgumentValue>(_ name: String, as type: Value.Type)
    throws(UsageError) -> [Value]
  {
    var result: [Value] = []
    for text in values(name) { result.append(try convert(text, of: name, as: type)) }
    return result
  }

  /// The value of a single positional, or `nil` when an optional one was left out.
  package func argument(_ name: String) -> String? { arguments(name).first }

  /// Every value of a positional, in order.
  package func arguments(_ name: String) -> [String] {
    precondition(argumentNames.contains(name), "undeclared argument <\(name)>")
    return argumentValues[name, default: []]
  }

  private func convert<Value: ArgumentValue>(
    _ text: String, of name: String, as type: Value.Type
  ) throws(UsageError) -> Value {
    guard let value = Value(argument: text) else {
      throw UsageError(
        "invalid value '\(text)' for '\(spelling(name))': expected \(Value.expectation)")
    }
    return value
  }
}
