import InkSampling

/// NumPy's order of floating-point operations for the few array primitives that the
/// similaritymeasures peer builds on, so that ports of its measures give its numbers to the last
/// digits and take the same branches on near-ties (and InkClustering's k-means its tolerance as
/// scikit-learn scales it).
package enum NumPyArithmetic {
  /// `numpy.sum` of a contiguous `float64` array: pairwise summation with eight accumulators in
  /// blocks of at most 128 values (NumPy's `pairwise_sum` in `loops_utils.h`).
  package static func pairwiseSum(_ values: UnsafeBufferPointer<Double>) -> Double {
    let n = values.count
    if n < 8 {
      var sum = 0.0
      for value in values { sum += value }
      return sum
    }
    if n <= 128 {
      var r = (0..<8).map { values[$0] }
      var i = 8
      while i < n - n % 8 {
        for lane in 0..<8 { r[lane] += values[i + lane] }
        i += 8
      }
      var sum = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
      while i < n {
        sum += values[i]
        i += 1
      }
      return sum
    }
    var half = n / 2
    half -= half % 8
    return pairwiseSum(UnsafeBufferPointer(rebasing: values[0..<half]))
      + pairwiseSum(UnsafeBufferPointer(rebasing: values[half...]))
  }

  /// `numpy.sum` of an array.
  static func sum(_ values: [Double]) -> Double {
    values.withUnsafeBufferPointer { pairwiseSum($0) }
  }

  /// `numpy.mean` of a non-empty array.
  package static func mean(_ values: [Double]) -> Double {
    sum(values) / Double(values.count)
  }

  /// `numpy.interp(x, xp, fp)` for one finite `x` and a non-decreasing `xp`: `fp[0]` left of
  /// the table, `fp.last` right of it, otherwise the line through the interval whose left end is
  /// the last `xp[j] <= x` (NumPy's `arr_interp` in `compiled_base.c`, including its fallbacks).
  static func interpolate(_ x: Double, xp: [Double], fp: [Double]) -> Double {
    let last = xp.count - 1
    if x < xp[0] { return fp[0] }
    if x > xp[last] { return fp[last] }
    var low = 0
    var high = xp.count
    while low < high {
      let middle = low + (high - low) / 2
      if x >= xp[middle] { low = middle + 1 } else { high = middle }
    }
    let j = low - 1
    if j == last || xp[j] == x { return fp[j] }
    let slope = (fp[j + 1] - fp[j]) / (xp[j + 1] - xp[j])
    var value = slope * (x - xp[j]) + fp[j]
    if value.isNaN {
      value = slope * (x - xp[j + 1]) + fp[j + 1]
      if value.isNaN && fp[j] == fp[j + 1] { value = fp[j] }
    }
    return value
  }
}
