import Foundation

extension SplitMix64 {
  /// A uniform number in `range`.
  package mutating func uniform(_ range: ClosedRange<Double>) -> Double {
    Double.random(in: range, using: &self)
  }

  /// A normally distributed number (Box and Muller 1958).
  package mutating func normal(mean: Double = 0, deviation: Double = 1) -> Double {
    let u1 = max(Double.random(in: 0..<1, using: &self), 1e-12)
    let u2 = Double.random(in: 0..<1, using: &self)
    return mean + deviation * (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
  }
}
