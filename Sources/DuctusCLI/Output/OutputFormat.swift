import _DuctusSupport

/// How a command prints its results (`--format`).
///
/// Without `--format`, a command prints `text` when standard output is a terminal and its
/// machine-readable default (`json` or `ndjson`) otherwise, so that `ductus inspect a.json`
/// reads well and `ductus inspect a.json | jq` parses.
package enum OutputFormat: String, CaseIterable, Sendable, ArgumentValue {
  /// Aligned text for people.
  case text
  /// One JSON document.
  case json
  /// One JSON object a line (newline-delimited JSON), written as records are done.
  case ndjson
  /// Comma-separated values with a header line (RFC 4180).
  case csv
  /// A NumPy array file.
  case npy

  /// Reads a format name.
  package init?(argument: String) { self.init(rawValue: argument) }

  /// `a format name`.
  package static var expectation: String { "a format name" }

  /// The `--format` option of a command that can print the given formats.
  package static func option(_ formats: [OutputFormat], otherwise: OutputFormat)
    -> OptionDeclaration
  {
    let names = formats.map(\.rawValue)
    let onTerminal = formats.contains(.text) ? "text on a terminal, " : ""
    return .value(
      "format", valueName: "format",
      help: "The output format: \(names.joined(separator: ", ")).", allowedValues: names,
      defaultDescription: "\(onTerminal)\(otherwise.rawValue) otherwise")
  }

  /// The format a command line asks for, or the default for where output goes.
  package static func selected(
    in arguments: ParsedArguments, otherwise: OutputFormat, context: CommandContext
  ) throws(UsageError) -> OutputFormat {
    if let format = try arguments.value("format", as: OutputFormat.self) { return format }
    let offersText = arguments.declarations["format"]?.allowedValues.contains("text") ?? false
    return context.outputIsTerminal && offersText ? .text : otherwise
  }
}
