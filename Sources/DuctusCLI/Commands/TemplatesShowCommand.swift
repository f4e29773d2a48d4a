import Foundation
import InkFormats
import InkTracing
import _DuctusSupport

/// `ductus templates show NAME`: a template as `ductus-template` JSON or as InkML.
struct TemplatesShowCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "show", abstract: "Print a template as JSON or InkML.",
      discussion:
        "JSON is the library's own `ductus-template` format (as stored, keys sorted); InkML is "
        + "the template's strokes as traces, one point every stroke sample.",
      options: [
        .value(
          "format", valueName: "format", help: "The output format: json, inkml.",
          allowedValues: ["json", "inkml"], defaultDescription: "json"),
        TemplateLibrary.option,
      ],
      arguments: [ArgumentDeclaration("name", help: "The template's name or file.")])
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    let template = try TemplateLibrary(arguments).template(named: arguments.argument("name")!)
    if arguments.value("format") == "inkml" {
      let record = CorpusRecord(
        key: template.name, label: template.name,
        metadata: [
          "description": template.description, "orderSource": template.orderSource.rawValue,
        ],
        drawing: template.drawing())
      context.output.write(InkMLWriter().data(for: record))
    } else {
      context.output.write(try TemplateLibrary.encoded(template))
    }
    return .success
  }
}
