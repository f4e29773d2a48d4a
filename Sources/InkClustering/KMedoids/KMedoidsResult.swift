/// What ``KMedoids/fit(distances:initialMedoids:)`` found.
public struct KMedoidsResult: Sendable, Hashable {
  /// The medoid of each cluster: the index of a point, in cluster order.
  public var medoids: [Int]
  /// The cluster of each point, `0..<k` (the position of its nearest medoid in ``medoids``).
  public var labels: [Int]
  /// The sum of every point's distance to its nearest medoid.
  public var loss: Double
  /// How many passes over the points ran.
  public var iterations: Int
  /// How many swaps were made.
  public var swaps: Int
  /// How the distances were settled, for k-medoids of series by DTW
  /// (``KMedoids/fit(series:dtw:initialMedoids:)``); nil from a matrix.
  public var pruning: KMedoidsPruning?

  /// A result from its parts.
  public init(
    medoids: [Int], labels: [Int], loss: Double, iterations: Int, swaps: Int,
    pruning: KMedoidsPruning? = nil
  ) {
    self.medoids = medoids
    self.labels = labels
    self.loss = loss
    self.iterations = iterations
    self.swaps = swaps
    self.pruning = pruning
  }
}
