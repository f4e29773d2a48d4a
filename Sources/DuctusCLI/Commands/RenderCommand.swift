import Foundation
import InkFormats
import InkRender
import OpenPencilKit

/// `ductus render IN -o OUT.png|pdf|svg`: a picture of a drawing (or of one corpus record).
struct RenderCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "render",
      abstract: "Draw a drawing as a PNG, PDF or SVG picture.",
      discussion:
        "The picture format follows the output's extension. The whole drawing is framed with "
        + "a margin at the given scale, or fitted into a thumbnail of a fixed size. For a "
        + "corpus, the first record is drawn unless --record names another.",
      options: [
        .value("output", short: "o", valueName: "file", help: "The picture to write."),
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
          "from", valueName: "format", help: "The input format.",
          defaultDescription: "from the extension and content"),
      ],
      arguments: [
        ArgumentDeclaration("in", help: "The drawing or corpus file; '-' reads standard input.")
      ])
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    guard let outputPath = arguments.value("output") else {
      throw UsageError("missing option '-o/--output'")
    }
    guard
      let pictureFormat = RenderFormat(
        pathExtension: URL(fileURLWithPath: outputPath).pathExtension)
    else {
      throw UsageError(
        "cannot tell the picture format of '\(outputPath)'; use a .png, .pdf or .svg name")
    }
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
    let framing = try arguments.value("thumbnail", as: PixelSize.self).map {
      RenderFraming.thumbnail(width: $0.width, height: $0.height)
    }
    let input = try InkInput(
      path: arguments.argument("in")!, format: arguments.value("from", as: InkFileFormat.self),
      context: context)
    let drawing = try Self.drawing(in: input, key: arguments.value("record"))
    let picture: Data
    do {
      picture = try DrawingRenderer(options: options).render(
        drawing, framing: framing ?? .drawingBounds, as: pictureFormat)
    } catch let error as RenderError {
      throw Self.failure(error, input: input)
    }
    try AtomicFile.write(to: outputPath) { $0.write(picture) }
    return .success
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
  /// (74).
  private static func failure(_ error: RenderError, input: InkInput) -> CommandFailure {
    switch error {
    case .emptyDrawing, .invalidPNG, .invalidRegion:
      CommandFailure(.malformedInput, "\(input.displayName): \(error)")
    case .invalidScale, .invalidSize, .imageTooLarge, .unknownFormat:
      CommandFailure(.usage, error.description)
    case .cairo, .fileWrite:
      CommandFailure(.ioError, error.description)
    }
  }
}
