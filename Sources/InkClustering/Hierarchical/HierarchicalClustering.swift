import InkMath
import _DuctusSupport

/// Agglomerative hierarchical clustering in O(n²) time and memory: the nearest-neighbour chain for ``LinkageMethod/complete``,
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
/// algorithm without changing the distances (Müllner's `MST_linkage_core`). Both
/// record merges as pairs of points and sort them by height, so the result is SciPy's linkage
/// matrix (``Linkage``).
///
/// ```swift
/// let tree = try HierarchicalClustering.linkage(
///   CondensedDistanceMatrix(euclideanDistancesOf: features), method: .ward)
/// let labels = try tree.flatClusters(maxClusters: 4)
/// ```
/// - Complexity: O(n²) time. Memory, while `n²` doubles fit in a quarter of the physical
///   memory (so that every scan of a cluster's distances reads contiguous rows): the chain works
///   on a square, symmetric copy (`n²` doubles, with pending column updates), single linkage on
///   a copy of the lower triangle beside the caller's matrix (`n(n − 1)/2` doubles); beyond, the
///   chain works on one copy of the condensed matrix (`n(n − 1)/2` doubles, as fastcluster copies
///   its input) and single linkage only reads the matrix, on huge pages where the system allows.
///   O(n) more.
public enum HierarchicalClustering {
  /// The dendrogram of the points whose distances are `distances`.
  /// - Throws: ``ClusteringError`` for fewer than two points.
  public static func linkage(_ distances: CondensedDistanceMatrix, method: LinkageMethod)
    throws -> Linkage
  {
    try linkage(
      distances, method: method, layout: LinkageDistances.preferredLayout(count: distances.count))
  }

  /// The dendrogram, its working copy in `layout` (tests run both).
  static func linkage(
    _ distances: CondensedDistanceMatrix, method: LinkageMethod,
    layout: LinkageDistances.Layout
  ) throws -> Linkage {
    let n = distances.count
    guard n >= 2 else {
      throw ClusteringError.invalidArgument(
        operation: "linkage", detail: "at least 2 points are needed, not \(n)")
    }
    // Ward's update is linear in squared distances: the copy holds the squares, and the n − 1
    // heights get their roots back at the end, rather than a root an update (as fastcluster;
    // the order of merges is the same).
    let ward = method == .ward
    var pairs: [(Int, Int, Double)]
    switch (method, layout) {
    case (.single, _):
      pairs = minimumSpanningTree(
        LinkageDistances(distances, layout: layout, squared: false, updated: false))
    case (_, .square):
      pairs = nearestNeighbourChain(
        CompactingDistanceMatrix(distances, method: method, squared: ward))
    case (_, .condensed):
      pairs = nearestNeighbourChain(
        LinkageDistances(distances, layout: .condensed, squared: ward, updated: true),
        method: method)
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

  /// Prim's algorithm: each step joins the point outside the tree nearest to it. Every point's
  /// distance to the tree is kept in one array in point order, NaN once the point is inside (no
  /// comparison picks a NaN), so that each step scans contiguous arrays and the first of
  /// equally near points wins, as in SciPy.
  private static func minimumSpanningTree(_ d: LinkageDistances) -> [(Int, Int, Double)] {
    let n = d.count
    var nearest = [Double](repeating: .infinity, count: n)
    nearest[0] = .nan
    var pairs: [(Int, Int, Double)] = []
    pairs.reserveCapacity(n - 1)
    var x = 0
    nearest.withUnsafeMutableBufferPointer { nearest in
      for _ in 1..<n {
        var (y, best) = d.relax(nearest, from: x)
        if y < 0 {
          // No finite distance: the first point outside, as the scan before took it.
          y = nearest.firstIndex { !$0.isNaN }!
          best = nearest[y]
        }
        pairs.append((x, y, best))
        nearest[y] = .nan
        x = y
      }
    }
    return pairs
  }

  /// The nearest-neighbour chain on the square working copy, which keeps the active clusters
  /// in the order of their numbers (the chain holds their positions), so that the first of
  /// equally near clusters wins, as in SciPy.
  private static func nearestNeighbourChain(_ d: CompactingDistanceMatrix)
    -> [(Int, Int, Double)]
  {
    let n = d.dimension
    var chain: [Int] = []
    chain.reserveCapacity(n)
    var pairs: [(Int, Int, Double)] = []
    pairs.reserveCapacity(n - 1)
    for _ in 0..<(n - 1) {
      if chain.isEmpty { chain.append(d.firstActivePosition()) }
      var x: Int
      var y: Int
      var current: Double
      while true {
        x = chain[chain.count - 1]
        // Prefer the previous cluster of the chain among equals, so the chain cannot cycle.
        let previous = chain.count > 1 ? chain[chain.count - 2] : -1
        (y, current) = d.nearest(to: x, preferring: previous)
        if y == previous { break }
        chain.append(y)
      }
      chain.removeLast(2)
      if x > y { swap(&x, &y) }
      pairs.append((d.points[x], d.points[y], current))
      d.merge(x, into: y, distance: current)
      d.compactIfSparse(renumbering: &chain)
    }
    return pairs
  }

  /// The nearest-neighbour chain on the condensed working copy, updating `d` in place. The
  /// clusters still active are kept in increasing order, so that scans skip the merged ones and
  /// the first of equally near clusters wins, as in SciPy.
  private static func nearestNeighbourChain(_ d: LinkageDistances, method: LinkageMethod)
    -> [(Int, Int, Double)]
  {
    let n = d.count
    var size = [Double](repeating: 1, count: n)
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
        (y, current) =
          chain.count > 1 ? (chain[chain.count - 2], d[x, chain[chain.count - 2]]) : (-1, .infinity)
        active.withUnsafeBufferPointer { clusters in
          d.forEachDistance(from: x, to: clusters) { position, distance in
            if distance < current || y < 0 { (y, current) = (clusters[position], distance) }
          }
        }
        if chain.count > 1 && y == chain[chain.count - 2] { break }
        chain.append(y)
      }
      chain.removeLast(2)
      if x > y { swap(&x, &y) }
      let (nx, ny, dxy) = (size[x], size[y], current)
      pairs.append((x, y, current))
      size[x] = 0
      size[y] = nx + ny
      active.remove(at: active.firstIndex(of: x)!)
      active.withUnsafeBufferPointer { clusters in
        size.withUnsafeBufferPointer { size in
          // The Lance–Williams updates of LinkageMethod, one loop a method.
          switch method {
          case .single:
            d.merge(x, into: y, clusters: clusters) { dxi, dyi, _ in LanceWilliams.single(dxi, dyi)
            }
          case .complete:
            d.merge(x, into: y, clusters: clusters) { dxi, dyi, _ in
              LanceWilliams.complete(dxi, dyi)
            }
          case .average:
            d.merge(x, into: y, clusters: clusters) { dxi, dyi, _ in
              LanceWilliams.average(dxi, dyi, sizeX: nx, sizeY: ny)
            }
          case .ward:
            // On squared distances (see linkage(_:method:layout:)).
            d.merge(x, into: y, clusters: clusters) { dxi, dyi, i in
              LanceWilliams.ward(dxi, dyi, sizeI: size[i], sizeX: nx, sizeY: ny, between: dxy)
            }
          }
        }
      }
    }
    return pairs
  }
}
