/// The mean and standard deviation of a figure over repetitions (the trials of an evaluation).
///
/// JSON: `{"mean", "sd"}`.
public struct MeanAndDeviation: Hashable, Sendable, Codable {
  /// The mean.
  public var mean: Double
  /// The sample standard deviation (divisor n − 1; 0 for fewer than two values).
  public var sd: Double

  /// The given figures.
  public init(mean: Double, sd: Double) {
    self.mean = mean
    self.sd = sd
  }

  /// The mean and deviation of `values`; zeros for none.
  public init(of values: [Double]) {
    guard !values.isEmpty else {
      self.init(mean: 0, sd: 0)
      return
    }
    let mean = values.reduce(0, +) / Double(values.count)
    let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
    self.init(
      mean: mean, sd: values.count > 1 ? (squares / Double(values.count - 1)).squareRoot() : 0)
  }
}
