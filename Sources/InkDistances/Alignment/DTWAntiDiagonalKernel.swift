import InkSampling

/// The distance of one pair of series, computed anti-diagonal by anti-diagonal with eight cells
/// in the lanes of a `SIMD8<Double>`.
///
/// The cells of anti-diagonal `k = i + j` depend only on diagonals `k − 1` and `k − 2`, so a
/// whole diagonal is computed without a loop-carried dependency. Cell `(i, k − i)` is stored at
/// slot `i + 1` of its diagonal's buffer; the second series is walked backwards, so the samples
/// of one diagonal are contiguous in both series. One infinite guard slot each side of the
/// computed stretch stands for the cells outside the window.
enum DTWAntiDiagonalKernel {
  /// The accumulated cost at the end cell, or infinity when the cells of two consecutive
  /// diagonals (one of which every path crosses) all exceed `limit`.
  ///
  /// - Parameters:
  ///   - a: the first series, `n` samples.
  ///   - reversedB: the second series, `m` samples, in reverse order.
  ///   - window: the admissible cells of the `n × m` matrix.
  ///   - takesRoot: whether the local cost is the square root of the squared distance.
  static func run(
    _ a: DTWPreparedSeries, _ reversedB: DTWPreparedSeries, window: DTWWindow, takesRoot: Bool,
    limit: Double
  ) -> Double {
    let n = a.count
    let m = reversedB.count
    let slotCount = n + 2 + SIMD8<Double>.scalarCount
    let buffer = UnsafeMutablePointer<Double>.allocate(capacity: 3 * slotCount)
    defer { buffer.deallocate() }
    buffer.initialize(repeating: .infinity, count: 3 * slotCount)
    var beforePrevious = buffer
    var previous = buffer + slotCount
    var current = buffer + 2 * slotCount
    beforePrevious[0] = 0
    let checksLimit = limit < .infinity
    var lowest = 0
    var highest = 0
    return a.values.withUnsafeBufferPointer { aValues in
      reversedB.values.withUnsafeBufferPointer { bValues in
        let aBase = aValues.baseAddress!
        let bBase = bValues.baseAddress!
        for k in 0...(n + m - 2) {
          while lowest + window.upper[lowest] < k { lowest += 1 }
          while highest + 1 < n && highest + 1 + window.lower[highest + 1] <= k { highest += 1 }
          let offset = m - 1 - k
          var i = lowest
          while i <= highest {
            var squared = SIMD8<Double>(repeating: 0)
            for c in 0..<a.channelCount {
              let difference =
                load(aBase + c * a.stride + i) - load(bBase + c * reversedB.stride + i + offset)
              squared = addingSquare(squared, difference)
            }
            let local = takesRoot ? squared.squareRoot() : squared
            var best = load(previous + i)
            let left = load(previous + i + 1)
            best.replace(with: left, where: left .< best)
            let diagonal = load(beforePrevious + i)
            best.replace(with: diagonal, where: diagonal .< best)
            UnsafeMutableRawPointer(current + i + 1).storeBytes(
              of: local + best, as: SIMD8<Double>.self)
            i += SIMD8<Double>.scalarCount
          }
          current[lowest] = .infinity
          current[highest + 2] = .infinity
          if checksLimit, k % 16 == 15,
            minimum(current, lowest...(highest + 1)) > limit,
            minimum(previous, lowest...(highest + 1)) > limit
          {
            return .infinity
          }
          (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[n]
      }
    }
  }

  @inline(__always)
  private static func load(_ pointer: UnsafePointer<Double>) -> SIMD8<Double> {
    UnsafeRawPointer(pointer).loadUnaligned(as: SIMD8<Double>.self)
  }

  @inline(__always)
  private static func load(_ pointer: UnsafeMutablePointer<Double>) -> SIMD8<Double> {
    UnsafeRawPointer(pointer).loadUnaligned(as: SIMD8<Double>.self)
  }

  private static func minimum(_ slots: UnsafeMutablePointer<Double>, _ range: ClosedRange<Int>)
    -> Double
  {
    var result = Double.infinity
    for slot in range where slots[slot] < result { result = slots[slot] }
    return result
  }
}
