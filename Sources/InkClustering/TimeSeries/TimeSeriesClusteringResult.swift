import InkSampling

/// What ``TimeSeriesKMeans/fit(_:initialCentres:)`` (DTW k-means) or
/// ``KShape/fit(_:initialCentres:)`` (k-Shape) found.
public struct TimeSeriesClusteringResult: Sendable, Hashable {
  /// The cluster of each series, `0..<k`, in input order: the nearest final centre (by DTW, or
  /// by the shape-based distance).
  public var labels: [Int]
  /// The centres, one a cluster (DTW barycentres, or z-normalised shapes), all as long as the
  /// start's centres; the compared channels are set (`x` and `y` are zeros where they are not
  /// compared).
  public var centres: [SampleBuffer]
  /// The mean squared distance of the series to their centres (tslearn's `inertia_`): for DTW
  /// k-means at the last iteration's assignment, before its barycentre update; for k-Shape at
  /// the final centres.
  public var inertia: Double
  /// How many iterations ran (tslearn's `n_iter_`).
  public var iterations: Int
  /// Whether the inertia changed by less than the tolerance (or, for k-Shape, grew), rather than
  /// the iterations running out.
  public var converged: Bool
  /// How many starts were tried: a drawn start is drawn again when a cluster empties, as tslearn
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
