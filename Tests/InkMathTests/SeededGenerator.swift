import InkMath

/// A seeded generator (SplitMix64, Steele, Lea and Flood 2014) for reproducible property tests.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A `rows × columns` matrix of uniform values in `-1…1`.
  mutating func matrix(_ rows: Int, _ columns: Int) -> Matrix {
    let values = (0..<(rows * columns)).map { _ in Double.random(in: -1...1, using: &self) }
    return try! Matrix(rows: rows, columns: columns, elements: values)
  }

  /// A random `d × d` proper rotation (QR-free: Gram–Schmidt on a random matrix, sign-fixed).
  mutating func rotation(_ d: Int) -> Matrix {
    var q = matrix(d, d)
    for i in 0..<d {
      for p in 0..<i {
        let dot = (0..<d).reduce(0) { $0 + q[i, $1] * q[p, $1] }
        for j in 0..<d { q[i, j] -= dot * q[p, j] }
      }
      let norm = (0..<d).reduce(0) { $0 + q[i, $1] * q[i, $1] }.squareRoot()
      for j in 0..<d { q[i, j] /= norm }
    }
    return q
  }
}
