import Foundation
import InkFormats
import OpenPencilKit
import _DuctusSupport

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
        + "are read, in input order. A record that cannot be read is reported and skipped; the "
        + "command then exits with 1. --shard counts the records of all the files in turn.",
      options: [
        OutputFormat.option([.text, .json, .ndjson], otherwise: .json),
        CommonOptions.inputFormat(
          help: "The input format, when the name and content do not tell it."),
      ] + ReadLimitOptions.all + CommonOptions.batch,
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
    let limits = try ReadLimitOptions.limits(arguments)
    let jobs = try CommonOptions.jobCount(in: arguments)
    let shard = try CommonOptions.shard(in: arguments)
    let paths = try context.inputFiles(arguments.arguments("file"), argumentName: "file")
    try context.checkStandardInputOnce(paths)
    for path in paths { try context.checkInputExists(path) }
    let inputs = try paths.map {
      try InkInput(path: $0, format: inputFormat, limits: limits, context: context)
    }
    let failures = try RecordFailureLog(path: arguments.value("errors"), context: context)
    // Files of one drawing each are as many records as files.
    let total =
      inputs.contains(where: \.isCorpus) ? nil : inputs.indices.filter(shard.contains).count
    let progress = ProgressReporter(
      label: "inspect", total: total, context: context, quiet: arguments.flag("quiet"))
    defer { progress.finish() }
    var json = format == .text ? nil : JSONRecordWriter(to: context.output, format: format)
    var isFirst = true
    var position = 0
    for input in inputs {
      let records = try ShardedRecords(input, shard: shard, startingAt: position)
      let (file, isCorpus) = (input.displayName, input.isCorpus)
      try OrderedParallelMap(jobs: jobs).run(
        next: records.next,
        transform: { item -> Data in
          let record = try item.get()
          let summary = DrawingSummary(
            record.drawing, file: file, key: isCorpus ? record.key : nil, label: record.label)
          return format == .text
            ? Data(Self.text(summary).utf8) : try JSONRecordWriter.encode(summary)
        },
        emit: { _, result in
          progress.advance()
          switch result {
          case .success(let entry):
            if json != nil {
              json!.write(encoded: entry)
            } else {
              if !isFirst { context.output.write("\n") }
              context.output.write(entry)
            }
            isFirst = false
          case .failure(let error): failures.log(CommandFailure(error))
          }
        })
      if let fatal = records.fatal { throw fatal }
      position = records.position
    }
    json?.finish()
    progress.finish(failures: failures.count)
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
