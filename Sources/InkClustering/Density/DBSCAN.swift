import InkMath

/// DBSCAN (Ester, Kriegel, Sander and Xu 1996), as scikit-learn's `DBSCAN`: clusters of points
/// packed densely, and noise.
///
/// A point is a *core point* when at least ``minSamples`` points (itself included) lie within
/// ``eps`` of it (distance ≤ `eps`). Clusters are numbered in the order of their first core
/// point: each grows from that point through every core point within `eps` of one of its core
/// points, and takes the other points within `eps` of its core points (*border points*); a
/// border point near two clusters belongs to the one numbered first. Points in no cluster are
/// noise, label −1. These are scikit-learn's labels, cluster numbers included.
///
/// Source: M. Ester, H.-P. Kriegel, J. Sander and X. Xu, *A density-based algorithm for
/// discovering clusters in large spatial databases with noise*, KDD 1996; scikit-learn 1.x
/// `sklearn/cluster/_dbscan.py` and `_dbscan_inner.pyx`.
///
/// ```swift
/// let result = try DBSCAN(eps: 0.5, minSamples: 5).fit(features)
/// ```
/// From features, the neighbourhoods come from blocked matrix products, as scikit-learn's
/// `algorithm="brute"` finds them, in a sweep over the pairs (each pair once) that counts every
/// point's neighbours and joins (union–find) the pairs of points already known to be core; the
/// other pairs within `eps` are kept and joined when both turn out core, or, when there were
/// more than ``keptPairs`` of them, a second sweep over the core points joins them. The neighbourhoods are not stored, which scikit-learn does
/// (O(n²) memory for a large `eps`); only the few neighbours of the points that are not core
/// are kept, to place the border points. A distance matrix is read a row at a time.
///
/// - Complexity: O(n²·d) time from features, O(n²) from a distance matrix. Memory beyond the
///   input: from features, one 512 × 512 tile of products (2 MB), two blocks of 512
///   rows, at most ``keptPairs`` pairs (32 MB) and O(n·minSamples) indices; from a distance
///   matrix, O(n).
public struct DBSCAN: Sendable, Hashable {
  /// The radius of a neighbourhood (scikit-learn's `eps`, > 0).
  public var eps: Double
  /// The points within ``eps`` of a core point, itself included (scikit-learn's `min_samples`,
  /// 1 or more).
  public var minSamples: Int

  /// The most pairs within ``eps`` the first sweep over features keeps for later, those with a
  /// point not yet known to be core (32 MB of them); beyond, a second sweep is taken.
  public static let keptPairs = 1 << 22

  /// A configuration; nothing is computed until ``fit(_:)`` or ``fit(distances:)``.
  public init(eps: Double, minSamples: Int = 5) {
    self.eps = eps
    self.minSamples = minSamples
  }

  /// Clusters the rows of `features` (`n × d`) by their Euclidean distances.
  /// - Throws: ``ClusteringError`` for no points, `eps` not finite and > 0, `minSamples < 1`
  ///   or a value that is not finite.
  public func fit(_ features: Matrix) throws -> DBSCANResult {
    try fit(features, keepingPairs: Self.keptPairs)
  }

  /// ``fit(_:)`` keeping at most `keptPairs` pairs from the first sweep (the tests make it
  /// small to take the second sweep).
  func fit(_ features: Matrix, keepingPairs keptPairs: Int) throws -> DBSCANResult {
    try checkArguments(points: features.rows)
    try FiniteValues.check(features.elements, operation: "DBSCAN")
    let n = features.rows
    let search = RadiusNeighbourPairs(features: features, squaredRadius: eps * eps)
    // Pass 1: the size of every neighbourhood, keeping the first minSamples − 1 neighbours of
    // each point (all of them for a point that turns out not to be core). A pair of points
    // already known to be core joins their components at once; the other pairs are kept while
    // they are at most keptPairs, to be joined once every point's count is known.
    let slots = minSamples - 1
    var counts = [Int](repeating: 1, count: n)
    var nearby = [Int](repeating: 0, count: n * slots)
    var components = CoreComponents(count: n)
    var pairs: [UInt64] = []
    var pairsComplete = true
    counts.withUnsafeMutableBufferPointer { counts in
      nearby.withUnsafeMutableBufferPointer { nearby in
        search.forEachPair(among: Array(0..<n)) { i, j in
          if counts[i] <= slots { nearby[i * slots + counts[i] - 1] = j }
          if counts[j] <= slots { nearby[j * slots + counts[j] - 1] = i }
          counts[i] += 1
          counts[j] += 1
          if counts[i] >= minSamples, counts[j] >= minSamples {
            components.join(i, j)
          } else if pairsComplete {
            if pairs.count == keptPairs { pairsComplete = false }
            if pairsComplete { pairs.append(UInt64(i) << 32 | UInt64(j)) }
          }
        }
      }
    }
    let isCore = counts.map { $0 >= minSamples }
    // The kept pairs of core points, or, when there were too many to keep, a second pass over
    // the core points.
    if pairsComplete {
      for pair in pairs {
        let (i, j) = (Int(pair >> 32), Int(pair & 0xffff_ffff))
        if isCore[i], isCore[j] { components.join(i, j) }
      }
    } else {
      pairs = []
      search.forEachPair(among: (0..<n).filter { isCore[$0] }) { components.join($0, $1) }
    }
    // Clusters numbered by their first core point, as the depth-first search of
    // scikit-learn's dbscan_inner numbers them; a border point reached from several clusters
    // is taken by the first of them.
    var labels = [Int](repeating: -1, count: n)
    var clusterOfRoot = [Int](repeating: -1, count: n)
    var clusters = 0
    for i in 0..<n where isCore[i] {
      let root = components.root(of: i)
      if clusterOfRoot[root] < 0 {
        clusterOfRoot[root] = clusters
        clusters += 1
      }
      labels[i] = clusterOfRoot[root]
    }
    for i in 0..<n where !isCore[i] {
      for j in nearby[(i * slots)..<(i * slots + counts[i] - 1)] where isCore[j] {
        labels[i] = labels[i] < 0 ? labels[j] : min(labels[i], labels[j])
      }
    }
    return DBSCANResult(labels: labels, corePoints: isCore, clusterCount: clusters)
  }

  /// Clusters the points of a square distance matrix (scikit-learn's `metric="precomputed"`;
  /// row `i` holds the distances from point `i`), in memory or mapped from a file.
  /// - Throws: ``ClusteringError`` for a matrix that is not square, a distance that is negative
  ///   or not finite, or arguments out of range.
  public func fit(distances: some DistanceMatrixStorage) throws -> DBSCANResult {
    try distances.withDistanceElements { matrix in
      let n = try matrix.requireSquare(operation: "DBSCAN")
      try checkArguments(points: n)
      try matrix.checkDistances(operation: "DBSCAN")
      return matrix.withRowScratch { scratch in
        expand(points: n) { i, visit in
          let row = matrix.row(i, scratch: scratch)
          for j in 0..<n where row[j] <= eps { visit(j) }
        }
      }
    }
  }

  /// Throws for arguments out of range.
  private func checkArguments(points n: Int) throws {
    guard n >= 1 else {
      throw ClusteringError.invalidArgument(operation: "DBSCAN", detail: "no points to cluster")
    }
    guard eps > 0, eps.isFinite else {
      throw ClusteringError.invalidArgument(
        operation: "DBSCAN", detail: "eps = \(eps) is not a finite number > 0")
    }
    guard minSamples >= 1 else {
      throw ClusteringError.invalidArgument(
        operation: "DBSCAN", detail: "min samples = \(minSamples) is not 1 or more")
    }
  }

  /// The labels from a neighbourhood search, `neighbours(i, visit)` calling `visit` for every
  /// point within ``eps`` of point `i` (itself included): core points in one pass, then
  /// scikit-learn's `dbscan_inner` (a depth-first search from each unlabelled core point).
  private func expand(points n: Int, neighbours: (Int, (Int) -> Void) -> Void) -> DBSCANResult {
    var isCore = [Bool](repeating: false, count: n)
    for i in 0..<n {
      var count = 0
      neighbours(i) { _ in count += 1 }
      isCore[i] = count >= minSamples
    }
    var labels = [Int](repeating: -1, count: n)
    var clusters = 0
    // A point is stacked once (scikit-learn stacks it again from each core point that reaches
    // it before it is labelled, up to n² entries in a dense cluster): every stacked point is
    // labelled by this search, so the labels are the same, and the stack holds at most n.
    var stacked = [Bool](repeating: false, count: n)
    var stack: [Int] = []
    for seed in 0..<n where labels[seed] == -1 && isCore[seed] {
      var point = seed
      while true {
        if labels[point] == -1 {
          labels[point] = clusters
          if isCore[point] {
            neighbours(point) { j in
              if labels[j] == -1, !stacked[j] {
                stacked[j] = true
                stack.append(j)
              }
            }
          }
        }
        guard let next = stack.popLast() else { break }
        point = next
      }
      clusters += 1
    }
    return DBSCANResult(labels: labels, corePoints: isCore, clusterCount: clusters)
  }
}
