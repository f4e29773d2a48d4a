/// A filter of a sampled signal that keeps its length: smoothing, differentiation.
public protocol SignalFilter: Sendable {
  /// The filtered signal, as long as the input.
  func apply(_ values: [Double]) throws(ResamplingError) -> [Double]
}

extension GaussianFilter: SignalFilter {}
extension SavitzkyGolayFilter: SignalFilter {}
extension RegressionDerivative: SignalFilter {}
