import InkMath

/// A dendrogram: the `n − 1` merges of agglomerative clustering, in SciPy's linkage-matrix
/// convention.
///
/// Merge `i` joins the clusters ``Merge/left`` and ``Merge/right`` (`left < right`) at height
/// ``Merge/distance`` into a cluster of ``Merge/size`` points that takes the number `n + i`;
/// numbers below `n` are the points themselves. Merges are in order of height (equal heights in
/// the order the algorithm found them), as `scipy.cluster.hierarchy.linkage` returns them, so
/// ``matrix`` is SciPy's `Z` value for value.
public struct Linkage: Sendable, Hashable, Codable {
  /// The number of points, `n`.
  public var observationCount: Int
  /// The method that built it.
  public var method: LinkageMethod
  /// The `n − 1` merges, lowest first.
  public var merges: [Merge]

  /// A dendrogram from its parts.
  public init(observationCount: Int, method: LinkageMethod, merges: [Merge]) {
    self.observationCount = observationCount
    self.method = method
    self.merges = merges
  }

  /// SciPy's `(n − 1) × 4` linkage matrix `Z`: a row `[left, right, distance, size]` a merge.
  public var matrix: Matrix {
    // (n − 1) × 4 values, consistent by construction.
    try! Matrix(
      rows: merges.count, columns: 4,
      elements: merges.flatMap {
        [Double($0.left), Double($0.right), $0.distance, Double($0.size)]
      })
  }

  /// A dendrogram from merges recorded as pairs of points (a point of each cluster), in the
  /// order found: sorted by height (stably) and numbered with a union–find, as SciPy's
  /// `_hierarchy.label` does.
  init(observationCount n: Int, method: LinkageMethod, pointPairs: [(Int, Int, Double)]) {
    let order = pointPairs.indices.sorted {
      pointPairs[$0].2 < pointPairs[$1].2 || (pointPairs[$0].2 == pointPairs[$1].2 && $0 < $1)
    }
    var parent = Array(0..<(2 * n - 1))
    var size = [Int](repeating: 1, count: 2 * n - 1)
    func root(_ x: Int) -> Int {
      var x = x
      while parent[x] != x { x = parent[x] }
      return x
    }
    var merges: [Merge] = []
    merges.reserveCapacity(n - 1)
    for (step, index) in order.enumerated() {
      let (x, y, distance) = pointPairs[index]
      let (a, b) = (root(x), root(y))
      let label = n + step
      parent[a] = label
      parent[b] = label
      size[label] = size[a] + size[b]
      merges.append(Merge(left: min(a, b), right: max(a, b), distance: distance, size: size[label]))
    }
    self.init(observationCount: n, method: method, merges: merges)
  }
}
