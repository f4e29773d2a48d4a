import Foundation
import InkFormats
import OpenPencilKit
import _DuctusSupport

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
        + "barrel-roll data (version 3).\n\n"
        + "A corpus goes into a folder when the output is a folder (an existing one, or a name "
        + "ending in '/') or has no extension; a name with an extension is taken for a file. "
        + "Records of a folder output are written --jobs at a time, one file a record named "
        + "after its key; when two records would make one file (a repeated key), the first is "
        + "written and the later one reported, in every shard alike.\n\n"
        + "Standard input in Ductus or Quick, Draw! NDJSON is converted as it arrives; other "
        + "formats are read whole first.\n\n"
        + "With --resume, a corpus conversion (to a corpus file or a folder) that was killed "
        + "(even by SIGKILL) and is started again with the same arguments continues from its "
        + "last checkpoint and writes the same bytes as an uninterrupted run; its journal is "
        + ".<file>.ductus-resume beside a file (with the partial output .<file>.ductus-partial) "
        + "or <folder>/.ductus-resume.",
      options: [
        CommonOptions.inputFormat(help: "The input format."),
        .value(
          "to", valueName: "format",
          help: "The output format, by name or extension (see 'ductus formats').",
          defaultDescription: "from the extension"),
        .value(
          "max-content-version", valueName: "n",
          help: "The newest PencilKit content version (1–4) the output may need."),
        CommonOptions.jobs(
          help: "How many records to convert at once (written in input order into a file, in "
            + "parallel into a folder)."),
        CommonOptions.shard, CommonOptions.errors, CommonOptions.quiet, ResumableRun.option,
      ] + ReadLimitOptions.all,
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
    let jobs = try CommonOptions.jobCount(in: arguments)
    let shard = try CommonOptions.shard(in: arguments)
    let input = try InkInput(
      path: arguments.argument("in")!, format: arguments.value("from", as: InkFileFormat.self),
      limits: try ReadLimitOptions.limits(arguments), context: context)
    try context.checkOutputFolder(of: outputPath)
    let toFolder = Self.namesFolder(outputPath)
    if toFolder, outputFormat.holdsCorpus {
      throw UsageError(
        "'\(outputPath)' is a folder, but \(outputFormat.rawValue) is written as one file; "
          + "name the file")
    }
    let isFolderOutput = (input.isCorpus || toFolder) && !outputFormat.holdsCorpus
    if outputPath == "-", isFolderOutput {
      throw UsageError(
        "a corpus written as \(outputFormat.rawValue) is a folder of files; it cannot go to "
          + "standard output")
    }
    if isFolderOutput, !toFolder, !URL(fileURLWithPath: outputPath).pathExtension.isEmpty {
      let stem = URL(fileURLWithPath: outputPath).deletingPathExtension().lastPathComponent
      throw UsageError(
        "a corpus written as \(outputFormat.rawValue) is a folder with one file a record, and "
          + "'\(outputPath)' is named like a file; name a folder ('\(stem)/'), or write one "
          + "corpus file such as '\(stem).ndjson'")
    }
    let folder = URL(fileURLWithPath: outputPath, isDirectory: true)
    let resume = try resumableRun(
      arguments, input: input, output: outputPath, format: outputFormat,
      folder: isFolderOutput ? folder : nil, shard: shard, context: context)
    let failures =
      try resume?.failures
      ?? RecordFailureLog(path: arguments.value("errors"), context: context)
    let progress = ProgressReporter(
      label: "convert", total: input.isCorpus ? nil : 1, context: context,
      quiet: arguments.flag("quiet"))
    defer { progress.finish() }
    let source = Source(name: input.displayName, isCorpus: input.isCorpus, limit: limit)
    if isFolderOutput {
      try convert(
        input, source: source, into: folder, format: outputFormat, jobs: jobs, shard: shard,
        failures: failures, resume: resume, progress: progress)
      progress.finish(failures: failures.count)
      return try failures.finish()
    }
    // Written through AtomicFile: a temporary file beside the output renamed into place, or in
    // place for standard output (as /dev/stdout), a FIFO or a device.
    if outputPath == "-", outputFormat == .pencilKit {
      try context.refuseBinaryOnTerminal(outputPath, what: "a PencilKit drawing")
    }
    let outputURL = URL(fileURLWithPath: outputPath == "-" ? "/dev/stdout" : outputPath)
    let outputName = outputPath == "-" ? "<stdout>" : outputPath
    try context.output.flush()
    do {
      if !input.isCorpus, !outputFormat.holdsCorpus {
        // One drawing: nothing to write when the shard leaves it to another process.
        guard shard.contains(0) else {
          progress.finish(failures: 0)
          return try failures.finish()
        }
        var records = try input.openRecords()
        guard let record = try records.next() else {
          throw CommandFailure(.malformedInput, "\(input.displayName): the file holds no drawing")
        }
        try outputFormat.write(source.prepared(record), to: outputURL)
        progress.advance()
      } else {
        var writer: any CorpusWriter =
          try resume.map { ResumableNDJSONWriter(output: $0.output!) }
          ?? outputFormat.makeCorpusWriter(to: outputURL)
        let records = try ShardedRecords(input, shard: shard)
        try resume?.skipDone(records.next)
        try OrderedParallelMap(jobs: jobs).run(
          next: resume?.reading(records.next) ?? records.next,
          transform: { item in try source.prepared(item.get()) },
          emit: { _, result in
            progress.advance()
            switch result {
            case .success(let record): try writer.write(record)
            case .failure(let refusal as Refusal): throw refusal.failure
            case .failure(let error): failures.log(CommandFailure(error))
            }
            try resume?.emitted()
          })
        if let fatal = records.fatal { throw fatal }
        try writer.finish()
        try resume?.finish()
      }
    } catch var error as InkFormatError where error.file == outputURL.path {
      error.file = outputName
      throw error
    } catch var error as OutputFileError where error.path == outputURL.path {
      error.path = outputName
      throw error
    } catch let refusal as Refusal {
      throw refusal.failure
    }
    progress.finish(failures: failures.count)
    return try failures.finish()
  }

  /// What the records are prepared with: where they come from (for messages) and the content
  /// version limit.
  private struct Source: Sendable {
    var name: String
    var isCorpus: Bool
    var limit: ContentVersionLimit?

    /// The record as it is written: limited to the content version; a drawing that cannot be
    /// limited is a `Refusal`, which ends the command.
    func prepared(_ record: CorpusRecord) throws -> CorpusRecord {
      guard let limit else { return record }
      var limited = record
      do {
        limited.drawing = try limit.apply(to: record.drawing)
      } catch {
        let place = isCorpus ? "record \(record.key): " : ""
        throw Refusal(failure: CommandFailure(error.exitCode, "\(name): \(place)\(error.message)"))
      }
      return limited
    }
  }

  /// A drawing `--max-content-version` cannot make fit: the command stops (exit 65), rather
  /// than reporting the record and carrying on.
  private struct Refusal: Error {
    var failure: CommandFailure
  }

  /// The resumable run of `--resume` (`nil` without it): a corpus into a Ductus NDJSON file,
  /// or into `folder` (made here) for a folder output.
  ///
  /// - Throws: `UsageError` for `--resume` with a single drawing, which is written whole or
  ///   not at all.
  private func resumableRun(
    _ arguments: ParsedArguments, input: InkInput, output: String, format: InkFileFormat,
    folder: URL?, shard: Shard, context: CommandContext
  ) throws -> ResumableRun? {
    if let folder {
      _ = try FolderCorpusWriter(folder: folder, format: format)
      return try ResumableRun.folder(
        folder.path, shard: shard, command: "convert", inputs: [input.path],
        arguments: arguments, context: context)
    }
    if arguments.flag("resume"), !input.isCorpus || format != .ductusNDJSON {
      throw UsageError(
        "'--resume' continues a corpus converted into a Ductus NDJSON file or a folder; "
          + "'\(output)' is written whole or not at all")
    }
    return try ResumableRun.file(
      output, command: "convert", inputs: [input.path], arguments: arguments, context: context)
  }

  /// Writes every record (of the shard) as a file of the folder, `jobs` at a time, named as
  /// `FolderCorpusWriter` names them; a record whose file an earlier record has is reported
  /// (`FolderOutputNames`), and a failure to write ends the command (exit 74).
  private func convert(
    _ input: InkInput, source: Source, into folder: URL, format: InkFileFormat, jobs: Int,
    shard: Shard, failures: RecordFailureLog, resume: ResumableRun?, progress: ProgressReporter
  ) throws {
    let fileExtension = format.fileExtensions[0]
    let names = FolderOutputNames(source: source.name) { key in
      Self.folderEntry(for: key) + "." + fileExtension
    }
    let records = try ShardedRecords(input, shard: shard, claiming: names.claim)
    try resume?.skipDone(records.next)
    try OrderedParallelMap(jobs: jobs).run(
      next: resume?.reading(records.next) ?? records.next,
      transform: { (item: Result<CorpusRecord, any Error>) in
        var writer = try FolderCorpusWriter(folder: folder, format: format)
        try writer.write(source.prepared(item.get()))
      },
      emit: { _, result in
        progress.advance()
        switch result {
        case .success: break
        case .failure(let refusal as Refusal): throw refusal.failure
        case .failure(let error):
          let failure = CommandFailure(error)
          if failure.exitCode == .ioError { throw failure }
          failures.log(failure)
        }
        try resume?.emitted()
      })
    if let fatal = records.fatal { throw fatal }
    try resume?.finish()
  }

  /// The path below a folder output that a key names, without the extension, as
  /// `FolderCorpusWriter` makes it (a `/` makes a subfolder, `.`, `..` and empty parts become
  /// `_`).
  static func folderEntry(for key: String) -> String {
    key.split(separator: "/", omittingEmptySubsequences: false)
      .map { $0.isEmpty || $0 == "." || $0 == ".." ? "_" : String($0) }
      .joined(separator: "/")
  }

  /// Whether an output path names a folder: an existing one, or a name ending in `/`.
  static func namesFolder(_ path: String) -> Bool {
    guard path != "-" else { return false }
    var isFolder: ObjCBool = false
    return path.hasSuffix("/")
      || (FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        && isFolder.boolValue)
  }

  /// The output format: `--to`, or the one the output's extension names; it must be one that
  /// Ductus writes, and `--to` must agree with the extension.
  private static func outputFormat(_ arguments: ParsedArguments, path: String) throws
    -> InkFileFormat
  {
    let fileExtension =
      path == "-" || namesFolder(path) ? "" : URL(fileURLWithPath: path).pathExtension.lowercased()
    let claiming =
      fileExtension.isEmpty
      ? [] : InkFileFormat.allCases.filter { $0.fileExtensions.contains(fileExtension) }
    let format: InkFileFormat
    if let chosen = try arguments.value("to", as: InkFileFormat.self) {
      guard claiming.isEmpty || claiming.contains(chosen) else {
        throw UsageError(
          "'\(path)' names a .\(fileExtension) file (\(claiming.map(\.rawValue).joined(separator: " or "))), "
            + "but '\(arguments.spelledValue("to"))' asks for \(chosen.rawValue); drop one, or make "
            + "them agree")
      }
      guard chosen.isWritable else {
        throw UsageError(
          "\(chosen.rawValue) is read-only: Ductus reads \(chosen.displayName) but does not write "
            + "it; write one of \(InkFileFormat.writableNames) (see 'ductus formats')")
      }
      format = chosen
    } else {
      guard let named = claiming.first(where: \.isWritable) else {
        if let readOnly = claiming.first {
          throw UsageError(
            "'\(path)' names a \(readOnly.rawValue) file (.\(fileExtension)), and \(readOnly.rawValue) "
              + "is read-only; write one of \(InkFileFormat.writableNames) (see 'ductus formats')")
        }
        throw UsageError(
          "cannot tell the output format of '\(path)'; name it with --to (see 'ductus formats')")
      }
      format = named
    }
    return format
  }
}
