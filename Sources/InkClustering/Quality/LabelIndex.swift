/// Labels renumbered `0..<clusterCount` in increasing order of the original labels (NumPy's
/// `unique(labels, return_inverse=True)`), with each cluster's size.
struct LabelIndex {
  /// Each point's cluster, `0..<clusterCount`.
  let indices: [Int]
  /// The size of each cluster.
  let sizes: [Int]
  /// The number of distinct labels.
  var clusterCount: Int { sizes.count }

  init(_ labels: [Int]) {
    let distinct = Array(Set(labels)).sorted()
    let position = Dictionary(uniqueKeysWithValues: distinct.enumerated().map { ($1, $0) })
    indices = labels.map { position[$0]! }
    var sizes = [Int](repeating: 0, count: distinct.count)
    for index in indices { sizes[index] += 1 }
    self.sizes = sizes
  }

  /// Throws unless there are between 2 and `n − 1` clusters, as scikit-learn's internal scores
  /// require.
  func requireBetweenTwoAndPointsLessOne(operation: String) throws {
    guard (2...max(indices.count - 1, 2)).contains(clusterCount), indices.count >= 3 else {
      throw ClusteringError.invalidArgument(
        operation: operation,
        detail: "\(clusterCount) clusters of \(indices.count) points; 2 to n − 1 are needed")
    }
  }
}
