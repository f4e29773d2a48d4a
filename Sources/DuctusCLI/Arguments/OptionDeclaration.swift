import _DuctusSupport

/// One option a command accepts: a flag (`--quiet`) or an option with a value
/// (`--format json`, `--format=json`, `-j 4`, `-j4`).
///
/// ```swift
/// let jobs = OptionDeclaration.value(
///   "jobs", short: "j", valueName: "n", help: "Parallel jobs.", defaultDescription: "cores")
/// ```
package struct OptionDeclaration: Hashable, Sendable {
  /// Whether the option takes a value.
  package enum Kind: Hashable, Sendable {
    /// A switch without a value; giving it twice is an error unless it is repeatable.
    case flag
    /// An option followed by a value, shown in help as `<valueName>`.
    case value(valueName: String)
  }

  /// The long name without its dashes (`format` for `--format`).
  package var name: String
  /// The one-letter name, when the option has one (`j` for `-j`).
  package var shortName: Character?
  /// Flag or option with a value.
  package var kind: Kind
  /// One sentence for the help text.
  package var help: String
  /// The values the option accepts; empty when any value is accepted.
  package var allowedValues: [String]
  /// What happens when the option is absent, for the help text (`text on a terminal`).
  package var defaultDescription: String?
  /// Whether the option may be given more than once (each value is kept, in order).
  package var isRepeatable: Bool
  /// Whether the help text leaves the option out.
  package var isHidden: Bool

  /// Creates a declaration; `flag` and `value` read better at the call site.
  package init(
    name: String, shortName: Character? = nil, kind: Kind, help: String,
    allowedValues: [String] = [], defaultDescription: String? = nil, isRepeatable: Bool = false,
    isHidden: Bool = false
  ) {
    self.name = name
    self.shortName = shortName
    self.kind = kind
    self.help = help
    self.allowedValues = allowedValues
    self.defaultDescription = defaultDescription
    self.isRepeatable = isRepeatable
    self.isHidden = isHidden
  }

  /// A flag such as `--quiet` / `-q`.
  package static func flag(
    _ name: String, short: Character? = nil, help: String, isHidden: Bool = false
  ) -> OptionDeclaration {
    OptionDeclaration(name: name, shortName: short, kind: .flag, help: help, isHidden: isHidden)
  }

  /// An option with a value such as `--format <format>` / `-j <n>`.
  package static func value(
    _ name: String, short: Character? = nil, valueName: String, help: String,
    allowedValues: [String] = [], defaultDescription: String? = nil, isRepeatable: Bool = false,
    isHidden: Bool = false
  ) -> OptionDeclaration {
    OptionDeclaration(
      name: name, shortName: short, kind: .value(valueName: valueName), help: help,
      allowedValues: allowedValues, defaultDescription: defaultDescription,
      isRepeatable: isRepeatable, isHidden: isHidden)
  }

  /// Whether the option takes a value.
  package var takesValue: Bool {
    if case .value = kind { return true }
    return false
  }

  /// The spelling used in messages: `--format`, or `-j/--jobs` when there is a short name.
  package var displayName: String {
    shortName.map { "-\($0)/--\(name)" } ?? "--\(name)"
  }

  /// The spelling used in help: `-j, --jobs <n>`.
  var helpLabel: String {
    var label = shortName.map { "-\($0), --\(name)" } ?? "--\(name)"
    if case .value(let valueName) = kind { label += " <\(valueName)>" }
    return label
  }
}
