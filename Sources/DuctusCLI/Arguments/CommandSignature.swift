import _DuctusSupport

/// What a command is called, what it does and what it accepts; the parser and the help text
/// are both derived from it, so they cannot disagree.
package struct CommandSignature: Sendable {
  /// The word that selects the command (`inspect`).
  package var name: String
  /// One sentence for command lists and the help's overview.
  package var abstract: String
  /// Paragraphs shown in the command's own help after the overview.
  package var discussion: String?
  /// The options, in help order. `-h/--help` is added to every command without declaring it.
  package var options: [OptionDeclaration]
  /// The positional arguments, in order.
  package var arguments: [ArgumentDeclaration]
  /// The commands below this one (`trace score`, `trace batch` …).
  package var subcommands: [any Command]
  /// Whether command lists leave it out (it still runs and has help).
  package var isHidden: Bool

  /// Creates a signature.
  package init(
    name: String, abstract: String, discussion: String? = nil,
    options: [OptionDeclaration] = [], arguments: [ArgumentDeclaration] = [],
    subcommands: [any Command] = [], isHidden: Bool = false
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.options = options
    self.arguments = arguments
    self.subcommands = subcommands
    self.isHidden = isHidden
  }

  /// The option declared with a long name.
  func option(named name: String) -> OptionDeclaration? {
    options.first { $0.name == name }
  }

  /// The option declared with a one-letter name.
  func option(short: Character) -> OptionDeclaration? {
    options.first { $0.shortName == short }
  }

  /// The subcommand of a name.
  func subcommand(named name: String) -> (any Command)? {
    subcommands.first { $0.signature.name == name }
  }

  /// The names of the subcommands that command lists show.
  var visibleSubcommandNames: [String] {
    subcommands.filter { !$0.signature.isHidden }.map(\.signature.name)
  }

  /// The error for a word that names no subcommand, suggesting the nearest name.
  func unknownSubcommand(_ word: String) -> UsageError {
    let hint = TypoSuggestion.closest(to: word, among: visibleSubcommandNames)
    return UsageError("unknown command '\(word)'" + (hint.map { "; did you mean '\($0)'?" } ?? ""))
  }
}
