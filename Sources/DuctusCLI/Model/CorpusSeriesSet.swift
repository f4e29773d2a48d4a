import Foundation
import InkDistances
import InkFormats
import InkRecognition
import InkSampling
import InkTracing
import _DuctusSupport

/// Every readable drawing of a corpus as one series, with its key and label, in input order.
///
/// A record that cannot be read, or whose drawing has no ink, is reported to the failure log
/// and left out, so rows of the results line up with `keys`.
struct CorpusSeriesSet {
  var keys: [String] = []
  var labels: [String?] = []
  var series: [SampleBuffer] = []

  /// Reads and converts a corpus, streaming its records (within `limits`) and converting `jobs`
  /// at a time; the series keep the input order.
  static func load(
    path: String, format: InkFileFormat?, limits: InkReadLimits = .default,
    options: CorpusSeriesOptions, jobs: Int, failures: RecordFailureLog,
    progress: ProgressReporter, context: CommandContext
  ) throws -> CorpusSeriesSet {
    try context.checkInputExists(path)
    let input = try InkInput(path: path, format: format, limits: limits, context: context)
    let records = try ShardedRecords(input, shard: .all)
    let name = input.displayName
    var set = CorpusSeriesSet()
    try OrderedParallelMap(jobs: jobs).run(
      next: records.next,
      transform: { item -> (key: String, label: String?, series: SampleBuffer) in
        let record = try item.get()
        do {
          return (record.key, record.label, try options.series(of: record.drawing))
        } catch {
          throw CommandFailure.record(
            .malformedInput, file: name, record: record.key, "\(error)")
        }
      },
      emit: { _, result in
        progress.advance()
        switch result {
        case .success(let converted):
          set.keys.append(converted.key)
          set.labels.append(converted.label)
          set.series.append(converted.series)
        case .failure(let error): failures.log(CommandFailure(error))
        }
      })
    if let fatal = records.fatal { throw fatal }
    return set
  }
}
