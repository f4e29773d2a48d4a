extension DistanceMatrixStorage {
  /// The medoid of each cluster: the member of least total distance to the cluster's members
  /// (the first of equal ones), each member's row read once, whole (a mapped matrix fetches it
  /// at once instead of a page at a time).
  ///
  /// - Parameters:
  ///   - labels: the cluster of each point, `0..<clusterCount`; a negative label (noise) is in
  ///     no cluster.
  ///   - clusterCount: the number of clusters; an empty one's medoid is point 0.
  /// - Complexity: O(Σ size²) time, O(n) memory beyond the matrix.
  public func medoids(labels: [Int], clusterCount: Int) -> [Int] {
    var members = [[Int]](repeating: [], count: clusterCount)
    for (point, cluster) in labels.enumerated() where cluster >= 0 {
      members[cluster].append(point)
    }
    return withDistanceElements { matrix in
      matrix.withRowScratch { scratch in
        members.map { points in
          var (best, bestTotal) = (points.first ?? 0, Double.infinity)
          for a in points {
            let row = matrix.row(a, scratch: scratch)
            let total = points.reduce(0.0) { $0 + row[$1] }
            if total < bestTotal { (best, bestTotal) = (a, total) }
          }
          return best
        }
      }
    }
  }
}
