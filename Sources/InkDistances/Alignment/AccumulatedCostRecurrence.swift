import InkSampling

/// How a cell of an accumulated cost matrix joins its local cost with the best of its three
/// predecessors (left, above, diagonal), eight independent pairs at a time.
///
/// Dynamic time warping sums the local costs along the best path (``SummedCostRecurrence``); the
/// discrete Fréchet distance keeps their maximum (``MaximumCostRecurrence``). Both visit every
/// row of the matrix on every path, so ``DTWLaneKernel`` and ``DTWPairwiseJob`` serve both.
protocol AccumulatedCostRecurrence: Sendable {
  /// The accumulated cost of eight cells from their local costs and the smallest accumulated
  /// costs of their predecessors.
  static func accumulate(_ local: SIMD8<Double>, _ best: SIMD8<Double>) -> SIMD8<Double>

  /// The accumulated cost at the end cell of one pair, for a lone series that fills no lanes.
  ///
  /// - Parameters:
  ///   - a: the first series.
  ///   - reversedB: the second series in reverse order.
  ///   - window: the admissible cells.
  ///   - takesRoot: whether the local cost is the square root of the squared distance.
  ///   - limit: the accumulated cost above which the result may be infinity.
  static func singlePair(
    _ a: DTWPreparedSeries, _ reversedB: DTWPreparedSeries, window: DTWWindow, takesRoot: Bool,
    limit: Double
  ) -> Double
}
