import InkSampling

/// The recurrence of the discrete Fréchet distance (Eiter & Mannila 1994): a cell's value is the
/// larger of its local cost and the smallest value of its predecessors.
///
/// Run on squared distances, the end cell holds the square of the distance (the square root is
/// monotone), as in ``CurveSimilarity/discreteFrechetDistance(_:_:)``.
enum MaximumCostRecurrence: AccumulatedCostRecurrence {
  @inline(__always)
  static func accumulate(_ local: SIMD8<Double>, _ best: SIMD8<Double>) -> SIMD8<Double> {
    var value = best
    value.replace(with: local, where: local .> best)
    return value
  }

  /// The anti-diagonal kernel of ``CurveSimilarity/discreteFrechetDistance(_:_:)`` on the first
  /// two channels (`x`, `y`); the window is the whole matrix and there is no limit.
  static func singlePair(
    _ a: DTWPreparedSeries, _ reversedB: DTWPreparedSeries, window: DTWWindow, takesRoot: Bool,
    limit: Double
  ) -> Double {
    a.values.withUnsafeBufferPointer { aValues in
      reversedB.values.withUnsafeBufferPointer { bValues in
        func channel(_ values: UnsafeBufferPointer<Double>, _ series: DTWPreparedSeries, _ c: Int)
          -> UnsafeBufferPointer<Double>
        {
          UnsafeBufferPointer(
            rebasing: values[c * series.stride..<c * series.stride + series.count])
        }
        return CurveSimilarity.squaredDiscreteFrechet(
          ax: channel(aValues, a, 0), ay: channel(aValues, a, 1),
          reversedBx: channel(bValues, reversedB, 0), reversedBy: channel(bValues, reversedB, 1))
      }
    }
  }
}
