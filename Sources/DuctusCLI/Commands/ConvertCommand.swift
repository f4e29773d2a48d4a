import _DuctusSupport
import Foundation
import InkFormats
import OpenPencilKit

/// `ductus convert IN OUT`: a drawing or corpus from one format to another, optionally made
/// showable on devices that know only an older PencilKit content version.
struct ConvertCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "convert",
      abstract: "Convert a drawing or corpus from one format to another.",
      discussion:
        "Formats are told from the file names (and the input's content) unless --from or --to "
        + "is given. A corpus written as a single-drawing format becomes a folder with one file "
        + "a record. The output appears whole or not at all. Records that cannot be read are "
        + "reported and skipped (exit 1).\n\n"
        + "--max-content-version swaps inks that need a newer PencilKit content version for "
        + "the nearest older ink (reed becomes fountain pen, then pen) and refuses, with exit "
        + "code 65 and no output, a drawing that still needs more, such as one with "
        + "barrel-roll data (version 3).",
      options: [
        .value(
          "from", valueName: "format", help: "The input format.",
          defaultDescription: "from the extension and content"),
        .value(
          "to", valueName: "format",
          help: "The output format, by name or extension (see 'ductus formats').",
          defaultDescription: "from the extension"),
        .value(
          "max-content-version", valueName: "n",
          help: "The newest PencilKit content version (1–4) the output may need."),
        CommonOptions.errors, CommonOptions.quiet,
      ],
      arguments: [
        ArgumentDeclaration(
          "in", help: "The drawing or corpus file, or folder; '-' reads standard input."),
        ArgumentDeclaration(
          "out", help: "The file (or folder) to write; '-' writes standard output (with --to)."),
      ])
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    let outputPath = arguments.argument("out")!
    let outputFormat = try Self.outputFormat(arguments, path: outputPath)
    let limit = try arguments.value("max-content-version", as: PKContentVersion.self)
      .map(ContentVersionLimit.init)
    let input = try InkInput(
      path: arguments.argument("in")!, format: arguments.value("from", as: InkFileFormat.self),
      context: context)
    let failures = try RecordFailureLog(path: arguments.value("errors"), context: context)
    let progress = ProgressReporter(
      label: "convert", total: nil, context: context, quiet: arguments.flag("quiet"))
    defer { progress.finish() }
    try context.checkOutputFolder(of: outputPath)
    if outputPath == "-", input.isCorpus, !outputFormat.holdsCorpus {
      throw UsageError(
        "a corpus written as \(outputFormat.rawValue) is a folder of files; it cannot go to "
          + "standard output")
    }
    // The output is written in a temporary folder beside it (or in TMPDIR for standard output),
    // which Control-C removes, then renamed into place or copied to standard output. A corpus
    // written as a folder of files is written in place.
    let isFolderOutput = input.isCorpus && !outputFormat.holdsCorpus
    let destination = URL(fileURLWithPath: outputPath)
    let spool: URL?
    do {
      spool =
        isFolderOutput
        ? nil
        : try TemporaryFiles.makeFolder(
          in: outputPath == "-" ? nil : destination.deletingLastPathComponent())
    } catch {
      throw CommandFailure.io(outputPath, error)
    }
    defer { if let spool { TemporaryFiles.remove(spool.path) } }
    let outputURL =
      spool?.appendingPathComponent("out." + outputFormat.fileExtensions[0]) ?? destination

    /// The record as it is written: limited to the content version, errors located.
    func prepared(_ record: CorpusRecord) throws -> CorpusRecord {
      guard let limit else { return record }
      var limited = record
      do {
        limited.drawing = try limit.apply(to: record.drawing)
      } catch {
        let place = input.isCorpus ? "record \(record.key): " : ""
        throw CommandFailure(error.exitCode, "\(input.displayName): \(place)\(error.message)")
      }
      return limited
    }

    do {
      if !input.isCorpus, !outputFormat.holdsCorpus {
        var records = try input.openRecords()
        guard let record = try records.next() else {
          throw CommandFailure(.malformedInput, "\(input.displayName): the file holds no drawing")
        }
        try outputFormat.write(prepared(record), to: outputURL)
      } else {
        var writer = try outputFormat.makeCorpusWriter(to: outputURL)
        try input.forEachRecord(failures: failures) { record in
          try writer.write(prepared(record))
          progress.advance()
        }
        try writer.finish()
      }
    } catch var error as InkFormatError where error.file == outputURL.path {
      error.file = outputPath == "-" ? "<stdout>" : outputPath
      throw error
    }
    if outputPath == "-" {
      try Self.copy(outputURL, to: context.output)
    } else if spool != nil {
      do {
        try Platform.rename(outputURL.path, to: outputPath)
      } catch {
        throw CommandFailure.io(outputPath, error)
      }
    }
    return try failures.finish()
  }

  /// Streams a file to an output a mebibyte at a time.
  private static func copy(_ url: URL, to output: OutputSink) throws {
    let file = try FileHandle(forReadingFrom: url)
    defer { try? file.close() }
    while let chunk = try file.read(upToCount: 1 << 20), !chunk.isEmpty { output.write(chunk) }
  }

  /// The output format: `--to`, or the one the output's extension names.
  private static func outputFormat(_ arguments: ParsedArguments, path: String) throws
    -> InkFileFormat
  {
    if let format = try arguments.value("to", as: InkFileFormat.self) { return format }
    let fileExtension = URL(fileURLWithPath: path).pathExtension
    guard !fileExtension.isEmpty, let format = InkFileFormat(name: fileExtension) else {
      throw UsageError(
        "cannot tell the output format of '\(path)'; name it with --to (see 'ductus formats')")
    }
    return format
  }
}
