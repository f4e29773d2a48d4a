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
  public var sigma: Double { didSet { weights = Self.weights(sigma: sigma, truncate: truncate) } }
  /// The kernel's half-width in standard deviations.
  public var truncate: Double {
    didSet { weights = Self.weights(sigma: sigma, truncate: truncate) }
  }
  /// How the signal continues past its ends.
  public var mode: BoundaryMode
  /// The kernel, computed once for the filter's `sigma` and `truncate` (a filter applied to many
  /// signals computes it once); empty when they allow none.
  private var weights: [Double]

  /// A filter; `truncate` 4 and `.reflect` are SciPy's defaults.
  public init(sigma: Double, truncate: Double = 4, mode: BoundaryMode = .reflect) {
    self.sigma = sigma
    self.truncate = truncate
    self.mode = mode
    weights = Self.weights(sigma: sigma, truncate: truncate)
  }

  /// The normalised kernel weights for offsets `-r…r`.
  ///
  /// - Throws: ``ResamplingError/invalidParameter(_:)`` when `sigma` or `truncate` is not a
  ///   positive number, or the radius is a million samples or more.
  public func kernel() throws(ResamplingError) -> [Double] {
    guard weights.isEmpty else { return weights }
    guard Self.isPositive(sigma), Self.isPositive(truncate) else {
      throw .invalidParameter("sigma and truncate must be positive numbers")
    }
    throw .invalidParameter("the Gaussian kernel is too wide")
  }

  private static func isPositive(_ value: Double) -> Bool { value > 0 && value.isFinite }

  /// The normalised weights for the radius `⌊truncate·σ + 0.5⌋`, or none when `sigma` or
  /// `truncate` is not a positive number or the radius is a million samples or more.
  private static func weights(sigma: Double, truncate: Double) -> [Double] {
    guard isPositive(sigma), isPositive(truncate), truncate * sigma + 0.5 < 1_000_000 else {
      return []
    }
    let radius = Int(truncate * sigma + 0.5)
    let weights = (-radius...radius).map { exp(-0.5 / (sigma * sigma) * Double($0 * $0)) }
    let total = weights.reduce(0, +)
    return weights.map { $0 / total }
  }

  /// The smoothed signal, as long as the input.
  ///
  /// Each output is the plain sum of `weights[k] · extended[i + k]` for `k` in order, where
  /// `extended` is the signal with `radius` samples of its boundary on either side, so that
  /// every output is the same arithmetic (four outputs at a time in the lanes of a vector, each
  /// lane its own sum in that order).
  public func apply(_ values: [Double]) throws(ResamplingError) -> [Double] {
    guard !values.isEmpty else { return [] }
    let weights = try kernel()
    let radius = weights.count / 2
    let n = values.count
    var extended = [Double](repeating: 0, count: n + 2 * radius)
    extended.replaceSubrange(radius..<radius + n, with: values)
    for i in 0..<radius {
      extended[i] = values[boundaryIndex(i - radius, count: n)]
      extended[radius + n + i] = values[boundaryIndex(n + i, count: n)]
    }
    var filtered = [Double](repeating: 0, count: n)
    extended.withUnsafeBufferPointer { extended in
      weights.withUnsafeBufferPointer { weights in
        filtered.withUnsafeMutableBufferPointer { filtered in
          let source = UnsafeRawPointer(extended.baseAddress!)
          let stride = MemoryLayout<Double>.stride
          var i = 0
          while i + 4 <= n {
            var sums = SIMD4<Double>(repeating: 0)
            for k in 0..<weights.count {
              let window = source.loadUnaligned(
                fromByteOffset: (i + k) * stride, as: SIMD4<Double>.self)
              sums += weights[k] * window
            }
            (filtered[i], filtered[i + 1], filtered[i + 2], filtered[i + 3]) = (
              sums[0], sums[1], sums[2], sums[3]
            )
            i += 4
          }
          while i < n {
            var sum = 0.0
            for k in 0..<weights.count { sum += weights[k] * extended[i + k] }
            filtered[i] = sum
            i += 1
          }
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
