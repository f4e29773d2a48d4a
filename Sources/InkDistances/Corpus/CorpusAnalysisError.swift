import InkSampling

/// Why a corpus-wide computation could not run.
public enum CorpusAnalysisError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A metric that needs equal lengths met a series of another length (resample first).
  case unequalLengths(metric: String, index: Int, count: Int, expected: Int)
  /// A pair of series failed.
  case pairFailed(first: Int, second: Int, reason: String)

  /// One sentence naming the series.
  public var description: String {
    switch self {
    case .unequalLengths(let metric, let index, let count, let expected):
      "\(metric) needs series of equal length: series \(index) has \(count) samples, the first "
        + "\(expected) (use --resample N)"
    case .pairFailed(let first, let second, let reason):
      "series \(first) and \(second): \(reason)"
    }
  }
}
