import Foundation
import InkFormats
import InkRecognition
import _DuctusSupport

/// `ductus gestures recognize --templates DIR|CORPUS FILE|CORPUS…`: each drawing's nearest
/// template label by a $-family recognizer, or `none` below the minimum score.
struct GesturesRecognizeCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "recognize",
      abstract: "Name each drawing after its nearest template, or 'none'.",
      discussion:
        "The templates (--templates, a folder of drawings or a corpus, labelled by their "
        + "records) are prepared once by the recognizer (--recognizer; see the Gestures article "
        + "of InkRecognition for each one's preprocessing, distance and score). Each drawing of "
        + "the inputs gets one answer, in input order: {\"key\", \"label\", \"score\", "
        + "\"ranking\": [{\"label\", \"score\"}, …]}, \"label\" being the answer (not the "
        + "record's own label, which `shapes detect` echoes) and every template label ranked by "
        + "its best template. Scores are each recognizer's own (higher is nearer): $1 and $N 1 − d/(½·"
        + "diagonal), up to 1; Protractor 1/d, no upper end; $P max((2 − d)/2, 0); $Q 1/d for "
        + "d > 1, else 1. The label is 'none' when the best score is below --min-score "
        + "(defaults, about the 1st percentile of right answers' scores on the $1 logs with one "
        + "template a gesture: dollar1 0.75, protractor 2, dollarN 0.75, dollarP 0.2, dollarQ "
        + "0.1). --best-only ranks the best label alone, which lets $Q abandon a template "
        + "as soon as it is farther than the best so far of any label, as its paper does (the "
        + "others compute every score anyway). ndjson prints a line a drawing, json an array, "
        + "text 'key label score'.",
      options: [
        GestureOptions.recognizer, GestureOptions.templates,
        .value(
          "min-score", valueName: "S", help: "Answer 'none' when the best score is below S.",
          defaultDescription: "the recognizer's, see above"),
        .flag("best-only", help: "Rank the best label alone ($Q then abandons across labels)."),
        OutputFormat.option([.text, .json, .ndjson], otherwise: .ndjson, followsOutput: true),
        .value("output", short: "o", valueName: "file", help: "Write the answers here."),
        GestureOptions.from,
      ] + CommonOptions.batch + ReadLimitOptions.all,
      arguments: [
        ArgumentDeclaration(
          "file", arity: .zeroOrMore,
          help: "Drawing or corpus files, or folders of them; '-' or none with piped input "
            + "reads standard input.")
      ])
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    let kind = try GestureOptions.kind(arguments)
    let minimumScore = try arguments.value("min-score", as: Double.self)
    let format = try OutputFormat.selected(
      in: arguments, otherwise: .ndjson, output: arguments.value("output"), context: context)
    let inputFormat = try arguments.value("from", as: InkFileFormat.self)
    let limits = try ReadLimitOptions.limits(arguments)
    let jobs = try CommonOptions.jobCount(in: arguments)
    let shard = try CommonOptions.shard(in: arguments)
    let paths = try context.inputFiles(arguments.arguments("file"), argumentName: "file")
    try context.checkStandardInputOnce(paths + arguments.values("templates"))
    for path in paths { try context.checkInputExists(path) }
    try context.refuseOverwriting(
      inputs: paths + arguments.values("templates"),
      outputs: [arguments.value("output"), arguments.value("errors")])
    let templates = try GestureOptions.templates(
      arguments, format: inputFormat, limits: limits, context: context)
    let recognizer: any GestureRecognizer
    do {
      recognizer = try kind.recognizer(
        templates: templates, minimumScore: minimumScore,
        ranksEveryLabel: !arguments.flag("best-only"))
    } catch {
      throw CommandFailure(.malformedInput, "\(error)")
    }
    let bestOnly = arguments.flag("best-only")
    let inputs = try paths.map {
      try InkInput(path: $0, format: inputFormat, limits: limits, context: context)
    }
    let failures = try RecordFailureLog(path: arguments.value("errors"), context: context)
    let progress = ProgressReporter(
      label: "recognize", total: nil, context: context, quiet: arguments.flag("quiet"))
    defer { progress.finish() }
    try context.writeOutput(to: arguments.value("output") ?? "-") { sink in
      var json = format == .text ? nil : JSONRecordWriter(to: sink, format: format)
      var position = 0
      for input in inputs {
        let records = try ShardedRecords(input, shard: shard, startingAt: position)
        let (file, isCorpus) = (input.displayName, input.isCorpus)
        try OrderedParallelMap(jobs: jobs).run(
          next: records.next,
          transform: { item -> GestureAnswer in
            let record = try item.get()
            let key = isCorpus ? record.key : file
            do {
              var answer = GestureAnswer(
                key: key,
                try recognizer.recognize(GestureOptions.strokes(of: record.drawing)))
              if bestOnly { answer.ranking = Array(answer.ranking.prefix(1)) }
              return answer
            } catch {
              throw CommandFailure.record(.malformedInput, file: file, record: key, "\(error)")
            }
          },
          emit: { _, result in
            progress.advance()
            switch result {
            case .success(let answer):
              if json != nil {
                try json!.write(answer)
              } else {
                sink.write("\(answer.key)\t\(answer.label)\t\(Self.number(answer.score))\n")
              }
            case .failure(let error): failures.log(CommandFailure(error))
            }
          })
        if let fatal = records.fatal { throw fatal }
        position = records.position
      }
      json?.finish()
    }
    progress.finish(failures: failures.count)
    return try failures.finish()
  }

  /// A score with four decimals.
  static func number(_ value: Double) -> String { String(format: "%.4f", value) }
}
