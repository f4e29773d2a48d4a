import InkSampling

/// The recurrence of dynamic time warping: a cell's accumulated cost is its local cost plus the
/// smallest accumulated cost of its predecessors (Sakoe & Chiba 1978).
enum SummedCostRecurrence: AccumulatedCostRecurrence {
  @inline(__always)
  static func accumulate(_ local: SIMD8<Double>, _ best: SIMD8<Double>) -> SIMD8<Double> {
    local + best
  }

  static func singlePair(
    _ a: DTWPreparedSeries, _ reversedB: DTWPreparedSeries, window: DTWWindow, takesRoot: Bool,
    limit: Double
  ) -> Double {
    DTWAntiDiagonalKernel.run(a, reversedB, window: window, takesRoot: takesRoot, limit: limit)
  }
}
