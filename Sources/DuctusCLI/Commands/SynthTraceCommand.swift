import Foundation
import InkDistances
import InkFormats
import InkRecognition
import InkSampling
import InkTracing
import _DuctusSupport

/// `ductus synth trace --template NAME`: realistic synthetic attempts of a template with chosen
/// defects, as a Ductus NDJSON corpus.
struct SynthTraceCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "trace",
      abstract: "Write synthetic tracing attempts of a template as a Ductus NDJSON corpus.",
      discussion:
        "Strokes follow the template's order and direction with a sigma-lognormal speed profile "
        + "sampled at 240 Hz, a smooth wander, pressure and pen lifts, in the template's box "
        + "coordinates (score them with --placement box). --defect adds mistakes: reversed:N, "
        + "missing:N, wrong_order:N, too_short:N, too_long:N, bad_start:N, shape:N, split:N, "
        + "hook_missing:N, joined:N (N and N+1 in one go), dot:N (a dot for the stroke) (N the "
        + "stroke, from 1), wobble:AMOUNT, offset:DX,DY (box heights), "
        + "extra; several separated by commas. Each record's key is <template>#<i>, its label "
        + "the template name, and its metadata the defects and seed.",
      options: [
        TraceOptions.template, TemplateLibrary.option,
        .value(
          "count", short: "n", valueName: "N", help: "How many attempts.", defaultDescription: "1"),
        .value("seed", valueName: "S", help: "The random seed.", defaultDescription: "1"),
        .value("defect", valueName: "list", help: "Defects, e.g. reversed:2,wobble:0.3."),
        .value("output", short: "o", valueName: "file", help: "Write the corpus here."),
      ])
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    guard let name = arguments.value("template") else {
      throw UsageError("missing option '-t/--template'")
    }
    let count = try arguments.value("count", as: Int.self) ?? 1
    guard count >= 0 else {
      throw UsageError(
        "invalid value '\(count)' for '\(arguments.spelling("count"))': expected 0 or more")
    }
    let seed = try arguments.value("seed", as: Int.self) ?? 1
    var defects: [TraceDefect] = []
    if let text = arguments.value("defect") {
      guard let parsed = TraceDefect.parseList(text) else {
        throw UsageError("invalid value '\(text)' for '--defect': see 'ductus help synth trace'")
      }
      defects = parsed
    }
    let template = try TemplateLibrary(arguments).template(named: name)
    if let reason = defects.lazy.compactMap({ $0.inapplicability(to: template) }).first {
      throw UsageError("invalid value for '--defect': \(reason)")
    }
    var synthesizer = TraceSynthesizer(seed: UInt64(bitPattern: Int64(seed)))
    let writer = DuctusJSONWriter(breaksLinesBetweenStrokes: false)
    try context.writeOutput(to: arguments.value("output") ?? "-") { sink in
      for i in 0..<count {
        let attempt = synthesizer.attempt(of: template, defects: defects)
        let metadata = [
          "defects": attempt.defects.map(\.description).joined(separator: ","), "seed": "\(seed)",
          "index": "\(i)",
        ]
        let record = CorpusRecord(
          key: "\(template.name)#\(i)", label: template.name, metadata: metadata,
          drawing: attempt.drawing)
        sink.write(Data(DuctusNDJSONWriter.line(for: record, drawingWriter: writer)))
      }
    }
    return .success
  }
}
