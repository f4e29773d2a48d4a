import InkMath

/// HDBSCAN (Campello, Moulavi and Sander 2013), as scikit-learn's `HDBSCAN` (and the `hdbscan`
/// package): clusters of varying density, and noise, from a hierarchy of DBSCAN clusterings.
///
/// A point's *core distance* is its distance to the ``minSamples``-th nearest point, itself
/// included. Two points' *mutual reachability distance* is the largest of their core distances
/// and their distance. The minimum spanning tree of that graph (Prim's algorithm), read as a
/// single-linkage tree, is condensed: walking down from the whole set, a side of a split with
/// fewer than ``minClusterSize`` points falls out as noise of its cluster, and a split into two
/// large sides ends the cluster and begins two. The flat clusters are chosen from the condensed
/// tree by ``ClusterSelection``. Labels are scikit-learn's, cluster numbers included, and the
/// probabilities its `probabilities_`.
///
/// Sources: R. J. G. B. Campello, D. Moulavi and J. Sander, *Density-based clustering based on
/// hierarchical density estimates*, PAKDD 2013; L. McInnes, J. Healy and S. Astels, *hdbscan:
/// hierarchical density based clustering*, JOSS 2017; scikit-learn 1.x
/// `sklearn/cluster/_hdbscan` (`hdbscan.py`, `_linkage.pyx`, `_tree.pyx`). What differs: the
/// edges of the spanning tree are sorted stably (NumPy's default sort is not), which decides
/// between equal distances only; `cluster_selection_epsilon`, `max_cluster_size` and `alpha`
/// keep scikit-learn's defaults (0, none, 1).
///
/// ```swift
/// let result = try HDBSCAN(minClusterSize: 15).fit(features)
/// ```
/// - Complexity: O(n²·d) time from features (Prim's algorithm measuring each distance
///   exactly, as scikit-learn's `mst_from_data_matrix`), O(n²) from a distance matrix; memory
///   O(n) beyond the input — the mutual reachability graph is never stored (scikit-learn's
///   dense precomputed route writes it over the input matrix).
public struct HDBSCAN: Sendable, Hashable {
  /// How the flat clusters are chosen from the condensed tree (scikit-learn's
  /// `cluster_selection_method`).
  public enum ClusterSelection: String, Sendable, Hashable, CaseIterable {
    /// Excess of mass (`"eom"`): the clusters of greatest total stability, a cluster being
    /// kept over its descendants when its own stability is at least the sum of theirs.
    case excessOfMass = "eom"
    /// The leaves of the condensed tree (`"leaf"`): many small, even-density clusters.
    case leaf
  }

  /// The fewest points a cluster may hold (scikit-learn's `min_cluster_size`, 2 or more).
  public var minClusterSize: Int
  /// The points whose farthest sets the core distance, itself included (scikit-learn's
  /// `min_samples`, 1 to the number of points); `nil` takes ``minClusterSize``.
  public var minSamples: Int?
  /// How the flat clusters are chosen.
  public var clusterSelection: ClusterSelection
  /// Whether the whole set may be the one cluster (scikit-learn's `allow_single_cluster`).
  public var allowSingleCluster: Bool

  /// A configuration; nothing is computed until ``fit(_:)`` or ``fit(distances:)``.
  public init(
    minClusterSize: Int = 5, minSamples: Int? = nil,
    clusterSelection: ClusterSelection = .excessOfMass, allowSingleCluster: Bool = false
  ) {
    self.minClusterSize = minClusterSize
    self.minSamples = minSamples
    self.clusterSelection = clusterSelection
    self.allowSingleCluster = allowSingleCluster
  }

  /// Clusters the rows of `features` (`n × d`) by their Euclidean distances.
  /// - Throws: ``ClusteringError`` for fewer than 2 points, arguments out of range or a value
  ///   that is not finite.
  public func fit(_ features: Matrix) throws -> HDBSCANResult {
    let samples = try checkArguments(points: features.rows)
    try FiniteValues.check(features.elements, operation: "HDBSCAN")
    let core = try MutualReachabilityTree.coreDistances(features: features, minSamples: samples)
    let tree = MutualReachabilityTree(points: features.rows, core: core, fromLastAdded: false) {
      MutualReachabilityTree.euclidean(features, from: $0, to: $1, into: $2)
    }
    return clusters(of: tree, points: features.rows)
  }

  /// Clusters the points of a symmetric distance matrix (scikit-learn's
  /// `metric="precomputed"`), in memory or mapped from a file.
  /// - Throws: ``ClusteringError`` for a matrix that is not square or not symmetric (within
  ///   NumPy's `allclose` tolerances, as scikit-learn checks), a distance that is negative or
  ///   not finite, or arguments out of range.
  public func fit(distances: some DistanceMatrixStorage) throws -> HDBSCANResult {
    try distances.withDistanceElements { matrix in
      let n = try matrix.requireSquare(operation: "HDBSCAN")
      let samples = try checkArguments(points: n)
      try matrix.checkDistances(operation: "HDBSCAN")
      if let (i, j) = matrix.firstAsymmetricPair(equivalent: { a, b in
        abs(a - b) <= 1e-8 + 1e-5 * abs(b) && abs(b - a) <= 1e-8 + 1e-5 * abs(a)
      }) {
        throw ClusteringError.invalidArgument(
          operation: "HDBSCAN",
          detail: "the distance matrix is not symmetric: [\(i), \(j)] = \(matrix[i, j]), "
            + "[\(j), \(i)] = \(matrix[j, i])")
      }
      let core = MutualReachabilityTree.coreDistances(distances: matrix, minSamples: samples)
      let tree = matrix.withRowScratch { scratch in
        MutualReachabilityTree(points: n, core: core, fromLastAdded: true) { a, points, into in
          let row = matrix.row(a, scratch: scratch)
          for (k, b) in points.enumerated() { into[k] = row[b] }
        }
      }
      return clusters(of: tree, points: n)
    }
  }

  /// The flat clusters of a spanning tree.
  private func clusters(of tree: MutualReachabilityTree, points n: Int) -> HDBSCANResult {
    let condensed = CondensedTree(points: n, edges: tree.edges, minClusterSize: minClusterSize)
    let (labels, probabilities) = condensed.flatClusters(
      selection: clusterSelection, allowSingleCluster: allowSingleCluster)
    return HDBSCANResult(
      labels: labels, probabilities: probabilities, clusterCount: (labels.max() ?? -1) + 1)
  }

  /// Throws for arguments out of range; the `min_samples` in force.
  private func checkArguments(points n: Int) throws -> Int {
    guard n >= 2 else {
      throw ClusteringError.invalidArgument(
        operation: "HDBSCAN", detail: "\(n) point\(n == 1 ? "" : "s"); HDBSCAN needs 2 or more")
    }
    guard minClusterSize >= 2 else {
      throw ClusteringError.invalidArgument(
        operation: "HDBSCAN", detail: "min cluster size = \(minClusterSize) is not 2 or more")
    }
    let samples = minSamples ?? minClusterSize
    guard (1...n).contains(samples) else {
      throw ClusteringError.invalidArgument(
        operation: "HDBSCAN", detail: "min samples = \(samples) is not in 1…\(n) (the points)")
    }
    return samples
  }
}
