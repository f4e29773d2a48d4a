import Foundation
import InkDistances
import InkFigures
import InkFormats
import InkRecognition
import InkSampling
import InkTracing
import OpenPencilKit
import _DuctusSupport

/// `ductus trace session`: a long-running scorer reading one NDJSON request a line on standard
/// input and answering each on standard output, with templates cached — for apps that cannot
/// afford a process an attempt.
struct TraceSessionCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "session",
      abstract: "Score attempts sent as NDJSON requests on standard input, one answer a line.",
      discussion:
        "A request is one JSON object a line: {\"id\": any, \"template\": \"latin/a\", "
        + "\"attempt\": <a Ductus JSON drawing>} or with \"attemptPKDrawing\": <base64 of "
        + "PencilKit's dataRepresentation()>, and optionally \"level\", \"method\", "
        + "\"placement\" (as the options) and \"picture\": <file>. Each answer is "
        + "{\"id\": …, \"report\": {…}} or {\"id\": …, \"error\": \"…\"}, written and flushed "
        + "in request order. Templates are read once and cached. The session ends at the end of "
        + "standard input (exit 0) or on interrupt (130).",
      options: [
        TemplateLibrary.option, TraceOptions.level, TraceOptions.method, TraceOptions.placement,
      ])
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    let library = try TemplateLibrary(arguments)
    var session = TraceSession(
      library: library, scorer: try TraceOptions.scorer(arguments),
      method: TraceOptions.method(arguments))
    while let line = readLine(strippingNewline: true) {
      // Blank lines are skipped (a byte test: Foundation's trimming copies the whole line).
      guard line.utf8.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
      context.output.write(session.answer(Data(line.utf8), context: context))
      try context.output.flush()
    }
    return .success
  }
}

/// The state of a tracing session: cached templates and the default settings.
struct TraceSession {
  let library: TemplateLibrary
  let scorer: TracingScorer
  let method: TracingMethod
  var templates: [String: TracingTemplate] = [:]

  /// The answer line to one request line.
  mutating func answer(_ line: Data, context: CommandContext) -> Data {
    var id = "null"
    do {
      let request: JSONObjectMembers
      do {
        request = try JSONObjectMembers(line)
      } catch {
        throw CommandFailure(.malformedInput, "a request must be one JSON object: \(error)")
      }
      if let value = request.raw["id"] { id = String(decoding: value, as: UTF8.self) }
      guard let name = request.string("template") else {
        throw CommandFailure(.malformedInput, "request \(id): missing \"template\"")
      }
      let template = try cachedTemplate(name)
      let drawing = try Self.drawing(of: request, id: id)
      var scorer = self.scorer
      if let level = request.string("level") {
        guard let named = TracingLevel.named(level) else {
          throw CommandFailure(.usage, "request \(id): unknown level '\(level)'")
        }
        scorer.level = named
      }
      if let placement = request.string("placement") {
        scorer.placement = try TraceOptions.parsePlacement(
          placement, name: "request \(id): \"placement\"")
      }
      var method = self.method
      if let name = request.string("method") {
        guard let named = TracingMethod(rawValue: name) else {
          throw CommandFailure(.usage, "request \(id): unknown method '\(name)'")
        }
        method = named
      }
      let attempt = PKDrawingInput(name: "request \(id)", drawing: drawing)
      let report: TracingReport
      if let picture = request.string("picture") {
        let format = try TraceScoreCommand.pictureFormat(of: picture, context: context)
        let feedback = try TraceOptions.failing(attempt: attempt) {
          try scorer.feedback(drawing, against: template, method: method)
        }
        report = feedback.report
        try AtomicFile.write(try FeedbackPicture.render(feedback, format: format), to: picture)
      } else {
        report = try TraceOptions.failing(attempt: attempt) {
          try scorer.report(drawing, against: template, method: method)
        }
      }
      return Data("{\"id\":\(id),\"report\":".utf8) + (try TraceOptions.encoder.encode(report))
        + Data("}\n".utf8)
    } catch {
      let message = CommandFailure(error).message
      return Data("{\"id\":\(id),\"error\":\(JSONTextWriter.string(message))}\n".utf8)
    }
  }

  mutating func cachedTemplate(_ name: String) throws -> TracingTemplate {
    if let cached = templates[name] { return cached }
    let template = try library.template(named: name)
    templates[name] = template
    return template
  }

  /// The attempt of a request: a Ductus JSON drawing object or base64 PencilKit bytes.
  static func drawing(of request: JSONObjectMembers, id: String) throws -> PKDrawing {
    if let object = request.raw["attempt"] {
      do {
        return try DuctusJSONReader().drawing(from: object)
      } catch {
        throw CommandFailure(.malformedInput, "request \(id): attempt: \(error)")
      }
    }
    if let encoded = request.string("attemptPKDrawing") {
      guard let data = Data(base64Encoded: encoded) else {
        throw CommandFailure(.malformedInput, "request \(id): attemptPKDrawing is not base64")
      }
      do {
        return try PKDrawing(data: data)
      } catch {
        throw CommandFailure(.malformedInput, "request \(id): attemptPKDrawing: \(error)")
      }
    }
    throw CommandFailure(
      .malformedInput, "request \(id): missing \"attempt\" or \"attemptPKDrawing\"")
  }
}
