import Foundation

/// The few statistics the signature features take of a series, each defined for the empty
/// series too (0), so that no feature is ever NaN.
enum SeriesStatistics {
  /// `Σ v / n`, summed in order; 0 for no value.
  static func mean(_ values: some Collection<Double>) -> Double {
    values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
  }

  /// The population standard deviation `sqrt(Σ (v − mean)² / n)`; 0 for no value.
  static func standardDeviation(_ values: some Collection<Double>) -> Double {
    let mu = mean(values)
    return values.isEmpty
      ? 0 : (values.reduce(0) { $0 + ($1 - mu) * ($1 - mu) } / Double(values.count)).squareRoot()
  }

  /// The largest value; 0 for no value.
  static func maximum(_ values: some Collection<Double>) -> Double { values.max() ?? 0 }

  /// The offset of the first largest value; 0 for no value.
  static func offsetOfMaximum(_ values: [Double]) -> Int {
    var best = 0
    for i in values.indices where values[i] > values[best] { best = i }
    return best
  }

  /// `a / b`, or 0 when `b` is not positive: the one rule for every ratio of the global
  /// features, so that a signature without extent or duration gets 0 rather than NaN.
  static func ratio(_ a: Double, _ b: Double) -> Double { b > 0 ? a / b : 0 }

  /// The series z-normalised, `(v − mean) / sd`; all zeros when the series does not vary,
  /// that is when `sd ≤ 10⁻¹² · max |v|` (or is 0), where the quotient would only amplify the
  /// rounding of the mean.
  static func zNormalized(_ values: [Double]) -> [Double] {
    let mu = mean(values)
    let sd = standardDeviation(values)
    let largest = values.reduce(0) { max($0, abs($1)) }
    guard sd > 0, sd > 1e-12 * largest else {
      return [Double](repeating: 0, count: values.count)
    }
    return values.map { ($0 - mu) / sd }
  }

  /// A continuous version of an angle series: each step is brought into `[−π, π)` by whole
  /// turns, `θ[i] −= 2π · ⌊(θ[i] − θ[i−1]) / 2π + ½⌋`.
  static func unwrapped(_ angles: [Double]) -> [Double] {
    var result = angles
    for i in result.indices.dropFirst() {
      let step = result[i] - result[i - 1]
      result[i] -= 2 * .pi * (step / (2 * .pi) + 0.5).rounded(.down)
    }
    return result
  }
}
