import _DuctusSupport
import Foundation
import InkFormats
import InkRender
import OpenPencilKit

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
        + "fixed size. For a corpus, the first record is drawn unless --record names another.\n\n"
        + "When the output is a folder (an existing one, or a name ending in '/'), every record "
        + "of the corpus becomes <folder>/<key>.<format>, --jobs at a time; records that fail "
        + "are reported and the command exits with 1.",
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
        .value("record", valueName: "key", help: "The key of the corpus record to draw."),
        .value(
          "image-format", valueName: "format", help: "The picture format.",
          allowedValues: RenderFormat.allCases.map(\.rawValue),
          defaultDescription: "from the extension; png for a folder"),
        .value(
          "from", valueName: "format", help: "The input format.",
          defaultDescription: "from the extension and content"),
        CommonOptions.jobs, CommonOptions.shard, CommonOptions.errors, CommonOptions.quiet,
      ],
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
      outputPath.hasSuffix("/")
      || (FileManager.default.fileExists(atPath: outputPath, isDirectory: &isFolder)
        && isFolder.boolValue)
    let chosenFormat = arguments.value("image-format").flatMap(RenderFormat.init(rawValue:))
    let pictureFormat =
      chosenFormat
      ?? (toFolder
        ? .png : RenderFormat(pathExtension: URL(fileURLWithPath: outputPath).pathExtension))
    guard let pictureFormat else {
      throw UsageError(
        "cannot tell the picture format of '\(outputPath)'; use a .png, .pdf or .svg name "
          + "or --image-format")
    }
    let renderer = DrawingRenderer(options: try Self.options(arguments))
    let framing =
      try arguments.value("thumbnail", as: PixelSize.self).map {
        RenderFraming.thumbnail(width: $0.width, height: $0.height)
      } ?? .drawingBounds
    let input = try InkInput(
      path: arguments.argument("in")!, format: arguments.value("from", as: InkFileFormat.self),
      context: context)
    let key = arguments.value("record")
    if toFolder, key == nil {
      return try renderAll(
        input, into: outputPath, renderer: renderer, framing: framing, format: pictureFormat,
        arguments: arguments, context: context)
    }
    try context.checkOutputFolder(of: outputPath)
    let drawing = try Self.drawing(in: input, key: key)
    let picture: Data
    do {
      picture = try renderer.render(drawing, framing: framing, as: pictureFormat)
    } catch let error as RenderError {
      throw Self.failure(error, place: input.displayName)
    }
    try AtomicFile.write(to: outputPath) { $0.write(picture) }
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
    framing: RenderFraming, format: RenderFormat, arguments: ParsedArguments,
    context: CommandContext
  ) throws -> ExitCode {
    let jobs = try CommonOptions.jobCount(in: arguments)
    let shard = try CommonOptions.shard(in: arguments)
    try context.checkOutputFolder(of: URL(fileURLWithPath: folderPath).path)
    let folder = URL(fileURLWithPath: folderPath, isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw CommandFailure.io(folderPath, error)
    }
    let failures = try RecordFailureLog(path: arguments.value("errors"), context: context)
    let progress = ProgressReporter(
      label: "render", total: nil, context: context, quiet: arguments.flag("quiet"))
    defer { progress.finish() }
    let records = try ShardedRecords(input, shard: shard)
    let source = input.displayName

    try OrderedParallelMap(jobs: jobs).run(
      next: records.next,
      transform: { item in
        let record = try item.get()
        let picture: Data
        do {
          picture = try renderer.render(record.drawing, framing: framing, as: format)
        } catch let error as RenderError {
          throw Self.failure(error, place: "\(source): record \(record.key)")
        }
        let name = Self.fileName(for: record.key) + "." + format.pathExtension
        try AtomicFile.write(to: folder.appendingPathComponent(name).path) { $0.write(picture) }
      },
      emit: { _, result in
        if case .failure(let error) = result { failures.log(CommandFailure(error)) }
        progress.advance()
      })
    if let fatal = records.fatal { throw fatal }
    return try failures.finish()
  }

  /// A file name for a record key: letters, digits, `.`, `-` and `_` kept, anything else `_`.
  static func fileName(for key: String) -> String {
    let kept = String(
      key.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "_" })
    return kept.isEmpty || kept.allSatisfy({ $0 == "." }) ? "record" : kept
  }

  /// The drawing to draw: the record with the key, or the first one.
  private static func drawing(in input: InkInput, key: String?) throws -> PKDrawing {
    var records = try input.openRecords()
    while let record = try records.next() {
      if key == nil || record.key == key { return record.drawing }
    }
    if let key {
      throw CommandFailure.inputMissing(input.displayName, reason: "no record with key '\(key)'")
    }
    throw CommandFailure(.malformedInput, "\(input.displayName): the file holds no drawing")
  }

  /// The exit code of a rendering failure: the options' fault (2), the data's (65) or Cairo's
  /// (74); `place` names the file (and record).
  private static func failure(_ error: RenderError, place: String) -> CommandFailure {
    switch error {
    case .emptyDrawing, .invalidPNG, .invalidRegion:
      CommandFailure(.malformedInput, "\(place): \(error)")
    case .invalidScale, .invalidSize, .imageTooLarge, .unknownFormat:
      CommandFailure(.usage, error.description)
    case .cairo:
      CommandFailure(.ioError, error.description)
    }
  }
}
