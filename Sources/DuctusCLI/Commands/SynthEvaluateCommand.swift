import Foundation
import InkDistances
import InkRecognition
import InkSampling
import InkTracing
import _DuctusSupport

/// `ductus synth evaluate`: the defect detection table of tracing reports over templates.
struct SynthEvaluateCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "evaluate",
      abstract: "Measure how often tracing reports find synthetic defects, template by template.",
      discussion:
        "For every template (all of the library, or those named), synthetic attempts are made "
        + "clean and with each defect on each stroke, scored with --placement box, and counted: "
        + "the share of defective strokes whose expected code fires (detected), the share where "
        + "it fires and none of the defect's forbidden codes does (named), the forbidden codes "
        + "that fired, the codes that fire on clean strokes, and the scores of clean attempts.",
      options: [
        TemplateLibrary.option, TraceOptions.level,
        .value(
          "repetitions", short: "r", valueName: "N", help: "Attempts a template and defect.",
          defaultDescription: "2"),
        .value("seed", valueName: "S", help: "The random seed.", defaultDescription: "1"),
        OutputFormat.option([.text, .json], otherwise: .json),
      ],
      arguments: [
        ArgumentDeclaration(
          "template", arity: .zeroOrMore, help: "Templates to use; all of the library when none.")
      ])
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    let library = try TemplateLibrary(arguments)
    var names = arguments.arguments("template")
    if names.isEmpty { names = try library.entries().map(\.name) }
    let templates = try names.map { try library.template(named: $0) }
    let levelName = arguments.value("level") ?? "standard"
    guard let level = TracingLevel.named(levelName) else {
      throw UsageError("unknown level '\(levelName)'")
    }
    let scorer = TracingScorer(level: level, placement: .box)
    let evaluation = TracingEvaluation(
      scorer: scorer, repetitions: try arguments.value("repetitions", as: Int.self) ?? 2,
      seed: UInt64(bitPattern: Int64(try arguments.value("seed", as: Int.self) ?? 1)))
    let result: TracingEvaluation.Result
    do {
      result = try evaluation.run(templates)
    } catch {
      throw CommandFailure(.malformedInput, "\(error)")
    }
    if try OutputFormat.selected(in: arguments, otherwise: .json, context: context) == .json {
      context.output.write(try TraceOptions.encoder.encode(result) + Data("\n".utf8))
      return .success
    }
    var text = "\(templates.count) templates, \(result.cleanStrokes) clean strokes\n"
    text += "defect        code             detected   rate    named   forbidden codes fired\n"
    for row in result.rows {
      let forbidden = row.forbidden.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
      text +=
        row.defect.padding(toLength: 14, withPad: " ", startingAt: 0)
        + row.code.rawValue.padding(toLength: 17, withPad: " ", startingAt: 0)
        + "\(row.detected)/\(row.trials)".padding(toLength: 11, withPad: " ", startingAt: 0)
        + String(format: "%5.1f%%  %5.1f%%   ", 100 * row.rate, 100 * row.namedRate)
        + (forbidden.isEmpty ? "none" : forbidden.joined(separator: ", ")) + "\n"
    }
    let falsePositives = result.falsePositives.sorted { $0.key < $1.key }
      .map {
        "\($0.key) \($0.value) (\(String(format: "%.2f", 100 * Double($0.value) / Double(max(result.cleanStrokes, 1))))%)"
      }
    text +=
      "codes on clean strokes: "
      + (falsePositives.isEmpty ? "none" : falsePositives.joined(separator: ", ")) + "\n"
    text += String(
      format: "clean scores: mean %.1f, lowest %.1f\n", result.cleanMeanScore,
      result.cleanMinimumScore)
    text += "lowest clean: " + result.weakestTemplates.joined(separator: "; ") + "\n"
    text += result.misses.map { "missed: \($0)\n" }.joined()
    context.output.write(text)
    return .success
  }
}
