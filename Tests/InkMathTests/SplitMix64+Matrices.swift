import DuctusTestSupport
import InkMath

/// Random matrices for the property tests, drawn from the shared seeded generator.
extension SplitMix64 {
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
