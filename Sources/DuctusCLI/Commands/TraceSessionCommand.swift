import Foundation
import InkTracing
import _DuctusSupport

/// `ductus trace session`: a long-running scorer reading one NDJSON request a line on standard
/// input and answering each on standard output, with templates cached — for apps that cannot
/// afford a process an attempt.
///
/// The session trusts its operator (the command line) and not its requests: every line gets
/// exactly one answer, in order, flushed at once; a request is bounded in bytes, strokes and
/// points (``SessionLimits``); templates are found by library name only
/// (``SessionTemplates``); pictures go only into the folder `--pictures` names and never
/// replace a file (``SessionPictures``); and no answer names a path on the server. See the
/// Session article of the DuctusCLI catalog for the protocol.
struct TraceSessionCommand: Command {
  /// The `--template-folder` option.
  static let templateFolder = OptionDeclaration.value(
    "template-folder", valueName: "folder",
    help: "Find request templates only in this folder, as <name>.json or <name>.pkdrawing "
      + "files; without it, names are looked up in the template library.")
  /// The `--pictures` option.
  static let pictures = OptionDeclaration.value(
    "pictures", valueName: "folder",
    help: "Write the pictures requests ask for into this folder (a request gives a file name); "
      + "without it, a request with \"picture\" is refused.")

  var signature: CommandSignature {
    CommandSignature(
      name: "session",
      abstract: "Score attempts sent as NDJSON requests on standard input, one answer a line.",
      discussion:
        "A request is one JSON object a line: {\"id\": <string, number or null>, \"template\": "
        + "\"latin/a\", \"attempt\": <a Ductus JSON drawing>} or with \"attemptPKDrawing\": "
        + "<base64 of PencilKit's dataRepresentation()>, and optionally \"level\", \"method\", "
        + "\"placement\" (as the options) and \"picture\": <file name in the --pictures "
        + "folder>. Every line gets one answer, in order, flushed at once: {\"id\": …, "
        + "\"report\": {…}} (with \"picture\" or \"pictureError\" when a picture was asked "
        + "for) or {\"error\": \"…\", \"id\": …}; empty, oversized and malformed lines get an "
        + "error answer. Templates are library names, never paths, and are read once. The "
        + "session ends at the end of standard input (exit 0) or on interrupt (130).",
      options: [
        TemplateLibrary.option, Self.templateFolder, TraceOptions.level, TraceOptions.method,
        TraceOptions.placement, TraceOptions.locale, Self.pictures,
      ] + SessionLimits.options)
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    let limits = try SessionLimits(arguments)
    var session = TraceSession(
      templates: SessionTemplates(try Self.templateSource(arguments)),
      scorer: try TraceOptions.scorer(arguments), method: TraceOptions.method(arguments),
      limits: limits, pictures: try arguments.value("pictures").map(SessionPictures.init))
    let reader = SessionLineReader(maximumLineLength: limits.maximumRequestBytes)
    while true {
      let line: SessionLineReader.Line?
      do {
        line = try reader.next()
      } catch {
        throw CommandFailure.io("<stdin>", error)
      }
      guard let line else { break }
      context.output.write(session.answer(line))
      try context.output.flush()
    }
    return .success
  }

  /// Where the command line says templates are: `--template-folder`, else the library.
  static func templateSource(_ arguments: ParsedArguments) throws -> SessionTemplates.Source {
    guard let path = arguments.value(templateFolder.name) else {
      return .library(try TemplateLibrary(arguments))
    }
    guard arguments.value(TemplateLibrary.option.name) == nil else {
      throw UsageError(
        "'\(arguments.spelling(templateFolder.name))' and "
          + "'\(arguments.spelling(TemplateLibrary.option.name))' cannot be used together")
    }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
    else { throw CommandFailure.inputMissing(path, reason: "no such template folder") }
    return .folder(URL(fileURLWithPath: path, isDirectory: true))
  }
}
