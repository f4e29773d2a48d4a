import InkSampling

/// What ``TimeSeriesKMeans/fit(_:initialCentres:)`` found.
public struct TimeSeriesKMeansResult: Sendable, Hashable {
  /// The cluster of each series, `0..<k`, in input order: the nearest final centre by DTW.
  public var labels: [Int]
  /// The centres, one DTW barycentre a cluster, all as long as the start's centres; the
  /// channels the DTW compares are set (`x` and `y` are zeros where they are not compared).
  public var centres: [SampleBuffer]
  /// The mean squared DTW distance of the series to their centres at the last iteration's
  /// assignment, before its barycentre update (tslearn's `inertia_`).
  public var inertia: Double
  /// How many iterations (assignment, then update) ran (tslearn's `n_iter_`).
  public var iterations: Int
  /// Whether the inertia changed by less than the tolerance, rather than the iterations running
  /// out.
  public var converged: Bool
  /// How many starts were tried: k-means++ draws a new one when a cluster empties, as tslearn
  /// retries on its `EmptyClusterError`.
  public var attempts: Int

  /// A result from its parts.
  public init(
    labels: [Int], centres: [SampleBuffer], inertia: Double, iterations: Int, converged: Bool,
    attempts: Int
  ) {
    self.labels = labels
    self.centres = centres
    self.inertia = inertia
    self.iterations = iterations
    self.converged = converged
    self.attempts = attempts
  }
}
