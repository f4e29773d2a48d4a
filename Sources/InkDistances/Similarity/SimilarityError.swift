import InkSampling

/// Why a curve similarity measure could not be computed.
///
/// Every case names the argument at fault (``Curve/first`` or ``Curve/second``) and, where it
/// applies, the sample index, so a caller comparing thousands of strokes can report the record.
public enum SimilarityError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Which argument of a two-curve measure a failure refers to.
  public enum Curve: String, Sendable {
    /// The first curve argument (`a`).
    case first
    /// The second curve argument (`b`).
    case second
  }

  /// The curve holds no sample.
  case emptyCurve(Curve)
  /// A coordinate is NaN or infinite.
  case nonFiniteSample(Curve, channel: SampleChannel, index: Int)
  /// The curve has fewer samples than the measure needs.
  case tooFewSamples(Curve, count: Int, minimum: Int)
  /// The measure needs two curves of the same sample count (the $P cloud match).
  case sampleCountMismatch(first: Int, second: Int)
  /// The curve's polyline has zero length, so arc length cannot be normalised.
  case zeroLength(Curve)
  /// All samples of the curve share one value of the channel, so it cannot be normalised.
  case zeroExtent(Curve, channel: SampleChannel)
  /// The mean of the channel over the curve is zero or negative, where the measure divides by
  /// it inside a logarithm.
  case nonPositiveMean(Curve, channel: SampleChannel)
  /// A parameter of the measure is outside its range.
  case parameterOutOfRange(name: String, value: Double)

  /// A sentence naming the curve and sample at fault.
  public var description: String {
    switch self {
    case .emptyCurve(let curve):
      "the \(curve.rawValue) curve has no sample"
    case .nonFiniteSample(let curve, let channel, let index):
      "sample \(index) of channel \(channel) of the \(curve.rawValue) curve is NaN or infinite"
    case .tooFewSamples(let curve, let count, let minimum):
      "the \(curve.rawValue) curve has \(count) samples, the measure needs at least \(minimum)"
    case .sampleCountMismatch(let first, let second):
      "the curves have \(first) and \(second) samples, the measure needs equal counts"
    case .zeroLength(let curve):
      "the \(curve.rawValue) curve has zero arc length"
    case .zeroExtent(let curve, let channel):
      "all samples of the \(curve.rawValue) curve have the same \(channel)"
    case .nonPositiveMean(let curve, let channel):
      "the mean \(channel) of the \(curve.rawValue) curve is not positive"
    case .parameterOutOfRange(let name, let value):
      "parameter \(name) = \(value) is out of range"
    }
  }
}
