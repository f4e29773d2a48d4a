import Foundation
import InkDistances
import InkFormats
import InkRecognition
import InkSampling
import InkTracing
import _DuctusSupport

/// `ductus trace rank --class digits|capitals|small CORPUS`: every record ranked against every
/// template of a class, with the top-1 accuracy and confusion table of a labelled corpus.
struct TraceRankCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "rank",
      abstract: "Rank every template of a class for each attempt of a labelled corpus.",
      discussion:
        "Each record is compared with every template of the class (digits/0-9, latin/A-Z or "
        + "latin/a-z) and with each template's variants in the library (digits/7.crossed is a "
        + "form of digits/7; a template stands with its nearest form), and the templates are "
        + "sorted by --by: 'elastic' (default), the multistroke matcher's dynamic time warping "
        + "distance between the ink and the template written in any stroke order and direction "
        + "(plus, for the bundled library's small letters, each template's offset, a prior "
        + "learned on the UNIPEN apa writers); "
        + "'shape', a score from the tracing report's coverage, precision and Fréchet distance "
        + "less extra ink; 'score', the tracing report's score; or 'distance', the symmetric "
        + "mean nearest-point distance between the placed ink and the template's strokes. The "
        + "report-based criteria place the ink with --placement (fit by default). "
        + "A label counts as true when it is the class member ('7', as UNIPEN "
        + "writes it) or the template's name ('digits/7', as 'ductus synth trace' writes it). "
        + "ndjson prints a line a record: its key, label, the true template's rank and the "
        + "candidates best first, each with its nearest form and the four numbers. text and json "
        + "print the tally: top-1 and top-3 accuracy over the records with a true template, and the "
        + "confusion table of true label against the first-ranked template.",
      options: [
        .value(
          "class", short: "c", valueName: "name", help: "The templates to rank.",
          allowedValues: TemplateClass.allCases.map(\.rawValue)),
        .value(
          "by", valueName: "criterion", help: "What the ranking sorts by.",
          allowedValues: RankingCriterion.allCases.map(\.rawValue), defaultDescription: "elastic"),
        TemplateLibrary.option, TraceOptions.level, TraceOptions.placement,
        OutputFormat.option([.text, .json, .ndjson], otherwise: .ndjson, followsOutput: true),
        .value("output", short: "o", valueName: "file", help: "Write the output here."),
      ] + TraceOptions.corpus,
      arguments: [
        ArgumentDeclaration("corpus", help: "The labelled attempts; '-' reads standard input.")
      ])
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    guard let className = arguments.value("class") else {
      throw UsageError("missing option '-c/--class'")
    }
    guard let templateClass = TemplateClass(rawValue: className) else {
      throw UsageError("unknown class '\(className)'")
    }
    let criterion =
      try arguments.value("by").map { name in
        guard let criterion = RankingCriterion(rawValue: name) else {
          throw UsageError("unknown criterion '\(name)'")
        }
        return criterion
      } ?? .elastic
    let library = try TemplateLibrary(arguments)
    let ranking = TemplateRanking(
      candidates: try library.forms(of: templateClass.templateNames),
      scorer: TracingScorer(
        level: try TraceOptions.level(arguments), placement: try TraceOptions.placement(arguments)),
      criterion: criterion,
      elasticOffsets: library.isShipped() ? templateClass.elasticOffsets : [:])
    let format = try OutputFormat.selected(
      in: arguments, otherwise: .ndjson, output: arguments.value("output"), context: context)
    let jobs = try CommonOptions.jobCount(in: arguments)
    let (input, records) = try TraceOptions.openCorpus(arguments, context: context)
    let failures = try RecordFailureLog(path: arguments.value("errors"), context: context)
    let progress = ProgressReporter(
      label: "rank", total: nil, context: context, quiet: arguments.flag("quiet"))
    defer { progress.finish() }
    var tally = RankingTally(templateClass: templateClass, criterion: criterion)
    let source = input.displayName
    let names = templateClass.templateNames
    try context.writeOutput(to: arguments.value("output") ?? "-") { sink in
      try OrderedParallelMap(jobs: jobs).run(
        next: records.next,
        transform: { item -> (CorpusRecord, [RankedTemplate]) in
          let record = try item.get()
          do {
            return (record, try ranking.rank(record.drawing))
          } catch {
            throw CommandFailure.record(
              .malformedInput, file: source, record: record.key, "\(error)")
          }
        },
        emit: { _, result in
          progress.advance()
          switch result {
          case .success(let (record, ranked)):
            let rank = tally.count(
              truth: templateClass.index(ofLabel: record.label),
              ranking: ranked.compactMap { names.firstIndex(of: $0.template) })
            if format == .ndjson {
              sink.write(try Self.line(record, rank: rank, ranked: ranked))
            }
          case .failure(let error): failures.log(CommandFailure(error))
          }
        })
      switch format {
      case .ndjson: break
      case .json: sink.write(try TraceOptions.encoder.encode(tally) + Data("\n".utf8))
      default: sink.write(Data(tally.text.utf8))
      }
    }
    if let fatal = records.fatal { throw fatal }
    progress.finish(failures: failures.count)
    return try failures.finish()
  }

  /// A record's ranking as one NDJSON line: key, label, the true template's rank (`null` when
  /// the label is not the class's) and the candidates best first.
  static func line(_ record: CorpusRecord, rank: Int?, ranked: [RankedTemplate]) throws -> Data {
    let candidates = ranked.map {
      RankedTemplate(
        template: $0.template, form: $0.form, elastic: ($0.elastic * 10_000).rounded() / 10_000,
        elasticOffset: $0.elasticOffset, shape: ($0.shape * 10_000).rounded() / 10_000,
        score: ($0.score * 10_000).rounded() / 10_000,
        distance: ($0.distance * 10_000).rounded() / 10_000)
    }
    let body = try TraceOptions.encoder.encode(candidates)
    let prefix =
      TraceOptions.recordPrefix(key: record.key, label: record.label)
      + "\"rank\":\(rank.map(String.init) ?? "null"),\"ranking\":"
    return Data(prefix.utf8) + body + Data("}\n".utf8)
  }
}
