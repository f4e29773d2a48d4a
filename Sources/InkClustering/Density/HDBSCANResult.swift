/// What ``HDBSCAN`` found.
public struct HDBSCANResult: Sendable, Hashable {
  /// The cluster of each point, `0..<clusterCount`, or −1 for noise (scikit-learn's `labels_`).
  public var labels: [Int]
  /// The strength of each point's membership of its cluster, in 0…1, 0 for noise (scikit-learn's
  /// `probabilities_`): the λ at which the point leaves the cluster's tree over the largest λ of
  /// the cluster.
  public var probabilities: [Double]
  /// The number of clusters, noise aside.
  public var clusterCount: Int

  /// A result from its parts.
  public init(labels: [Int], probabilities: [Double], clusterCount: Int) {
    self.labels = labels
    self.probabilities = probabilities
    self.clusterCount = clusterCount
  }
}
