import InkMath

/// What ``MiniBatchKMeans`` found.
public struct MiniBatchKMeansResult: Sendable, Hashable {
  /// The nearest final centre of each point, `0..<k`, in the order of the rows (scikit-learn's
  /// `labels_` with `compute_labels=True`).
  public var labels: [Int]
  /// The final centres, one a row (`k × d`).
  public var centres: Matrix
  /// The sum of the squared distances of all the points to their nearest final centres
  /// (scikit-learn's `inertia_`).
  public var inertia: Double
  /// How many batches were taken (scikit-learn's `n_steps_`).
  public var steps: Int
  /// How many passes over the data those batches make, rounded up (scikit-learn's `n_iter_`).
  public var iterations: Int
  /// Whether a stopping rule (the tolerance, or no improvement of the smoothed batch inertia)
  /// ended the run before ``MiniBatchKMeans/maxIterations`` passes.
  public var converged: Bool

  /// A result from its parts.
  public init(
    labels: [Int], centres: Matrix, inertia: Double, steps: Int, iterations: Int, converged: Bool
  ) {
    self.labels = labels
    self.centres = centres
    self.inertia = inertia
    self.steps = steps
    self.iterations = iterations
    self.converged = converged
  }
}
