import InkFormats
import _DuctusSupport

/// `ductus formats`: the ink file formats `convert`, `inspect` and `render` know, with their
/// names, extensions, whether a file holds a drawing or a corpus, and whether Ductus reads and
/// writes them.
struct FormatsCommand: Command {
  /// One line of the list, as JSON.
  struct Entry: Encodable {
    var name: String
    var displayName: String
    var extensions: [String]
    var holdsCorpus: Bool
    var read: Bool
    var write: Bool
  }

  var signature: CommandSignature {
    CommandSignature(
      name: "formats",
      abstract: "List the ink file formats: names, extensions, and whether they are read and "
        + "written.",
      discussion:
        "A format is named by its name or one of its extensions (--from, --to). A folder of "
        + "drawing files is read as a corpus, and a corpus written as a format that holds one "
        + "drawing becomes a folder with one file a record.",
      options: [OutputFormat.option([.text, .json, .ndjson], otherwise: .json)])
  }

  /// The entries, in the registry's order.
  static var entries: [Entry] {
    InkFileFormat.allCases.map { format in
      Entry(
        name: format.rawValue, displayName: format.displayName,
        extensions: format.fileExtensions, holdsCorpus: format.holdsCorpus, read: true,
        write: format.isWritable)
    }
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    let format = try OutputFormat.selected(in: arguments, otherwise: .json, context: context)
    let entries = Self.entries
    guard format == .text else {
      var writer = JSONRecordWriter(to: context.output, format: format)
      for entry in entries { try writer.write(entry) }
      writer.finish()
      return .success
    }
    context.output.write(Self.table(entries))
    return .success
  }

  /// The text table: a header and a line a format, columns as wide as their longest cell.
  static func table(_ entries: [Entry]) -> String {
    let rows =
      [["NAME", "HOLDS", "READ", "WRITE", "EXTENSIONS", "DESCRIPTION"]]
      + entries.map { entry in
        [
          entry.name, entry.holdsCorpus ? "corpus" : "drawing", entry.read ? "yes" : "no",
          entry.write ? "yes" : "no", entry.extensions.map { "." + $0 }.joined(separator: " "),
          entry.displayName,
        ]
      }
    let widths = (0..<6).map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      row.enumerated().map { column, cell in
        column == row.count - 1
          ? cell : cell.padding(toLength: widths[column] + 2, withPad: " ", startingAt: 0)
      }.joined() + "\n"
    }.joined()
  }
}
