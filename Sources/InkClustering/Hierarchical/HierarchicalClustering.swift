import InkMath

/// Agglomerative hierarchical clustering in O(n²) time and at most one condensed distance
/// matrix of memory: the nearest-neighbour chain for ``LinkageMethod/complete``,
/// ``LinkageMethod/average`` and ``LinkageMethod/ward``, a minimum spanning tree for
/// ``LinkageMethod/single``.
///
/// The nearest-neighbour chain (J.-P. Benzécri 1982; C. de Rham 1980; in the form of
/// D. Müllner, *Modern hierarchical, agglomerative clustering algorithms*, arXiv:1109.2378, 2011,
/// and of SciPy's `_hierarchy.nn_chain`) grows a chain of nearest neighbours until two clusters
/// are each other's nearest, merges them in place (the merged cluster takes the higher number's
/// row; Lance–Williams updates, see ``LinkageMethod``) and goes on from the rest of the chain. It
/// is exact for the *reducible* methods, whose merges never come closer to a third cluster than
/// the nearer of the two was. Single linkage is the minimum spanning tree, grown by Prim's
/// algorithm over the condensed matrix without changing it (Müllner's `MST_linkage_core`). Both
/// record merges as pairs of points and sort them by height, so the result is SciPy's linkage
/// matrix (``Linkage``).
///
/// ```swift
/// let tree = try HierarchicalClustering.linkage(
///   CondensedDistanceMatrix(euclideanDistancesOf: features), method: .ward)
/// let labels = try tree.flatClusters(maxClusters: 4)
/// ```
/// - Complexity: O(n²) time; memory: the chain works on the condensed matrix it is given (taken
///   by `consuming`, so a caller that passes its last use lends its storage, else one copy is
///   made), `n(n − 1)/2` doubles, plus O(n); single linkage only reads it.
public enum HierarchicalClustering {
  /// The dendrogram of the points whose distances are `distances`.
  /// - Throws: ``ClusteringError`` for fewer than two points.
  public static func linkage(_ distances: consuming CondensedDistanceMatrix, method: LinkageMethod)
    throws -> Linkage
  {
    let n = distances.count
    guard n >= 2 else {
      throw ClusteringError.invalidArgument(
        operation: "linkage", detail: "at least 2 points are needed, not \(n)")
    }
    if method == .single {
      return distances.values.withUnsafeBufferPointer { d in
        Linkage(
          observationCount: n, method: method, pointPairs: minimumSpanningTree(d, count: n))
      }
    }
    var values = (consume distances).values
    let pairs = values.withUnsafeMutableBufferPointer { d in
      nearestNeighbourChain(d, count: n, method: method)
    }
    return Linkage(observationCount: n, method: method, pointPairs: pairs)
  }

  /// The dendrogram of the rows of `features` under Euclidean distances (SciPy's
  /// `linkage(features, method)`).
  /// - Throws: ``ClusteringError`` for fewer than two points or a NaN or infinity.
  public static func linkage(features: Matrix, method: LinkageMethod) throws -> Linkage {
    try linkage(CondensedDistanceMatrix(euclideanDistancesOf: features), method: method)
  }

  /// The position in the condensed matrix of the distance between points `a` and `b`.
  @inline(__always)
  private static func index(_ a: Int, _ b: Int, count n: Int) -> Int {
    a < b ? n * a - a * (a + 1) / 2 + b - a - 1 : n * b - b * (b + 1) / 2 + a - b - 1
  }

  /// Prim's algorithm: each step joins the point outside the tree nearest to it. The points
  /// outside are kept in increasing order, with their distances to the tree beside them, so
  /// that each step scans contiguous arrays and the first of equally near points wins, as in
  /// SciPy.
  private static func minimumSpanningTree(_ d: UnsafeBufferPointer<Double>, count n: Int)
    -> [(Int, Int, Double)]
  {
    var outside = Array(1..<n)
    var nearest = [Double](repeating: .infinity, count: n - 1)
    var pairs: [(Int, Int, Double)] = []
    pairs.reserveCapacity(n - 1)
    var x = 0
    while !outside.isEmpty {
      var (best, bestPosition) = (Double.infinity, 0)
      outside.withUnsafeBufferPointer { points in
        nearest.withUnsafeMutableBufferPointer { nearest in
          for position in 0..<points.count {
            let distance = d[index(x, points[position], count: n)]
            if distance < nearest[position] { nearest[position] = distance }
            if nearest[position] < best || position == 0 {
              (best, bestPosition) = (nearest[position], position)
            }
          }
        }
      }
      let y = outside.remove(at: bestPosition)
      nearest.remove(at: bestPosition)
      pairs.append((x, y, best))
      x = y
    }
    return pairs
  }

  /// The nearest-neighbour chain, updating `d` in place. The clusters still active are kept
  /// in increasing order, so that scans skip the merged ones and the first of equally near
  /// clusters wins, as in SciPy.
  private static func nearestNeighbourChain(
    _ d: UnsafeMutableBufferPointer<Double>, count n: Int, method: LinkageMethod
  ) -> [(Int, Int, Double)] {
    var size = [Int](repeating: 1, count: n)
    var active = Array(0..<n)
    var chain: [Int] = []
    chain.reserveCapacity(n)
    var pairs: [(Int, Int, Double)] = []
    pairs.reserveCapacity(n - 1)
    for _ in 0..<(n - 1) {
      if chain.isEmpty { chain.append(active[0]) }
      var x: Int
      var y: Int
      var current: Double
      while true {
        x = chain[chain.count - 1]
        // Prefer the previous cluster of the chain among equals, so the chain cannot cycle.
        if chain.count > 1 {
          y = chain[chain.count - 2]
          current = d[index(x, y, count: n)]
        } else {
          (y, current) = (-1, .infinity)
        }
        active.withUnsafeBufferPointer { clusters in
          for i in clusters where i != x {
            let distance = d[index(x, i, count: n)]
            if distance < current || y < 0 { (y, current) = (i, distance) }
          }
        }
        if chain.count > 1 && y == chain[chain.count - 2] { break }
        chain.append(y)
      }
      chain.removeLast(2)
      if x > y { swap(&x, &y) }
      let (nx, ny) = (size[x], size[y])
      pairs.append((x, y, current))
      size[x] = 0
      size[y] = nx + ny
      active.remove(at: active.firstIndex(of: x)!)
      active.withUnsafeBufferPointer { clusters in
        size.withUnsafeBufferPointer { size in
          for i in clusters where i != y {
            let (ix, iy) = (index(i, x, count: n), index(i, y, count: n))
            d[iy] = updated(d[ix], d[iy], current, nx, ny, size[i], method: method)
          }
        }
      }
    }
    return pairs
  }

  /// The Lance–Williams update of ``LinkageMethod`` for the distance from cluster `i` (size
  /// `ni`) to the merge of `x` and `y`.
  @inline(__always)
  private static func updated(
    _ dxi: Double, _ dyi: Double, _ dxy: Double, _ nx: Int, _ ny: Int, _ ni: Int,
    method: LinkageMethod
  ) -> Double {
    switch method {
    case .single: return min(dxi, dyi)
    case .complete: return max(dxi, dyi)
    case .average: return (Double(nx) * dxi + Double(ny) * dyi) / Double(nx + ny)
    case .ward:
      let t = 1 / Double(nx + ny + ni)
      return
        (Double(ni + nx) * t * dxi * dxi + Double(ni + ny) * t * dyi * dyi - Double(ni) * t
        * dxy * dxy).squareRoot()
    }
  }
}
