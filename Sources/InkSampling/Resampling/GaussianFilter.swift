import Foundation

/// Gaussian smoothing of a sampled signal, the same numbers as SciPy's
/// `scipy.ndimage.gaussian_filter1d(values, sigma, truncate=…, mode=…)`.
///
/// The kernel is `exp(-x² / 2σ²)` over `x = -r…r` with radius `r = ⌊truncate·σ + 0.5⌋`,
/// normalised to sum 1; the signal is extended past its ends by the boundary mode.
public struct GaussianFilter: Hashable, Sendable {
  /// How the signal continues past its ends.
  public enum BoundaryMode: String, Hashable, Sendable, CaseIterable {
    /// `d c b a | a b c d | d c b a`: mirrored, edge sample repeated (SciPy's default).
    case reflect
    /// `a a a a | a b c d | d d d d`: the edge sample held.
    case nearest
  }

  /// The standard deviation in samples.
  public var sigma: Double
  /// The kernel's half-width in standard deviations.
  public var truncate: Double
  /// How the signal continues past its ends.
  public var mode: BoundaryMode

  /// A filter; `truncate` 4 and `.reflect` are SciPy's defaults.
  public init(sigma: Double, truncate: Double = 4, mode: BoundaryMode = .reflect) {
    self.sigma = sigma
    self.truncate = truncate
    self.mode = mode
  }

  /// The normalised kernel weights for offsets `-r…r`.
  public func kernel() throws(ResamplingError) -> [Double] {
    guard sigma > 0, sigma.isFinite, truncate > 0, truncate.isFinite else {
      throw .invalidParameter("sigma and truncate must be positive numbers")
    }
    let radius = Int(truncate * sigma + 0.5)
    guard radius < 1_000_000 else { throw .invalidParameter("the Gaussian kernel is too wide") }
    let weights = (-radius...radius).map { exp(-0.5 / (sigma * sigma) * Double($0 * $0)) }
    let total = weights.reduce(0, +)
    return weights.map { $0 / total }
  }

  /// The smoothed signal, as long as the input.
  public func apply(_ values: [Double]) throws(ResamplingError) -> [Double] {
    guard !values.isEmpty else { return [] }
    let weights = try kernel()
    let radius = weights.count / 2
    let n = values.count
    var filtered = [Double](repeating: 0, count: n)
    values.withUnsafeBufferPointer { values in
      weights.withUnsafeBufferPointer { weights in
        filtered.withUnsafeMutableBufferPointer { filtered in
          // The same sum in the same order everywhere; only the edges need the boundary.
          func edge(_ i: Int) -> Double {
            var sum = 0.0
            for k in 0..<weights.count {
              sum += weights[k] * values[boundaryIndex(i + k - radius, count: n)]
            }
            return sum
          }
          let inner = radius..<max(n - radius, radius)
          for i in 0..<min(radius, n) { filtered[i] = edge(i) }
          // Inside, four outputs at a time: four independent sums, each in its own order.
          var i = inner.lowerBound
          while i + 4 <= inner.upperBound {
            var (s0, s1, s2, s3) = (0.0, 0.0, 0.0, 0.0)
            let first = i - radius
            for k in 0..<weights.count {
              let w = weights[k]
              s0 += w * values[first + k]
              s1 += w * values[first + k + 1]
              s2 += w * values[first + k + 2]
              s3 += w * values[first + k + 3]
            }
            (filtered[i], filtered[i + 1], filtered[i + 2], filtered[i + 3]) = (s0, s1, s2, s3)
            i += 4
          }
          while i < inner.upperBound {
            var sum = 0.0
            let first = i - radius
            for k in 0..<weights.count { sum += weights[k] * values[first + k] }
            filtered[i] = sum
            i += 1
          }
          for i in max(n - radius, min(radius, n))..<n { filtered[i] = edge(i) }
        }
      }
    }
    return filtered
  }

  func boundaryIndex(_ i: Int, count n: Int) -> Int {
    switch mode {
    case .nearest:
      return min(max(i, 0), n - 1)
    case .reflect:
      let period = 2 * n
      var j = i % period
      if j < 0 { j += period }
      return j < n ? j : period - 1 - j
    }
  }
}
