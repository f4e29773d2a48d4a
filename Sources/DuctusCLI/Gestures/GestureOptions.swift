import Foundation
import InkFormats
import InkRecognition
import InkSampling
import OpenPencilKit
import _DuctusSupport

/// The options and inputs shared by the `gestures` commands.
enum GestureOptions {
  static let recognizer = OptionDeclaration.value(
    "recognizer", short: "r", valueName: "name",
    help: "The recognizer: dollar1 ($1), protractor, dollarN ($N), dollarP ($P) or dollarQ ($Q).",
    allowedValues: GestureRecognizerKind.allCases.map(\.rawValue), defaultDescription: "dollarP")
  static let templates = OptionDeclaration.value(
    "templates", short: "t", valueName: "folder|corpus",
    help: "The templates: a folder of drawing files or a corpus, each record labelled (the "
      + "corpus reader's label, such as a Quick, Draw! word or a $1 log's gesture name); may be "
      + "given more than once.",
    isRepeatable: true)
  static let from = CommonOptions.inputFormat(help: "The input format.")

  /// The `--recognizer` a command line asks for, `dollarP` without it.
  static func kind(_ arguments: ParsedArguments) throws -> GestureRecognizerKind {
    guard let name = arguments.value("recognizer") else { return .dollarP }
    guard let kind = GestureRecognizerKind(rawValue: name) else {
      throw UsageError("unknown recognizer '\(name)'")
    }
    return kind
  }

  /// A drawing's strokes as the recognizers read them: the control points of each visible
  /// piece, in drawing coordinates.
  static func strokes(of drawing: PKDrawing) -> [SampleBuffer] {
    StrokeSampler().samples(of: drawing)
  }

  /// Every record of an input, in order; a record that cannot be read ends the command (exit
  /// 65), since a template set or an evaluation corpus with a hole would be another one.
  static func records(
    of path: String, format: InkFileFormat?, limits: InkReadLimits, context: CommandContext
  ) throws -> (input: InkInput, records: [CorpusRecord]) {
    let input = try InkInput(path: path, format: format, limits: limits, context: context)
    var reader = try input.openRecords()
    var records: [CorpusRecord] = []
    do {
      while let record = try reader.next() { records.append(record) }
    } catch {
      throw input.relocated(error)
    }
    return (input, records)
  }

  /// The templates of the `--templates` inputs: each record's strokes under its label.
  ///
  /// - Throws: `UsageError` without `--templates`; `CommandFailure` (exit 65) for a record
  ///   without a label or points, or labelled `none`.
  static func templates(
    _ arguments: ParsedArguments, format: InkFileFormat?, limits: InkReadLimits,
    context: CommandContext
  ) throws -> [GestureTemplate] {
    let paths = arguments.values("templates")
    guard !paths.isEmpty else { throw UsageError("missing option '--templates'") }
    var templates: [GestureTemplate] = []
    for path in paths {
      let (input, records) = try records(
        of: path, format: format, limits: limits, context: context)
      for record in records {
        guard let label = record.label, !label.isEmpty else {
          throw CommandFailure.record(
            .malformedInput, file: input.displayName, record: record.key,
            "the template has no label (the corpus reader's label, such as a Quick, Draw! word)")
        }
        guard label != GestureRecognition.rejectionLabel else {
          throw CommandFailure.record(
            .malformedInput, file: input.displayName, record: record.key,
            "the template is labelled \"none\", the answer for rejected gestures")
        }
        let strokes = Self.strokes(of: record.drawing)
        guard strokes.contains(where: { !$0.isEmpty }) else {
          throw CommandFailure.record(
            .malformedInput, file: input.displayName, record: record.key,
            "the template has no point")
        }
        templates.append(GestureTemplate(label: label, strokes: strokes))
      }
    }
    guard !templates.isEmpty else {
      throw CommandFailure(.malformedInput, "\(paths.joined(separator: ", ")): no template")
    }
    return templates
  }
}
