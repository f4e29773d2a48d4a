import _DuctusSupport

/// One positional argument a command accepts, such as `<in>` or `<file> ...`.
///
/// Positionals are matched in order: required ones first take one value each, optional ones
/// take one when values are left over, and the one variadic argument takes the rest.
package struct ArgumentDeclaration: Hashable, Sendable {
  /// How many values the argument takes.
  package enum Arity: Hashable, Sendable {
    /// Exactly one.
    case one
    /// None or one.
    case optional
    /// Any number, none included.
    case zeroOrMore
    /// At least one.
    case oneOrMore
  }

  /// The name shown in usage and help (`file` appears as `<file>`).
  package var name: String
  /// One sentence for the help text.
  package var help: String
  /// How many values it takes.
  package var arity: Arity

  /// Creates a declaration.
  package init(_ name: String, arity: Arity = .one, help: String) {
    self.name = name
    self.help = help
    self.arity = arity
  }

  /// The fewest values it takes.
  var minimumCount: Int {
    switch arity {
    case .one, .oneOrMore: 1
    case .optional, .zeroOrMore: 0
    }
  }

  /// Whether it takes any number of values.
  var isVariadic: Bool { arity == .zeroOrMore || arity == .oneOrMore }

  /// The spelling in a usage line: `<in>`, `[<out>]`, `<file> ...`, `[<file> ...]`.
  var usageLabel: String {
    switch arity {
    case .one: "<\(name)>"
    case .optional: "[<\(name)>]"
    case .zeroOrMore: "[<\(name)> ...]"
    case .oneOrMore: "<\(name)> ..."
    }
  }
}
