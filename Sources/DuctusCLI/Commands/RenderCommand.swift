import Foundation
import InkFormats
import InkRender
import OpenPencilKit
import _DuctusSupport

/// `ductus render IN -o OUT.png|pdf|svg`: a picture of a drawing or of one corpus record; or,
/// with a folder as the output, a picture of every record of a corpus, rendered in parallel.
struct RenderCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "render",
      abstract: "Draw a drawing as a PNG, PDF or SVG picture, or a corpus as a folder of them.",
      discussion:
        "The picture format follows the output's extension (or --image-format). The whole "
        + "drawing is framed with a margin at the given scale, or fitted into a thumbnail of a "
        + "fixed size. One record of a corpus is chosen with --record KEY|INDEX; a corpus of "
        + "several records without it is refused (draw them all into a folder).\n\n"
        + "When the output is a folder (an existing one, or a name ending in '/'), every record "
        + "of the corpus becomes <folder>/<key>.<format>, --jobs at a time (--shard picks a "
        + "share of them); records that fail are reported and the command exits with 1. A key "
        + "is made a file name by keeping letters, digits, '.', '-' and '_' and writing '_' for "
        + "anything else; a record whose file name an earlier record has (a repeated key, or "
        + "'a/b' after 'a_b') is reported and not written, in every shard alike. With "
        + "--resume, a run into a folder that was killed (even by SIGKILL) and is started again "
        + "with the same arguments skips the records its journal, <folder>/.ductus-resume, "
        + "counts as done and draws the rest, with the same pictures and --errors lines as an "
        + "uninterrupted run.\n\n"
        + "'-o -' writes the picture to standard output (PNG unless --image-format says "
        + "otherwise).\n\n"
        + "A paper (a file ending in .paper.json, as 'ductus shapes detect --beautify' writes) is "
        + "drawn with its PaperKit shapes, text boxes, images and ink, framed as a drawing is.",
      options: [
        .value("output", short: "o", valueName: "file", help: "The picture or folder to write."),
        .value(
          "scale", valueName: "factor", help: "Pixels (or points) a drawing unit.",
          defaultDescription: "1"),
        .value(
          "background", valueName: "color",
          help: "The background: #RRGGBB, #RRGGBBAA, or a name such as white or clear.",
          defaultDescription: "clear"),
        .value(
          "thumbnail", valueName: "WxH",
          help: "Fit the drawing into a picture of exactly W × H pixels, keeping its aspect."),
        .value(
          "margin", valueName: "pixels", help: "Space around the drawing.",
          defaultDescription: "4"),
        RecordSelection.option,
        .value(
          "image-format", valueName: "format", help: "The picture format.",
          allowedValues: RenderFormat.allCases.map(\.rawValue),
          defaultDescription: "from the extension; png for a folder"),
        CommonOptions.inputFormat(help: "The input format."),
        CommonOptions.jobs(
          help: "How many pictures to draw at once when the output is a folder."),
        CommonOptions.shard, CommonOptions.errors, CommonOptions.quiet, ResumableRun.option,
      ] + ReadLimitOptions.all,
      arguments: [
        ArgumentDeclaration("in", help: "The drawing or corpus file; '-' reads standard input.")
      ])
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    guard let outputPath = arguments.value("output") else {
      throw UsageError("missing option '-o/--output'")
    }
    var isFolder: ObjCBool = false
    let toFolder =
      outputPath != "-"
      && (outputPath.hasSuffix("/")
        || (FileManager.default.fileExists(atPath: outputPath, isDirectory: &isFolder)
          && isFolder.boolValue))
    let pictureFormat = try Self.pictureFormat(arguments, output: outputPath, toFolder: toFolder)
    let jobs = try CommonOptions.jobCount(in: arguments)
    let shard = try CommonOptions.shard(in: arguments)
    if arguments.isGiven("thumbnail"), arguments.isGiven("scale") {
      throw UsageError(
        "'\(arguments.spelledValue("thumbnail"))' sets the picture's size, so "
          + "'\(arguments.spelledValue("scale"))' cannot also set it; give one of them")
    }
    if toFolder, arguments.isGiven("record") {
      throw UsageError(
        "'\(arguments.spelledValue("record"))' draws one record, but '\(outputPath)' is a folder; "
          + "name the picture (-o \(Self.fileName(for: arguments.value("record")!)).png), or "
          + "leave out --record to draw every record")
    }
    if !toFolder, arguments.isGiven("shard") {
      throw UsageError(
        "'\(arguments.spelledValue("shard"))' shares out the records of a corpus drawn into a "
          + "folder; '\(outputPath)' is one picture (end a folder's name with '/')")
    }
    let renderer = DrawingRenderer(options: try Self.options(arguments))
    let framing =
      try arguments.value("thumbnail", as: PixelSize.self).map {
        RenderFraming.thumbnail(width: $0.width, height: $0.height)
      } ?? .drawingBounds
    let inputPath = arguments.argument("in")!
    if inputPath.lowercased().hasSuffix(".paper.json"), !toFolder {
      return try renderPaper(
        inputPath, to: outputPath, renderer: renderer,
        framing: framing, format: pictureFormat,
        context: context)
    }
    let input = try InkInput(
      path: inputPath, format: arguments.value("from", as: InkFileFormat.self),
      limits: try ReadLimitOptions.limits(arguments), context: context)
    let key = arguments.value("record")
    if !toFolder, arguments.flag("resume") {
      throw UsageError(
        "'--resume' continues a corpus drawn into a folder; '\(outputPath)' is one picture, "
          + "drawn whole or not at all")
    }
    if toFolder, key == nil {
      return try renderAll(
        input, into: outputPath, renderer: renderer, framing: framing, format: pictureFormat,
        jobs: jobs, shard: shard, arguments: arguments, context: context)
    }
    try context.refuseBinaryOnTerminal(outputPath, what: "a picture")
    try context.refuseOverwriting(inputs: [input.path], outputs: [outputPath])
    try context.checkOutputFolder(of: outputPath)
    let drawing = try RecordSelection(arguments, batchCommand: "ductus render CORPUS -o folder/")
      .record(in: input).drawing
    let picture: Data
    do {
      picture = try renderer.render(drawing, framing: framing, as: pictureFormat)
    } catch let error as RenderError {
      throw Self.failure(error, file: input.displayName)
    }
    try context.writeOutput(to: outputPath) { $0.write(picture) }
    return .success
  }

  /// A picture of a paper (`.paper.json`, the `PaperMarkup` that `ductus shapes detect
  /// --beautify` writes): its shapes, text boxes, images and ink, framed as a drawing is (its
  /// contents with the margin, or fitted into a thumbnail).
  private func renderPaper(
    _ path: String, to outputPath: String, renderer: DrawingRenderer, framing: RenderFraming,
    format: RenderFormat, context: CommandContext
  ) throws -> ExitCode {
    try context.refuseBinaryOnTerminal(outputPath, what: "a picture")
    try context.refuseOverwriting(inputs: [path], outputs: [outputPath])
    try context.checkOutputFolder(of: outputPath)
    let data = try context.readInput(path)
    let name = path == "-" ? "<stdin>" : path
    let picture: Data
    do {
      picture = try renderer.render(paperData: data, framing: framing, as: format)
    } catch let error as RenderError {
      throw Self.failure(error, file: name)
    } catch {
      // The paper's reader names the place in the JSON and the problem.
      throw CommandFailure(.malformedInput, "\(name): \(error)")
    }
    try context.writeOutput(to: outputPath) { $0.write(picture) }
    return .success
  }

  /// The rendering settings of the command line.
  private static func options(_ arguments: ParsedArguments) throws -> RenderOptions {
    var options = RenderOptions()
    if let scale = try arguments.value("scale", as: Double.self) {
      guard scale > 0 else {
        throw UsageError("invalid value '\(scale)' for '--scale': expected a positive number")
      }
      options.scale = CGFloat(scale)
    }
    options.background = try arguments.value("background", as: PKColor.self) ?? .clear
    if let margin = try arguments.value("margin", as: Int.self) {
      guard margin >= 0 else {
        throw UsageError("invalid value '\(margin)' for '--margin': expected 0 or more")
      }
      options.margin = margin
    }
    return options
  }

  /// Renders every record (of the shard) into `<folder>/<key>.<format>`, `--jobs` at a time.
  private func renderAll(
    _ input: InkInput, into folderPath: String, renderer: DrawingRenderer,
    framing: RenderFraming, format: RenderFormat, jobs: Int, shard: Shard,
    arguments: ParsedArguments, context: CommandContext
  ) throws -> ExitCode {
    try context.checkOutputFolder(of: URL(fileURLWithPath: folderPath).path)
    let folder = URL(fileURLWithPath: folderPath, isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw CommandFailure.io(folderPath, error)
    }
    let resume = try ResumableRun.folder(
      folderPath, shard: shard, command: "render", inputs: [input.path], arguments: arguments,
      context: context)
    let failures =
      try resume?.failures
      ?? RecordFailureLog(path: arguments.value("errors"), context: context)
    let progress = ProgressReporter(
      label: "render", total: input.isCorpus ? nil : (shard.contains(0) ? 1 : 0), context: context,
      quiet: arguments.flag("quiet"))
    defer { progress.finish() }
    let source = input.displayName
    let names = FolderOutputNames(source: source) { key in
      Self.fileName(for: key) + "." + format.pathExtension
    }
    let records = try ShardedRecords(input, shard: shard, claiming: names.claim)
    try resume?.skipDone(records.next)
    try OrderedParallelMap(jobs: jobs).run(
      next: resume?.reading(records.next) ?? records.next,
      transform: { item in
        let record = try item.get()
        let picture: Data
        do {
          picture = try renderer.render(record.drawing, framing: framing, as: format)
        } catch let error as RenderError {
          throw Self.failure(error, file: source, record: record.key)
        }
        let name = Self.fileName(for: record.key) + "." + format.pathExtension
        try AtomicFile.write(to: folder.appendingPathComponent(name).path) { $0.write(picture) }
      },
      emit: { _, result in
        progress.advance()
        if case .failure(let error) = result {
          // A full disk or a folder that went away fails every record after it: stop (74).
          let failure = CommandFailure(error)
          if failure.exitCode == .ioError { throw failure }
          failures.log(failure)
        }
        try resume?.emitted()
      })
    if let fatal = records.fatal { throw fatal }
    try resume?.finish()
    progress.finish(failures: failures.count)
    return try failures.finish()
  }

  /// The picture format: `--image-format`, which must agree with the output's extension, or
  /// the one the extension names (PNG for a folder).
  private static func pictureFormat(
    _ arguments: ParsedArguments, output: String, toFolder: Bool
  ) throws(UsageError) -> RenderFormat {
    let fileExtension = URL(fileURLWithPath: output).pathExtension
    let named = toFolder ? nil : RenderFormat(pathExtension: fileExtension)
    if let chosen = arguments.value("image-format").flatMap(RenderFormat.init(rawValue:)) {
      if let named, named != chosen {
        throw UsageError(
          "'\(arguments.spelledValue("output"))' names a .\(fileExtension) picture, but "
            + "'\(arguments.spelledValue("image-format"))' asks for \(chosen.rawValue); drop one, "
            + "or make them agree")
      }
      return chosen
    }
    if toFolder || output == "-" { return .png }
    guard let named else {
      throw UsageError(
        "cannot tell the picture format of '\(output)'; use a .png, .pdf or .svg name "
          + "or --image-format")
    }
    return named
  }

  /// A file name for a record key: letters, digits, `.`, `-` and `_` kept, anything else `_`.
  static func fileName(for key: String) -> String {
    let kept = String(
      key.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "_" })
    return kept.isEmpty || kept.allSatisfy({ $0 == "." }) ? "record" : kept
  }

  /// The exit code of a rendering failure: the options' fault (2), the data's (65) or Cairo's
  /// (74); `file` (and `record`, for a record of a corpus) name where the drawing came from.
  private static func failure(_ error: RenderError, file: String, record: String? = nil)
    -> CommandFailure
  {
    func located(_ code: ExitCode, _ reason: String) -> CommandFailure {
      guard let record else { return CommandFailure(code, "\(file): \(reason)") }
      return CommandFailure.record(code, file: file, record: record, reason)
    }
    switch error {
    case .emptyDrawing, .invalidPNG, .invalidRegion:
      return located(.malformedInput, "\(error)")
    case .imageTooLarge:
      return located(.usage, "\(error); draw it smaller (--scale or --thumbnail WxH)")
    case .invalidScale, .invalidSize, .unknownFormat:
      return CommandFailure(.usage, error.description)
    case .cairo:
      return CommandFailure(.ioError, error.description)
    case .fileWrite(let path, let reason):
      return CommandFailure(.ioError, "\(path): \(reason)")
    }
  }
}
