import Foundation

/// A small seeded random number generator (SplitMix64, Steele, Lea and Flood 2014), so that a
/// synthetic attempt is the same for the same seed on every machine.
struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform number in `range`.
  mutating func uniform(_ range: ClosedRange<Double>) -> Double {
    Double.random(in: range, using: &self)
  }

  /// A normally distributed number (Box–Muller).
  mutating func normal(mean: Double = 0, deviation: Double = 1) -> Double {
    let u1 = max(Double.random(in: 0..<1, using: &self), 1e-12)
    let u2 = Double.random(in: 0..<1, using: &self)
    return mean + deviation * (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
  }
}
