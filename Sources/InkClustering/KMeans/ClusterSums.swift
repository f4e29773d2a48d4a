/// Each cluster's sum of points and its size: what the update step of k-means needs.
struct ClusterSums {
  /// The sums, `k × d` row-major.
  var sums: [Double]
  /// The number of points in each cluster.
  var counts: [Int]
}
