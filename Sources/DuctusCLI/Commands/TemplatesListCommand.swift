import Foundation
import InkDistances
import InkRecognition
import InkSampling
import InkTracing
import _DuctusSupport

/// `ductus templates list`: the library's templates with their descriptions, stroke counts and
/// order sources.
struct TemplatesListCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "list", abstract: "List the templates of the library.",
      options: [OutputFormat.option([.text, .json], otherwise: .json), TemplateLibrary.option])
  }

  /// One line of the list.
  struct Entry: Encodable {
    /// The template's name in the library.
    var name: String
    /// Its description for people.
    var description: String
    /// How many strokes it has.
    var strokes: Int
    /// Where its stroke order comes from.
    var orderSource: TracingTemplate.OrderSource
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    let format = try OutputFormat.selected(in: arguments, otherwise: .json, context: context)
    let library = try TemplateLibrary(arguments)
    let entries = try library.entries().map { name, url in
      let template = try TemplateLibrary.template(at: url, displayName: url.path)
      return Entry(
        name: name, description: template.description, strokes: template.strokes.count,
        orderSource: template.orderSource)
    }
    if format == .json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      context.output.write(try encoder.encode(entries) + Data("\n".utf8))
      return .success
    }
    let nameWidth = entries.map(\.name.count).max() ?? 0
    let orderWidth = entries.map(\.orderSource.rawValue.count).max() ?? 0
    for entry in entries {
      let name = entry.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
      let order = entry.orderSource.rawValue.padding(
        toLength: orderWidth, withPad: " ", startingAt: 0)
      let strokes = String(entry.strokes)
      let count = String(repeating: " ", count: max(0, 2 - strokes.count)) + strokes
      context.output.write("\(name)  \(count)  \(order)  \(entry.description)\n")
    }
    return .success
  }
}
