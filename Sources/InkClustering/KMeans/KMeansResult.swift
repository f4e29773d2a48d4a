import InkMath

/// What ``KMeans/fit(_:initialCentres:)`` found.
public struct KMeansResult: Sendable, Hashable {
  /// The cluster of each point, `0..<k`, in the order of the rows.
  public var labels: [Int]
  /// The centres, one a row (`k × d`): the mean of each cluster's points.
  public var centres: Matrix
  /// The sum of the squared Euclidean distances of the points to their centres (scikit-learn's
  /// `inertia_`).
  public var inertia: Double
  /// How many of Lloyd's iterations ran (scikit-learn's `n_iter_`).
  public var iterations: Int
  /// Whether the iterations stopped by the tolerance or with no label changed, rather than at
  /// ``KMeans/maxIterations``.
  public var converged: Bool

  /// A result from its parts.
  public init(labels: [Int], centres: Matrix, inertia: Double, iterations: Int, converged: Bool) {
    self.labels = labels
    self.centres = centres
    self.inertia = inertia
    self.iterations = iterations
    self.converged = converged
  }
}
