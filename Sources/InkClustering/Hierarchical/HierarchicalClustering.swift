import InkMath
import _DuctusSupport

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
/// - Complexity: O(n²) time; memory: the chain works on one copy of the condensed matrix
///   (`n(n − 1)/2` doubles, on huge pages where the system allows, as fastcluster copies its
///   input), single linkage only reads the matrix; O(n) more.
public enum HierarchicalClustering {
  /// The dendrogram of the points whose distances are `distances`.
  /// - Throws: ``ClusteringError`` for fewer than two points.
  public static func linkage(_ distances: CondensedDistanceMatrix, method: LinkageMethod)
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
    // The chain's working copy, on huge pages where the system allows (its columns are read
    // with a stride of a row, a page apart). Ward's update is linear in squared distances: the
    // copy holds the squares, and the n − 1 heights get their roots back at the end, rather
    // than a root an update (as fastcluster; the order of merges is the same).
    let ward = method == .ward
    var values = distances.values.withUnsafeBufferPointer { source in
      [Double](unsafeUninitializedCapacity: source.count) { copy, initialized in
        if let base = copy.baseAddress {
          Platform.adviseHugePages(base, byteCount: source.count * MemoryLayout<Double>.stride)
        }
        for i in 0..<source.count { copy[i] = ward ? source[i] * source[i] : source[i] }
        initialized = source.count
      }
    }
    var pairs = values.withUnsafeMutableBufferPointer { d in
      nearestNeighbourChain(d, count: n, method: method)
    }
    if ward {
      for i in pairs.indices { pairs[i].2 = pairs[i].2.squareRoot() }
    }
    return Linkage(observationCount: n, method: method, pointPairs: pairs)
  }

  /// The dendrogram of the rows of `features` under Euclidean distances (SciPy's
  /// `linkage(features, method)`).
  /// - Throws: ``ClusteringError`` for fewer than two points or a NaN or infinity.
  public static func linkage(features: Matrix, method: LinkageMethod) throws -> Linkage {
    try linkage(CondensedDistanceMatrix(euclideanDistancesOf: features), method: method)
  }

  /// Where each row of the condensed matrix would start if it began at column 0: the distance
  /// between points `a < b` is at `rowOffsets[a] + b`.
  private static func rowOffsets(count n: Int) -> [Int] {
    (0..<n).map { a in n * a - a * (a + 1) / 2 - a - 1 }
  }

  /// The first position of `sorted` whose element is not below `value`.
  private static func firstPosition(notBelow value: Int, in sorted: UnsafeBufferPointer<Int>)
    -> Int
  {
    var (low, high) = (0, sorted.count)
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Prim's algorithm: each step joins the point outside the tree nearest to it. The points
  /// outside are kept in increasing order, with their distances to the tree beside them, so
  /// that each step scans contiguous arrays and the first of equally near points wins, as in
  /// SciPy.
  private static func minimumSpanningTree(_ d: UnsafeBufferPointer<Double>, count n: Int)
    -> [(Int, Int, Double)]
  {
    let offsets = rowOffsets(count: n)
    var outside = Array(1..<n)
    var nearest = [Double](repeating: .infinity, count: n - 1)
    var pairs: [(Int, Int, Double)] = []
    pairs.reserveCapacity(n - 1)
    var x = 0
    while !outside.isEmpty {
      var (best, bestPosition) = (Double.infinity, -1)
      offsets.withUnsafeBufferPointer { offsets in
        outside.withUnsafeBufferPointer { points in
          nearest.withUnsafeMutableBufferPointer { nearest in
            let split = firstPosition(notBelow: x, in: points)
            func visit(_ position: Int, _ distance: Double) {
              if distance < nearest[position] { nearest[position] = distance }
              if nearest[position] < best || bestPosition < 0 {
                (best, bestPosition) = (nearest[position], position)
              }
            }
            for position in 0..<split { visit(position, d[offsets[points[position]] + x]) }
            let row = offsets[x]
            for position in split..<points.count { visit(position, d[row + points[position]]) }
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
    let offsets = rowOffsets(count: n)
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
          current = d[x < y ? offsets[x] + y : offsets[y] + x]
        } else {
          (y, current) = (-1, .infinity)
        }
        offsets.withUnsafeBufferPointer { offsets in
          active.withUnsafeBufferPointer { clusters in
            let split = firstPosition(notBelow: x, in: clusters)
            for position in 0..<split {
              let distance = d[offsets[clusters[position]] + x]
              if distance < current || y < 0 { (y, current) = (clusters[position], distance) }
            }
            let row = offsets[x]
            for position in (split + 1)..<max(clusters.count, split + 1) {
              let distance = d[row + clusters[position]]
              if distance < current || y < 0 { (y, current) = (clusters[position], distance) }
            }
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
      offsets.withUnsafeBufferPointer { offsets in
        active.withUnsafeBufferPointer { clusters in
          size.withUnsafeBufferPointer { size in
            // Below x, between x and y, above y: where d(i, x) and d(i, y) lie in the rows.
            let (rowX, rowY) = (offsets[x], offsets[y])
            let belowX = firstPosition(notBelow: x, in: clusters)
            let belowY = firstPosition(notBelow: y, in: clusters)
            func update(_ i: Int, _ ix: Int, _ iy: Int) {
              d[iy] = updated(d[ix], d[iy], current, nx, ny, size[i], method: method)
            }
            for i in clusters[0..<belowX] { update(i, offsets[i] + x, offsets[i] + y) }
            for i in clusters[belowX..<belowY] { update(i, rowX + i, offsets[i] + y) }
            for i in clusters[(belowY + 1)...] { update(i, rowX + i, rowY + i) }
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
      // On squared distances (see linkage(_:method:)).
      return (Double(ni + nx) * dxi + Double(ni + ny) * dyi - Double(ni) * dxy)
        / Double(nx + ny + ni)
    }
  }
}
