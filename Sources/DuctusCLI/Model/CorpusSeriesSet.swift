import _DuctusSupport
import Foundation
import InkDistances
import InkFormats
import InkRecognition
import InkSampling
import InkTracing

/// Every readable drawing of a corpus as one series, with its key and label, in input order.
///
/// A record that cannot be read, or whose drawing has no ink, is reported to the failure log
/// and left out, so rows of the results line up with `keys`.
struct CorpusSeriesSet {
  var keys: [String] = []
  var labels: [String?] = []
  var series: [SampleBuffer] = []

  /// Reads and converts a corpus, streaming its records.
  static func load(
    path: String, format: InkFileFormat?, options: CorpusSeriesOptions,
    failures: RecordFailureLog, progress: ProgressReporter, context: CommandContext
  ) throws -> CorpusSeriesSet {
    try context.checkInputExists(path)
    let input = try InkInput(path: path, format: format, context: context)
    var set = CorpusSeriesSet()
    try input.forEachRecord(failures: failures) { record in
      do {
        set.series.append(try options.series(of: record.drawing))
        set.keys.append(record.key)
        set.labels.append(record.label)
      } catch {
        failures.log(
          CommandFailure(.malformedInput, "\(input.displayName): record \(record.key): \(error)"))
      }
      progress.advance()
    }
    return set
  }
}
