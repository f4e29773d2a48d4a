import Foundation
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

  /// The `--format` option of a command that can print the given formats; `followsOutput`
  /// when the command has `-o` and the default follows its extension (see `selected`);
  /// `otherwiseDescription` when the default off a terminal depends on more than `otherwise`.
  package static func option(
    _ formats: [OutputFormat], otherwise: OutputFormat, followsOutput: Bool = false,
    otherwiseDescription: String? = nil
  ) -> OptionDeclaration {
    let names = formats.map(\.rawValue)
    let fromOutput = followsOutput ? "from the -o extension, else " : ""
    let other = otherwiseDescription ?? otherwise.rawValue
    let defaultDescription =
      formats.contains(.text) && otherwise != .text
      ? "\(fromOutput)text on a terminal, \(other) otherwise"
      : "\(fromOutput)\(other)"
    return .value(
      "format", valueName: "format",
      help: "The output format: \(names.joined(separator: ", ")).", allowedValues: names,
      defaultDescription: defaultDescription)
  }

  /// The format a command line asks for, or the default for where the output goes.
  ///
  /// `--format` wins; without it, an output file (`-o`) whose extension names a format
  /// (`.npy`, `.csv`, `.json`, `.ndjson`, `.jsonl`, and `.txt` where there is a text form) is
  /// written in that format; otherwise standard output gets `text` on a terminal when the
  /// command has a text form, and everything else gets `otherwise`.
  ///
  /// - Throws: `UsageError` when `--format` and the output's extension disagree (`-o d.npy
  ///   --format csv`), or the extension names a format the command does not write.
  package static func selected(
    in arguments: ParsedArguments, otherwise: OutputFormat, output: String? = nil,
    context: CommandContext
  ) throws(UsageError) -> OutputFormat {
    let offered =
      arguments.declarations["format"].map {
        $0.allowedValues.compactMap(OutputFormat.init(rawValue:))
      } ?? []
    let chosen = try arguments.value("format", as: OutputFormat.self)
    if let output, output != "-", let named = Self.named(byExtensionOf: output, offered: offered) {
      let fileExtension = URL(fileURLWithPath: output).pathExtension
      if let chosen {
        guard named.contains(chosen) else {
          throw UsageError(
            "'\(arguments.spelledValue("output"))' names a .\(fileExtension) file, but "
              + "'\(arguments.spelledValue("format"))' asks for \(chosen.title); drop one, or "
              + "make them agree")
        }
        return chosen
      }
      guard let format = named.first(where: offered.contains) else {
        throw UsageError(
          "'\(arguments.spelledValue("output"))' names a .\(fileExtension) file, but this "
            + "command writes \(offered.map(\.rawValue).joined(separator: ", ")); name the "
            + "output after one of them")
      }
      return format
    }
    if let chosen { return chosen }
    let toStandardOutput = output == nil || output == "-"
    return toStandardOutput && context.outputIsTerminal && offered.contains(.text)
      ? .text : otherwise
  }

  /// The formats a file name's extension stands for, best first; `nil` for an extension that
  /// names none (`.txt` names text only where the command has a text form).
  static func named(byExtensionOf path: String, offered: [OutputFormat]) -> [OutputFormat]? {
    switch URL(fileURLWithPath: path).pathExtension.lowercased() {
    case "npy": [.npy]
    case "csv": [.csv]
    case "json": [.json, .ndjson]
    case "ndjson", "jsonl": [.ndjson, .json]
    case "txt" where offered.contains(.text): [.text]
    default: nil
    }
  }

  /// The format's name in a sentence: `CSV`, `NDJSON`, `text`.
  var title: String {
    switch self {
    case .text: "text"
    case .json: "JSON"
    case .ndjson: "NDJSON"
    case .csv: "CSV"
    case .npy: "a .npy array"
    }
  }
}
