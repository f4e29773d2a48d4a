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
/// that the matrices agree bit for bit, and `directed`, which is not symmetric: the Euclidean
/// distance plus half the size of the first coordinate of the point gone to.
enum ReferenceMetric: String, Decodable {
  case euclidean, sqeuclidean, cityblock, directed

  /// The distance between rows `i` and `j` of the `d`-column row-major `data`.
  func distance(_ data: [Double], _ i: Int, _ j: Int, d: Int) -> Double {
    var sum = 0.0
    for c in 0..<d {
      let difference = data[i * d + c] - data[j * d + c]
      sum += self == .cityblock ? abs(difference) : difference * difference
    }
    switch self {
    case .euclidean: return sum.squareRoot()
    case .directed: return sum.squareRoot() + 0.5 * abs(data[j * d])
    default: return sum
    }
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
