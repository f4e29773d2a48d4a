import _DuctusSupport
import Foundation
import InkFormats
import OpenPencilKit

/// `ductus inspect FILE…`: what drawings and corpora hold — strokes, points, inks, content
/// version, bounds and duration — one entry a drawing or corpus record, streamed.
struct InspectCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "inspect",
      abstract: "Show what drawings and corpora hold: strokes, points, inks, content version, "
        + "bounds and duration.",
      discussion:
        "Prints one entry a drawing, or a corpus record (key and label included), as records "
        + "are read. A record that cannot be read is reported and skipped; the command then "
        + "exits with 1.",
      options: [
        OutputFormat.option([.text, .json, .ndjson], otherwise: .json),
        .value(
          "from", valueName: "format",
          help: "The input format, when the name and content do not tell it.",
          defaultDescription: "from the extension and content"),
        CommonOptions.errors, CommonOptions.quiet,
      ],
      arguments: [
        ArgumentDeclaration(
          "file", arity: .zeroOrMore,
          help: "Drawing or corpus files, or folders of them; '-' or none with piped input "
            + "reads standard input.")
      ])
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    let format = try OutputFormat.selected(in: arguments, otherwise: .json, context: context)
    let inputFormat = try arguments.value("from", as: InkFileFormat.self)
    let paths = try context.inputFiles(arguments.arguments("file"), argumentName: "file")
    for path in paths { try context.checkInputExists(path) }
    let failures = try RecordFailureLog(path: arguments.value("errors"), context: context)
    let progress = ProgressReporter(
      label: "inspect", total: nil, context: context, quiet: arguments.flag("quiet"))
    defer { progress.finish() }
    var json = format == .text ? nil : JSONRecordWriter(to: context.output, format: format)
    var isFirst = true
    for path in paths {
      let input = try InkInput(path: path, format: inputFormat, context: context)
      try input.forEachRecord(failures: failures) { record in
        let summary = DrawingSummary(
          record.drawing, file: input.displayName, key: input.isCorpus ? record.key : nil,
          label: record.label)
        if json != nil {
          try json!.write(summary)
        } else {
          context.output.write((isFirst ? "" : "\n") + Self.text(summary))
        }
        isFirst = false
        progress.advance()
      }
    }
    json?.finish()
    return try failures.finish()
  }

  /// The text entry of a summary: a heading and aligned facts.
  static func text(_ summary: DrawingSummary) -> String {
    var heading = summary.file
    if let key = summary.key { heading += ": record \(key)" }
    if let label = summary.label, label != summary.key { heading += " (\(label))" }
    let inks = summary.inks.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
    let bounds = summary.bounds.map { box in
      "x \(number(box.x))…\(number(box.x + box.width)), y \(number(box.y))…"
        + "\(number(box.y + box.height)) (\(number(box.width)) × \(number(box.height)))"
    }
    let facts = [
      ("strokes", "\(summary.strokes)"), ("points", "\(summary.points)"),
      ("inks", inks.isEmpty ? "none" : inks.joined(separator: ", ")),
      ("content version", "\(summary.contentVersion)"), ("bounds", bounds ?? "none (empty)"),
      ("duration", "\(number(summary.duration)) s"),
    ]
    return heading + "\n"
      + facts.map { "  " + $0.0.padding(toLength: 17, withPad: " ", startingAt: 0) + $0.1 + "\n" }
      .joined()
  }

  /// A number with at most two decimals and no trailing zeros.
  static func number(_ value: Double) -> String {
    var text = String(format: "%.2f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }
}
