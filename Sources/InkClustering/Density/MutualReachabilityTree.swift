import InkMath

/// The minimum spanning tree of the mutual reachability graph of ``HDBSCAN``, by Prim's
/// algorithm, as scikit-learn's `mst_from_data_matrix` (features) and
/// `mst_from_mutual_reachability` (a distance matrix) build it.
///
/// The mutual reachability distance of points `a` and `b` is `max(core(a), core(b), d(a, b))`,
/// where `core(p)` is the distance from `p` to its `minSamples`-th nearest point, itself
/// included. The graph is never stored: a step of Prim's algorithm computes the distances from
/// the point last added to those still outside, O(n) memory in all.
struct MutualReachabilityTree {
  /// One edge: the point that joined the tree, the point it joined from, and their mutual
  /// reachability distance.
  struct Edge {
    var from: Int
    var to: Int
    var distance: Double
  }

  /// The `n − 1` edges in the order Prim's algorithm added them.
  let edges: [Edge]

  /// The tree of `n` points whose core distances are `core`; `distances(a, points, into)`
  /// writes the distance from point `a` to each of `points` into `into`.
  ///
  /// Prim's algorithm starts at point 0 and adds, a step at a time, the outside point nearest
  /// the tree (the first in index order of equally near ones). With `fromLastAdded` the edge
  /// records the point added just before instead of the tree point the new one is nearest,
  /// as scikit-learn's dense precomputed route does (`mst_from_mutual_reachability`): the
  /// heights are the tree's, the joins can differ, and its labels are reproduced.
  init(
    points n: Int, core: [Double], fromLastAdded: Bool,
    distances: (Int, [Int], UnsafeMutableBufferPointer<Double>) -> Void
  ) {
    var outside = Array(1..<max(n, 1))
    var reach = [Double](repeating: .infinity, count: n)
    var source = [Int](repeating: 0, count: n)
    var measured = [Double](repeating: 0, count: n)
    var edges: [Edge] = []
    edges.reserveCapacity(max(n - 1, 0))
    var current = 0
    while !outside.isEmpty {
      measured.withUnsafeMutableBufferPointer { distances(current, outside, $0) }
      var (best, bestPosition) = (Double.infinity, 0)
      for (position, j) in outside.enumerated() {
        let value = max(core[current], core[j], measured[position])
        if value < reach[j] {
          reach[j] = value
          source[j] = current
        }
        if reach[j] < best || position == 0 { (best, bestPosition) = (reach[j], position) }
      }
      let next = outside.remove(at: bestPosition)
      edges.append(Edge(from: fromLastAdded ? current : source[next], to: next, distance: best))
      current = next
    }
    self.edges = edges
  }

  /// Writes the Euclidean distances from row `a` of `features` to each of rows `points` into
  /// `into`, four rows at a time in the lanes of a vector, each sum in the order of
  /// ``euclidean(_:_:_:)`` (so that the distances are the same to the bit).
  static func euclidean(
    _ features: Matrix, from a: Int, to points: [Int], into: UnsafeMutableBufferPointer<Double>
  ) {
    let d = features.columns
    features.elements.withUnsafeBufferPointer { x in
      let base = x.baseAddress!
      let from = base + a * d
      var k = 0
      while k + 4 <= points.count {
        let (p0, p1, p2, p3) = (
          base + points[k] * d, base + points[k + 1] * d, base + points[k + 2] * d,
          base + points[k + 3] * d
        )
        var sum = SIMD4<Double>.zero
        for c in 0..<d {
          let difference = SIMD4(p0[c], p1[c], p2[c], p3[c]) - SIMD4(repeating: from[c])
          sum += difference * difference
        }
        let root = sum.squareRoot()
        for lane in 0..<4 { into[k + lane] = root[lane] }
        k += 4
      }
      while k < points.count {
        into[k] = euclidean(features, a, points[k])
        k += 1
      }
    }
  }

  /// The core distances of the rows of `features`: the Euclidean distance to the
  /// `(minSamples − 1)`-th nearest other row, found by `NearestNeighbors` and measured again
  /// exactly (difference by difference, as scikit-learn's k-d tree measures it).
  static func coreDistances(features: Matrix, minSamples: Int) throws -> [Double] {
    guard minSamples > 1 else { return [Double](repeating: 0, count: features.rows) }
    let neighbours = try NearestNeighbors(amongRowsOf: features, k: minSamples - 1)
    return (0..<features.rows).map { i in
      neighbours.neighbors(ofQuery: i).reduce(0) { max($0, euclidean(features, i, $1)) }
    }
  }

  /// The core distances of the points of a distance matrix: the `minSamples`-th smallest entry
  /// of each row, its diagonal included (scikit-learn's `np.partition` of the row).
  static func coreDistances(distances: DistanceMatrixElements, minSamples: Int) -> [Double] {
    var core = [Double](repeating: 0, count: distances.rows)
    var smallest: [Double] = []
    smallest.reserveCapacity(minSamples + 1)
    distances.forEachRow { i, row in
      smallest.removeAll(keepingCapacity: true)
      for value in row where smallest.count < minSamples || value < smallest.last! {
        let position = smallest.firstIndex { $0 > value } ?? smallest.count
        smallest.insert(value, at: position)
        if smallest.count > minSamples { smallest.removeLast() }
      }
      core[i] = smallest[minSamples - 1]
    }
    return core
  }

  /// The Euclidean distance between rows `a` and `b` of `features`.
  static func euclidean(_ features: Matrix, _ a: Int, _ b: Int) -> Double {
    let d = features.columns
    return features.elements.withUnsafeBufferPointer { x in
      var sum = 0.0
      for c in 0..<d {
        let difference = x[a * d + c] - x[b * d + c]
        sum += difference * difference
      }
      return sum.squareRoot()
    }
  }
}
