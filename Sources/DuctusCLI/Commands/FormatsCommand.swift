import _DuctusSupport
import InkFormats

/// `ductus formats`: the ink file formats `convert`, `inspect` and `render` know, with their
/// names and extensions.
struct FormatsCommand: Command {
  /// One line of the list, as JSON.
  struct Entry: Encodable {
    var name: String
    var displayName: String
    var extensions: [String]
    var holdsCorpus: Bool
  }

  var signature: CommandSignature {
    CommandSignature(
      name: "formats", abstract: "List the ink file formats, their names and extensions.",
      options: [OutputFormat.option([.text, .json, .ndjson], otherwise: .json)])
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    let format = try OutputFormat.selected(in: arguments, otherwise: .json, context: context)
    let entries = InkFileFormat.allCases.map { format in
      Entry(
        name: format.rawValue, displayName: format.displayName,
        extensions: format.fileExtensions, holdsCorpus: format.holdsCorpus)
    }
    guard format == .text else {
      var writer = JSONRecordWriter(to: context.output, format: format)
      for entry in entries { try writer.write(entry) }
      writer.finish()
      return .success
    }
    for entry in entries {
      let extensions = entry.extensions.map { "." + $0 }.joined(separator: " ")
      let holds = entry.holdsCorpus ? "corpus" : "drawing"
      context.output.write(
        entry.name.padding(toLength: 16, withPad: " ", startingAt: 0)
          + holds.padding(toLength: 9, withPad: " ", startingAt: 0)
          + extensions.padding(toLength: 18, withPad: " ", startingAt: 0) + entry.displayName
          + "\n")
    }
    return .success
  }
}
