import InkSampling

/// Why a dynamic time warping computation was refused.
public enum DTWError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A series has no sample; `series` is its position among the inputs (0 for the first).
  case emptySeries(series: Int)
  /// A sample of a series is NaN or infinite, or a channel is missing.
  case invalidSeries(series: Int, SampleBufferError)
  /// The channel weights are not one non-negative finite number a channel.
  case invalidWeights(String)
  /// No channel is selected.
  case noChannels
  /// The global constraint's parameter is out of range (negative radius, slope ≤ 1) or it leaves
  /// no admissible path for these lengths.
  case invalidConstraint(String)
  /// Open-begin or open-end matching was combined with a global constraint, which is defined
  /// relative to both corners of the cost matrix.
  case constraintWithOpenEnds
  /// The computation needs series of equal length (LB_Keogh, for example).
  case lengthMismatch(first: Int, second: Int)
  /// The early-abandoning threshold is NaN or negative.
  case invalidThreshold(Double)
  /// A tile index or tile count is out of range.
  case invalidTile(String)
  /// Tracing the warping path would keep more cells in memory than
  /// ``DynamicTimeWarping/maximumPathCells``.
  case pathTooLarge(cells: Int, limit: Int)
  /// An iterative computation's parameter is out of range (no series, zero iterations, …).
  case invalidParameter(String)

  /// A sentence saying what is wrong and where.
  public var description: String {
    switch self {
    case .emptySeries(let series): "series \(series) has no sample"
    case .invalidSeries(let series, let error): "series \(series): \(error)"
    case .invalidWeights(let reason): "invalid channel weights: \(reason)"
    case .noChannels: "no channel is selected"
    case .invalidConstraint(let reason): "invalid global constraint: \(reason)"
    case .constraintWithOpenEnds:
      "a global constraint cannot be combined with open-begin or open-end matching"
    case .lengthMismatch(let first, let second):
      "the series must have equal lengths, got \(first) and \(second)"
    case .invalidThreshold(let value): "the abandoning threshold \(value) is NaN or negative"
    case .invalidTile(let reason): "invalid tile: \(reason)"
    case .pathTooLarge(let cells, let limit):
      "tracing the path needs \(cells) cells in memory, more than the limit of \(limit); use a "
        + "narrower global constraint or the distance alone"
    case .invalidParameter(let reason): reason
    }
  }
}
