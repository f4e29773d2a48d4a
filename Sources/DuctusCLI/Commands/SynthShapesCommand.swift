import Foundation
import InkFormats
import InkShapes
import _DuctusSupport

/// `ductus synth shapes`: synthetic shapes of every kind drawn as a hand would, each with its
/// exact ground truth, as a labelled Ductus NDJSON corpus.
struct SynthShapesCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "shapes",
      abstract:
        "Write synthetic hand-drawn shapes with their ground truth as a Ductus NDJSON corpus.",
      discussion:
        "Each shape is drawn as a person would: lognormal speed pulses from corner to corner "
        + "sampled at 240 Hz, a smooth wander, overshoot at corners, slightly open closures, any "
        + "rotation and size, in one to four strokes (a rectangle side by side, an arrow's head "
        + "as its own stroke, a six-pointed star as two triangles). Record i is of the i-th kind "
        + "of --kinds in turn and depends only on the seed and i. Its key is <kind>#<i>, its "
        + "label the kind, and its metadata holds the seed, the index, the number of strokes "
        + "and, under \"shape\", the ground truth: the JSON of a detected shape (kind, subkind, "
        + "parameters, strokes, hot points, the fit of the ink and the PaperKit record). Kinds: "
        + ShapeSynthesizer.kinds.map(\.rawValue).joined(separator: ", ") + ".",
      options: [
        .value(
          "count", short: "n", valueName: "N", help: "How many shapes.",
          defaultDescription: "one of each kind"),
        .value("seed", valueName: "S", help: "The random seed.", defaultDescription: "1"),
        .value(
          "kinds", valueName: "list", help: "The kinds to draw, separated by commas.",
          defaultDescription: "all"),
        .value(
          "strokes", valueName: "range",
          help: "How many strokes, e.g. 1-4 or 2; a kind that cannot be drawn so takes its "
            + "nearest count.",
          defaultDescription: "1-4"),
        .value("output", short: "o", valueName: "file", help: "Write the corpus here."),
      ])
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    let kinds = try Self.kinds(arguments)
    let count = try arguments.value("count", as: Int.self) ?? kinds.count
    guard count >= 0 else {
      throw UsageError(
        "invalid value '\(count)' for '\(arguments.spelling("count"))': expected 0 or more")
    }
    let seed = try arguments.value("seed", as: Int.self) ?? 1
    let strokes = try Self.strokes(arguments)
    let synthesizer = ShapeSynthesizer(seed: UInt64(bitPattern: Int64(seed)))
    let writer = DuctusJSONWriter(breaksLinesBetweenStrokes: false)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    try context.writeOutput(to: arguments.value("output") ?? "-") { sink in
      for i in 0..<count {
        let kind = kinds[i % kinds.count]
        let specimen = synthesizer.specimen(kind: kind, index: i, strokes: strokes)
        let truth = String(decoding: try encoder.encode(specimen.truth), as: UTF8.self)
        let metadata = [
          "shape": truth, "seed": "\(seed)", "index": "\(i)",
          "strokes": "\(specimen.drawing.strokes.count)",
        ]
        let record = CorpusRecord(
          key: "\(kind.rawValue)#\(i)", label: kind.rawValue, metadata: metadata,
          drawing: specimen.drawing)
        sink.write(Data(DuctusNDJSONWriter.line(for: record, drawingWriter: writer)))
      }
    }
    return .success
  }

  /// The kinds `--kinds` names, in its order (all the synthesizer draws when absent).
  static func kinds(_ arguments: ParsedArguments) throws(UsageError) -> [ShapeKind] {
    guard let list = arguments.value("kinds") else { return ShapeSynthesizer.kinds }
    let names = ShapeSynthesizer.kinds.map(\.rawValue)
    var kinds: [ShapeKind] = []
    for word in list.split(separator: ",", omittingEmptySubsequences: false) {
      let name = word.trimmingCharacters(in: .whitespaces)
      guard let kind = ShapeKind(rawValue: name), kind != .none else {
        let hint = TypoSuggestion.closest(to: name, among: names).map { "; did you mean '\($0)'?" }
        throw UsageError(
          "invalid value '\(name)' for '--kinds': not a kind of shape the synthesizer draws"
            + (hint ?? " (see 'ductus help synth shapes')"))
      }
      if !kinds.contains(kind) { kinds.append(kind) }
    }
    return kinds
  }

  /// The range `--strokes` names: `A-B` or `A`, within 1…4.
  static func strokes(_ arguments: ParsedArguments) throws(UsageError) -> ClosedRange<Int> {
    guard let text = arguments.value("strokes") else { return 1...4 }
    let ends = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
    guard (1...2).contains(ends.count), let low = ends[0], let high = ends[ends.count - 1],
      1 <= low, low <= high, high <= 4
    else {
      throw UsageError(
        "invalid value '\(text)' for '--strokes': expected a count or a range within 1-4, "
          + "such as 2 or 1-3")
    }
    return low...high
  }
}
