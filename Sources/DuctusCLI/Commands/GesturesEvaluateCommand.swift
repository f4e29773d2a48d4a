import Foundation
import InkFormats
import InkRecognition
import _DuctusSupport

/// `ductus gestures evaluate CORPUS --recognizer … --protocol … --templates-per-class N`: a
/// recognizer's accuracy on a labelled corpus under the papers' protocols.
struct GesturesEvaluateCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "evaluate",
      abstract: "Measure a recognizer's accuracy on a labelled corpus, as the papers did.",
      discussion:
        "Each record is a gesture of its label, drawn by the writer its metadata names "
        + "(--writer: one or more metadata fields joined, 'subject' by default, as the $1 logs' "
        + "reader gives it; 'subject,speed' makes each speed its own set, as the $1 paper did). "
        + "user-dependent (the $1 paper's protocol): for each writer and trial, N random "
        + "templates of each class and one other random gesture of each class as the candidate, "
        + "all that writer's. user-independent (the $P paper's): for each writer and trial, one "
        + "random gesture of each class of that writer against N random templates of each class "
        + "from the other writers. Answers are top-1 labels, without rejection. json prints the "
        + "accuracy, the accuracy of each class, the confusion of true label against answer and "
        + "the 1st, 5th and 50th percentiles of right answers' scores (to choose --min-score "
        + "for 'gestures recognize'); text a summary. The draws are seeded (--seed), so a run "
        + "gives the same figures on any machine.",
      options: [
        GestureOptions.recognizer,
        .value(
          "protocol", valueName: "name", help: "How templates and candidates are drawn.",
          allowedValues: GestureEvaluationProtocol.allCases.map(\.rawValue),
          defaultDescription: "user-dependent"),
        .value(
          "templates-per-class", short: "n", valueName: "N", help: "Templates of each class.",
          defaultDescription: "1"),
        .value("trials", valueName: "T", help: "Trials a writer.", defaultDescription: "100"),
        .value("seed", valueName: "S", help: "The random seed.", defaultDescription: "1"),
        .value(
          "writer", valueName: "fields",
          help: "The metadata fields, comma-separated, that tell who drew a record.",
          defaultDescription: "subject"),
        OutputFormat.option([.text, .json], otherwise: .json),
        GestureOptions.from,
      ] + ReadLimitOptions.all,
      arguments: [ArgumentDeclaration("corpus", help: "The labelled gestures.")])
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    let kind = try GestureOptions.kind(arguments)
    let protocolName = arguments.value("protocol") ?? "user-dependent"
    guard let evaluationProtocol = GestureEvaluationProtocol(rawValue: protocolName) else {
      throw UsageError("unknown protocol '\(protocolName)'")
    }
    let perClass = try arguments.value("templates-per-class", as: Int.self) ?? 1
    let trials = try arguments.value("trials", as: Int.self) ?? 100
    guard perClass > 0, trials > 0 else {
      throw UsageError("--templates-per-class and --trials must be at least 1")
    }
    let seed = try arguments.value("seed", as: Int.self) ?? 1
    let fields = (arguments.value("writer") ?? "subject").split(separator: ",").map(String.init)
    let format = try OutputFormat.selected(in: arguments, otherwise: .json, context: context)
    let path = arguments.argument("corpus")!
    try context.checkInputExists(path)
    let (input, records) = try GestureOptions.records(
      of: path, format: try arguments.value("from", as: InkFileFormat.self),
      limits: try ReadLimitOptions.limits(arguments), context: context)
    var samples: [GestureSample] = []
    for record in records {
      guard let label = record.label, !label.isEmpty else {
        throw CommandFailure.record(
          .malformedInput, file: input.displayName, record: record.key, "the gesture has no label")
      }
      let writer = try fields.map { field in
        guard let value = record.metadata[field] else {
          throw CommandFailure.record(
            .malformedInput, file: input.displayName, record: record.key,
            "no metadata field \"\(field)\" tells who drew it (see --writer)")
        }
        return value
      }
      samples.append(
        GestureSample(
          label: label, writer: writer.joined(separator: ","),
          strokes: GestureOptions.strokes(of: record.drawing)))
    }
    let evaluation = GestureEvaluation(
      recognizer: kind, protocol: evaluationProtocol, templatesPerClass: perClass, trials: trials,
      seed: UInt64(bitPattern: Int64(seed)))
    let result: GestureEvaluationResult
    do {
      result = try evaluation.run(samples)
    } catch {
      throw CommandFailure(.malformedInput, "\(input.displayName): \(error)")
    }
    guard result.tests > 0 else {
      throw CommandFailure(
        .malformedInput,
        "\(input.displayName): no candidate is left to test: with \(perClass) template(s) a class, "
          + "no writer has more gestures of a class than that; lower --templates-per-class")
    }
    if format == .json {
      context.output.write(try TraceOptions.encoder.encode(result) + Data("\n".utf8))
    } else {
      context.output.write(Self.text(result))
    }
    return .success
  }

  /// The summary: accuracy, each class's, and the confusions.
  static func text(_ result: GestureEvaluationResult) -> String {
    var text =
      "\(result.recognizer.rawValue), \(result.evaluationProtocol.rawValue), "
      + "\(result.templatesPerClass) template(s) a class, \(result.trials) trial(s), "
      + "\(result.writers) writer(s): "
      + String(format: "%.2f%%", 100 * result.accuracy) + " (\(result.correct)/\(result.tests))\n"
    for (label, accuracy) in result.classAccuracy.sorted(by: { $0.key < $1.key }) {
      let wrong = (result.confusion[label] ?? [:]).filter { $0.key != label }
        .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        .map { "\($0.key) \($0.value)" }
      text +=
        "  " + label.padding(toLength: 18, withPad: " ", startingAt: 0)
        + String(format: "%6.2f%%", 100 * accuracy)
        + (wrong.isEmpty ? "" : "  as " + wrong.joined(separator: ", ")) + "\n"
    }
    return text
  }
}
