import InkSampling

/// The result of DTW barycenter averaging: the average series and how it was reached.
public struct DTWBarycenter: Hashable, Sendable {
  /// The average series; it holds the averaged channels (and `x`, `y` as zeros when they were
  /// not averaged).
  public var barycenter: SampleBuffer
  /// The mean squared DTW distance of the series to the barycenter of the last iteration's
  /// start (as tslearn reports its loss).
  public var cost: Double
  /// The number of iterations run.
  public var iterations: Int

  /// A barycenter with its cost and iteration count.
  public init(barycenter: SampleBuffer, cost: Double, iterations: Int) {
    self.barycenter = barycenter
    self.cost = cost
    self.iterations = iterations
  }
}
