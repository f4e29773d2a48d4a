import Foundation
import InkTracing
import _DuctusSupport

/// `ductus templates generate DIR` (hidden): writes the bundled library from its glyph
/// definitions, so that `Datasets/templates` can be made again and checked.
struct TemplatesGenerateCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "generate", abstract: "Write the bundled template library from its definitions.",
      arguments: [ArgumentDeclaration("folder", help: "The folder to write <name>.json files to.")],
      isHidden: true)
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    try context.refuseStandardOutput(forFolder: arguments.argument("folder")!, what: "the library")
    let folder = URL(fileURLWithPath: arguments.argument("folder")!, isDirectory: true)
    for glyph in SchoolPrintModel.glyphs {
      let url = folder.appendingPathComponent(glyph.relativePath)
      do {
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      } catch {
        throw CommandFailure.io(url.deletingLastPathComponent().path, error)
      }
      let data = try TemplateLibrary.encoded(glyph.template())
      try AtomicFile.write(to: url.path) { $0.write(data) }
    }
    return .success
  }
}
