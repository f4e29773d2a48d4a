import DuctusTestSupport
import Foundation
import InkMath

/// One fixture file of `Tests/Fixtures/clustering/` (written by
/// `Scripts/reference/clustering.py`): the peers' versions and a list of cases.
struct ClusteringFixture<Case: Decodable>: Decodable {
  let cases: [Case]

  /// Decodes `Tests/Fixtures/clustering/<name>.json`.
  static func load(_ name: String) throws -> [Case] {
    try Fixture.decode(ClusteringFixture<Case>.self, from: "clustering/\(name).json").cases
  }
}

/// SciPy's `pdist` metrics of the fixtures, summed in the same order as SciPy's C loops so
/// that the matrices agree bit for bit.
enum ReferenceMetric: String, Decodable {
  case euclidean, sqeuclidean, cityblock

  /// The distance between rows `i` and `j` of the `d`-column row-major `data`.
  func distance(_ data: [Double], _ i: Int, _ j: Int, d: Int) -> Double {
    var sum = 0.0
    for c in 0..<d {
      let difference = data[i * d + c] - data[j * d + c]
      sum += self == .cityblock ? abs(difference) : difference * difference
    }
    return self == .euclidean ? sum.squareRoot() : sum
  }

  /// The square `n × n` distance matrix.
  func square(_ data: [Double], points n: Int, dimensions d: Int) throws -> Matrix {
    var elements = [Double](repeating: 0, count: n * n)
    for i in 0..<n {
      for j in 0..<n where j != i { elements[i * n + j] = distance(data, i, j, d: d) }
    }
    return try Matrix(rows: n, columns: n, elements: elements)
  }
}

/// `|a − b| ≤ 1e-9 · max(1, |b|)`.
func close(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
  abs(a - b) <= tolerance * max(1, abs(b))
}
