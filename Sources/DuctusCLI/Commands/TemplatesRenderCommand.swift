import Foundation
import InkFigures
import InkRender
import InkTracing
import _DuctusSupport

/// `ductus templates render NAME -o OUT.png|svg|pdf`: a worksheet picture of a template.
struct TemplatesRenderCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "render", abstract: "Draw a template with numbered start dots and direction arrows.",
      discussion:
        "The strokes are drawn in grey on the template's guide lines (baseline red, mean line "
        + "dashed), with a numbered green dot where each stroke starts and blue arrows "
        + "pointing the way it goes. The picture format follows the output's extension; '-o -' "
        + "writes a PNG to standard output.",
      options: [
        .value("output", short: "o", valueName: "file", help: "The picture to write."),
        .value(
          "size", valueName: "pixels", help: "The picture's side in pixels.",
          defaultDescription: "512"),
        TemplateLibrary.option,
      ],
      arguments: [ArgumentDeclaration("name", help: "The template's name or file.")])
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    guard let outputPath = arguments.value("output") else {
      throw UsageError("missing option '-o/--output'")
    }
    guard
      let format = outputPath == "-"
        ? .png : RenderFormat(pathExtension: URL(fileURLWithPath: outputPath).pathExtension)
    else {
      throw UsageError(
        "cannot tell the picture format of '\(outputPath)'; use a .png, .pdf or .svg name")
    }
    let size = try arguments.value("size", as: Int.self) ?? 512
    guard (16...8192).contains(size) else {
      throw UsageError("invalid value '\(size)' for '--size': expected 16 to 8192 pixels")
    }
    let template = try TemplateLibrary(arguments).template(named: arguments.argument("name")!)
    try context.refuseBinaryOnTerminal(outputPath, what: "a picture")
    try context.checkOutputFolder(of: outputPath)
    let picture: Data
    do {
      picture = try TemplatePicture(template: template).render(size: size, format: format)
    } catch let error as RenderError {
      throw CommandFailure(.malformedInput, "\(template.name): \(error)")
    }
    try context.writeOutput(to: outputPath) { $0.write(picture) }
    return .success
  }
}
