/// What ``DBSCAN`` found.
public struct DBSCANResult: Sendable, Hashable {
  /// The cluster of each point, `0..<clusterCount`, or −1 for noise (scikit-learn's `labels_`).
  public var labels: [Int]
  /// Whether each point is a core point (scikit-learn's `core_sample_indices_`, as flags).
  public var corePoints: [Bool]
  /// The number of clusters, noise aside.
  public var clusterCount: Int

  /// A result from its parts.
  public init(labels: [Int], corePoints: [Bool], clusterCount: Int) {
    self.labels = labels
    self.corePoints = corePoints
    self.clusterCount = clusterCount
  }
}
