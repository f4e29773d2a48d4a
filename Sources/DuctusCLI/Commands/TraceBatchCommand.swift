import Foundation
import InkDistances
import InkFormats
import InkRecognition
import InkSampling
import InkTracing
import _DuctusSupport

/// `ductus trace batch --template NAME CORPUS`: a report a record, in input order, in parallel.
struct TraceBatchCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "batch",
      abstract: "Score every attempt of a corpus against a template, one NDJSON report a line.",
      discussion:
        "Each record of the corpus (a Ductus NDJSON line, a Quick, Draw! drawing, a UNIPEN "
        + "segment, a file of a folder) is one attempt. Reports come out in input order, each "
        + "with the record's \"key\" and \"label\", --jobs at a time. A record that cannot be "
        + "read or scored is reported on standard error (or in --errors) and the command exits "
        + "with 1.\n\n"
        + "With --resume and -o FILE, a run that was killed (even by SIGKILL) and is started "
        + "again with the same arguments continues from its last checkpoint (at most a second "
        + "of work back) and writes the same bytes as an uninterrupted run; the journal "
        + ".<file>.ductus-resume and the partial output .<file>.ductus-partial beside FILE hold "
        + "its progress until it finishes.",
      options: TraceOptions.all + [
        .value("output", short: "o", valueName: "file", help: "Write the reports here.")
      ] + TraceOptions.corpus + [ResumableRun.option],
      arguments: [
        ArgumentDeclaration("corpus", help: "The corpus of attempts; '-' reads standard input.")
      ])
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    guard let templateName = arguments.value("template") else {
      throw UsageError("missing option '-t/--template'")
    }
    let scorer = try TraceOptions.scorer(arguments)
    let method = TraceOptions.method(arguments)
    let template = try TemplateLibrary(arguments).template(named: templateName)
    let jobs = try CommonOptions.jobCount(in: arguments)
    let (input, records) = try TraceOptions.openCorpus(arguments, context: context)
    let output = arguments.value("output")
    let resume = try ResumableRun.file(
      output, command: "trace batch", inputs: [input.path],
      contents: ["template": try ResumableRun.digest(of: template)], arguments: arguments,
      context: context)
    let failures =
      try resume?.failures
      ?? RecordFailureLog(path: arguments.value("errors"), context: context)
    let progress = ProgressReporter(
      label: "trace", total: nil, context: context, quiet: arguments.flag("quiet"))
    defer { progress.finish() }
    let source = input.displayName
    try resume?.skipDone(records.next)
    let write = { (sink: OutputSink) in
      try OrderedParallelMap(jobs: jobs).run(
        next: resume?.reading(records.next) ?? records.next,
        transform: { item -> Data in
          let record = try item.get()
          let report: TracingReport
          do {
            report = try scorer.report(record.drawing, against: template, method: method)
            return try Self.line(report, key: record.key, label: record.label)
          } catch {
            throw CommandFailure.record(
              .malformedInput, file: source, record: record.key,
              FiniteOutput.reason(error) ?? "\(error)")
          }
        },
        emit: { _, result in
          progress.advance()
          switch result {
          case .success(let line): sink.write(line)
          case .failure(let error): failures.log(CommandFailure(error))
          }
          try resume?.emitted()
        })
    }
    if let resume {
      try write(resume.output!.sink)
    } else {
      try context.writeOutput(to: output ?? "-", write)
    }
    if let fatal = records.fatal { throw fatal }
    try resume?.finish()
    progress.finish(failures: failures.count)
    return try failures.finish()
  }

  /// A report as one NDJSON line with the record's key and label first.
  static func line(_ report: TracingReport, key: String, label: String?) throws -> Data {
    let body = try TraceOptions.encoder.encode(report)
    let prefix = TraceOptions.recordPrefix(key: key, label: label) + "\"report\":"
    return Data(prefix.utf8) + body + Data("}\n".utf8)
  }
}
