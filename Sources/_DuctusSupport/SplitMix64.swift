/// The SplitMix64 generator (G. Steele, D. Lea, C. Flood, *Fast splittable pseudorandom number
/// generators*, OOPSLA 2014): a seeded, platform-independent stream, and a Fisher–Yates
/// permutation drawn from it, so that a seeded shuffle gives the same order on every machine and
/// in every release (the standard library's `shuffled(using:)` does not promise that).
package struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator whose stream is fixed by `seed`.
  package init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A random permutation of `0..<count` (Fisher–Yates, each index drawn as the high word of a
  /// 64 × 64-bit product: Lemire's multiply-shift without rejection, bias below 2⁻³²).
  package mutating func permutation(count: Int) -> [Int] {
    var order = Array(0..<count)
    var i = count - 1
    while i > 0 {
      let j = Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(i + 1)).high)
      order.swapAt(i, j)
      i -= 1
    }
    return order
  }
}
