/// The derivative of a sampled signal by a local linear regression over `±window` samples, as
/// on-line signature verification computes it.
///
/// `ḟ[n] = Σ_{τ=1}^{W} τ (f[n+τ] − f[n−τ]) / (2 Σ_{τ=1}^{W} τ²)`, the second-order regression
/// of Fierrez-Aguilar, Nanni, Lopez-Peñalba, Ortega-Garcia and Maltoni (2005) with `W = 2`;
/// samples beyond the ends repeat the end sample. The result is per sample; divide by the
/// sampling interval for per-second rates.
public struct RegressionDerivative: Hashable, Sendable {
  /// The half-width `W` of the regression window, in samples.
  public var window: Int

  /// A derivative over `±window` samples (2 in the signature literature).
  public init(window: Int = 2) {
    self.window = window
  }

  /// The derivative of `values`, as long as the input; empty in, empty out.
  public func apply(_ values: [Double]) -> [Double] {
    let n = values.count
    guard n > 0, window > 0 else { return [Double](repeating: 0, count: n) }
    let denominator = Double(2 * (1...window).reduce(0) { $0 + $1 * $1 })
    return (0..<n).map { i in
      var sum = 0.0
      for tau in 1...window {
        sum += Double(tau) * (values[min(i + tau, n - 1)] - values[max(i - tau, 0)])
      }
      return sum / denominator
    }
  }
}
