import Foundation
import InkFormats
import InkShapes
import _DuctusSupport

/// `ductus describe FILE`: a short accessible text of what a drawing holds, for screen readers.
struct DescribeCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "describe",
      abstract: "Describe a drawing in a sentence, for screen readers.",
      discussion:
        "The drawing's strokes are counted and grouped as 'ductus shapes detect' groups them; "
        + "each shape is named with its size in the drawing's points and where it lies (a third "
        + "of the drawing, or beside the one before), and ink that is not a shape is called "
        + "writing: \"3 strokes: a circle about 40 points across, top left; an arrow pointing "
        + "right, below it; writing, bottom right.\" --format json prints {\"text\", "
        + "\"shapes\"}.",
      options: [
        RecordSelection.option,
        ShapesDetectCommand.minimumConfidence,
        OutputFormat.option([.text, .json], otherwise: .text),
        CommonOptions.inputFormat(help: "The input's format."),
      ] + ReadLimitOptions.all,
      arguments: [ArgumentDeclaration("input", help: "A drawing; '-' reads standard input.")])
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    let recognizer = try ShapesDetectCommand.recognizer(arguments)
    guard let path = arguments.argument("input") else { throw UsageError("missing input") }
    try context.checkInputExists(path)
    let input = try InkInput(
      path: path, format: try arguments.value("from", as: InkFileFormat.self),
      limits: try ReadLimitOptions.limits(arguments), context: context)
    let format = try OutputFormat.selected(in: arguments, otherwise: .text, context: context)
    let record = try RecordSelection(arguments, batchCommand: "ductus shapes detect --format text")
      .record(in: input)
    let shapes = recognizer.shapes(in: record.drawing)
    let text = DrawingDescription(record.drawing, shapes: shapes).text
    if format == .json {
      struct Description: Encodable {
        var text: String
        var shapes: [DetectedShape]
      }
      context.output.write(
        try SortedJSONEncoder().encode(Description(text: text, shapes: shapes.map { $0.rounded() }))
          + Data("\n".utf8))
    } else {
      context.output.write(text + "\n")
    }
    return .success
  }
}
