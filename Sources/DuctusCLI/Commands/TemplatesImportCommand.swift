import Foundation
import InkDistances
import InkFormats
import InkRecognition
import InkSampling
import InkTracing
import _DuctusSupport

/// `ductus templates import FILE… -o DIR`: templates from KanjiVG stroke-order files and
/// Hershey font glyphs.
struct TemplatesImportCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "import", abstract: "Make templates from KanjiVG SVG files or Hershey fonts.",
      discussion:
        "A KanjiVG file (.svg) becomes kanjivg/<file name>: KanjiVG's stroke order and "
        + "direction, order source kanjiVG, in its 109 x 109 box. A Hershey font (.jhf) gives "
        + "hershey/<font>/<index> for each glyph with strokes (or the one --glyph picks): the "
        + "order and direction Hershey drew, which is not a taught one, so the order source "
        + "is asDrawn and order errors are not reported. Each template is written to "
        + "<folder>/<name>.json and its name printed.",
      options: [
        .value("output", short: "o", valueName: "folder", help: "The template folder to write to."),
        .value(
          "glyph", valueName: "n",
          help:
            "The Hershey glyph to import: its index in the font (0 is the space) or a character.",
          defaultDescription: "every glyph"),
      ],
      arguments: [
        ArgumentDeclaration("files", arity: .oneOrMore, help: "KanjiVG .svg or Hershey .jhf files.")
      ])
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    guard let outputPath = arguments.value("output") else {
      throw UsageError("missing option '-o/--output'")
    }
    try context.refuseStandardOutput(forFolder: outputPath, what: "a template library")
    let files = arguments.arguments("files")
    let folder = URL(fileURLWithPath: outputPath, isDirectory: true)
    var templates: [TracingTemplate] = []
    for path in files {
      try context.checkInputExists(path)
      let url = URL(fileURLWithPath: path)
      switch url.pathExtension.lowercased() {
      case "svg":
        templates.append(try Self.kanjiVGTemplate(url, displayName: path))
      case "jhf":
        templates += try Self.hersheyTemplates(
          url, displayName: path, glyph: arguments.value("glyph"))
      default:
        throw UsageError("cannot import '\(path)': expected a KanjiVG .svg or a Hershey .jhf file")
      }
    }
    for template in templates {
      let url = folder.appendingPathComponent(template.name + ".json")
      do {
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      } catch {
        throw CommandFailure.io(url.deletingLastPathComponent().path, error)
      }
      let data = try TemplateLibrary.encoded(template)
      try AtomicFile.write(to: url.path) { $0.write(data) }
      context.output.write(template.name + "\n")
    }
    return .success
  }

  /// A KanjiVG character as a template in KanjiVG's 109-unit box.
  static func kanjiVGTemplate(_ url: URL, displayName: String) throws -> TracingTemplate {
    let data = try Data(contentsOf: url)
    let record = try KanjiVGReader.record(from: data, name: displayName)
    return TracingTemplate.kanjiVG(
      stem: url.deletingPathExtension().lastPathComponent, drawing: record.drawing,
      character: record.label, codePoint: record.metadata["codePoint"])
  }

  /// The glyphs of a Hershey font (those with strokes), or the one `glyph` names, each in a
  /// square box around the glyph's centre at least 32 units (a Roman font's body) on a side.
  static func hersheyTemplates(_ url: URL, displayName: String, glyph: String?) throws
    -> [TracingTemplate]
  {
    let font = url.deletingPathExtension().lastPathComponent
    let records = try HersheyFontReader.records(
      from: try Data(contentsOf: url), name: displayName)
    var chosen = Array(records.enumerated())
    if let glyph {
      if let index = Int(glyph) {
        guard records.indices.contains(index) else {
          throw UsageError(
            "invalid value '\(glyph)' for '--glyph': \(displayName) has glyphs 0 to \(records.count - 1)"
          )
        }
        chosen = [(index, records[index])]
      } else {
        chosen = chosen.filter { $0.element.label == glyph }
        guard !chosen.isEmpty else {
          throw UsageError(
            "invalid value '\(glyph)' for '--glyph': no such glyph in \(displayName)")
        }
      }
    }
    return chosen.compactMap { index, record in
      TracingTemplate.hersheyGlyph(
        font: font, index: index, drawing: record.drawing, character: record.label)
    }
  }
}
