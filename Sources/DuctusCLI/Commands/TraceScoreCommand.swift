import Foundation
import InkDistances
import InkFigures
import InkFormats
import InkRecognition
import InkRender
import InkSampling
import InkTracing
import _DuctusSupport

/// `ductus trace score --template NAME --attempt FILE`: one attempt's report, and optionally
/// its feedback picture.
struct TraceScoreCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "score",
      abstract: "Score one attempt against a template and print the report.",
      discussion:
        "The report gives a score from 0 to 100, 0 to 3 stars, and for each template stroke its "
        + "measurements, a verdict and codes with short messages (see 'Tracing reports' in the "
        + "documentation). JSON by default when piped; --picture also draws the feedback "
        + "picture (PNG, SVG or PDF by extension). An attempt from a corpus is chosen with "
        + "--record; a corpus of several records without it is refused (score them all with "
        + "'ductus trace batch'). --text scores a word of library letters (\"cat\", \"Sam 7\") "
        + "letter by letter: one report a letter and the word's score, and one picture of the "
        + "whole word.",
      options: TraceOptions.all + [
        .value(
          "attempt", short: "a", valueName: "file",
          help: "The attempt: a drawing file, '-' for standard input."),
        RecordSelection.option,
        .value(
          "text", valueName: "word",
          help: "Score a word or a name instead of one template: its letters and digits from "
            + "the library, side by side, each judged on its own."),
        .value("picture", valueName: "file", help: "Write the feedback picture here."),
        .flag("no-legend", help: "Leave the legend strip off the feedback picture."),
        OutputFormat.option([.text, .json], otherwise: .json),
        CommonOptions.inputFormat(help: "The attempt's format."),
      ] + ReadLimitOptions.all)
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    let templateName = arguments.value("template")
    let text = arguments.value("text")
    guard (templateName == nil) != (text == nil) else {
      throw UsageError(
        templateName == nil
          ? "missing option '-t/--template' (or '--text' for a word)"
          : "'--text' scores a word of library letters; leave out '-t/--template'")
    }
    guard let attemptPath = arguments.value("attempt") else {
      throw UsageError("missing option '-a/--attempt'")
    }
    let scorer = try TraceOptions.scorer(arguments)
    let format = try OutputFormat.selected(in: arguments, otherwise: .json, context: context)
    let library = try TemplateLibrary(arguments)
    let word = try text.map { try TracingWord(text: $0, library: library) }
    let template = try templateName.map { try library.template(named: $0) }
    let method = TraceOptions.method(arguments)
    if word != nil, method != .strokes {
      throw UsageError("a word is scored stroke by stroke; leave out '--method coverage'")
    }
    try context.checkInputExists(attemptPath)
    let input = try InkInput(
      path: attemptPath, format: try arguments.value("from", as: InkFileFormat.self),
      limits: try ReadLimitOptions.limits(arguments), context: context)
    let selection = RecordSelection(arguments, batchCommand: "ductus trace batch")
    let record = try selection.record(in: input)
    let name = selection.value == nil ? input.displayName : "\(input.displayName) (\(record.key))"
    let drawing = PKDrawingInput(name: name, drawing: record.drawing)
    let picture = try arguments.value("picture").map { path in
      try (path: path, format: Self.pictureFormat(of: path, context: context))
    }
    try context.refuseOverwriting(inputs: [attemptPath], outputs: [picture?.path])
    let output: (text: String, json: Data)
    let feedback: TracingFeedback?
    switch (word, template) {
    case (let word?, _):
      let (report, lineFeedback) = try TraceOptions.failing(attempt: drawing) {
        try scorer.feedback(drawing.drawing, against: word)
      }
      output = (report.text, try TraceOptions.encoder.encode(report))
      feedback = lineFeedback
    case (nil, let template?) where picture != nil:
      let letterFeedback = try TraceOptions.failing(attempt: drawing) {
        try scorer.feedback(drawing.drawing, against: template, method: method)
      }
      output = (letterFeedback.report.text, try TraceOptions.encoder.encode(letterFeedback.report))
      feedback = letterFeedback
    case (nil, let template?):
      let report = try TraceOptions.failing(attempt: drawing) {
        try scorer.report(drawing.drawing, against: template, method: method)
      }
      output = (report.text, try TraceOptions.encoder.encode(report))
      feedback = nil
    case (nil, nil):
      throw UsageError("missing option '-t/--template' (or '--text' for a word)")
    }
    if let picture, let feedback {
      let bytes = try FeedbackPicture.render(
        feedback, format: picture.format, legend: !arguments.flag("no-legend"))
      try AtomicFile.write(bytes, to: picture.path)
    }
    if format == .text {
      context.output.write(output.text)
    } else {
      context.output.write(output.json + Data("\n".utf8))
    }
    return .success
  }

  /// The picture format of a path, from its extension, with its folder checked to exist.
  static func pictureFormat(of path: String, context: CommandContext) throws -> RenderFormat {
    if Platform.descriptorAlias(path) == Platform.standardOutput {
      throw UsageError(
        "'--picture \(path)' would put the picture on standard output, where the report goes; "
          + "name a file")
    }
    guard let format = RenderFormat(pathExtension: URL(fileURLWithPath: path).pathExtension) else {
      throw UsageError("cannot tell the picture format of '\(path)'; use .png, .svg or .pdf")
    }
    try context.checkOutputFolder(of: path)
    return format
  }
}
