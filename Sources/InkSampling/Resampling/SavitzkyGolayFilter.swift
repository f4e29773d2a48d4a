import Foundation

/// Savitzky–Golay smoothing and differentiation: at each sample, the value (or a derivative) of
/// the least-squares polynomial fitted to the window around it.
///
/// Savitzky and Golay (1964). The numbers equal SciPy's
/// `scipy.signal.savgol_filter(values, window_length, polyorder, deriv, delta, mode="interp")`:
/// inside, the window is centred on the sample; within half a window of either end, one
/// polynomial is fitted to the first (last) `windowLength` samples and evaluated at each edge
/// sample. The fit is solved in the scaled variable `u = offset / halfWindow` so that the normal
/// equations stay well conditioned. Only odd windows are accepted.
public struct SavitzkyGolayFilter: Hashable, Sendable {
  /// The number of samples in a window (odd).
  public var windowLength: Int
  /// The degree of the fitted polynomial (below `windowLength`).
  public var polynomialOrder: Int
  /// Which derivative to return (0 smooths).
  public var derivative: Int
  /// The spacing of the samples, for derivatives.
  public var delta: Double

  /// A filter.
  public init(windowLength: Int, polynomialOrder: Int, derivative: Int = 0, delta: Double = 1) {
    self.windowLength = windowLength
    self.polynomialOrder = polynomialOrder
    self.derivative = derivative
    self.delta = delta
  }

  func validate() throws(ResamplingError) {
    guard windowLength >= 1, windowLength % 2 == 1 else {
      throw .invalidParameter(
        "the window length must be a positive odd number, not \(windowLength)")
    }
    guard polynomialOrder >= 0, polynomialOrder < windowLength else {
      throw .invalidParameter("the polynomial order must be below the window length")
    }
    guard derivative >= 0, delta > 0, delta.isFinite else {
      throw .invalidParameter("the derivative must be 0 or more and delta positive")
    }
  }

  /// The weights that give the fitted polynomial's `derivative` at offset `position` from the
  /// window's centre, for the window's samples in order.
  func weights(at position: Double) -> [Double] {
    let half = windowLength / 2
    let scale = half > 0 ? Double(half) : 1
    let orders = polynomialOrder + 1
    let us = (0..<windowLength).map { Double($0 - half) / scale }
    // Gram matrix G[m][l] = Σ u^(m+l).
    var gram = [[Double]](repeating: [Double](repeating: 0, count: orders), count: orders)
    for u in us {
      var powers = [Double](repeating: 1, count: 2 * orders)
      for p in 1..<(2 * orders) { powers[p] = powers[p - 1] * u }
      for m in 0..<orders { for l in 0..<orders { gram[m][l] += powers[m + l] } }
    }
    // v[m] = d^k/du^k u^m at the position.
    let u0 = position / scale
    let v = (0..<orders).map { m -> Double in
      guard m >= derivative else { return 0 }
      var coefficient = 1.0
      for j in 0..<derivative { coefficient *= Double(m - j) }
      return coefficient * pow(u0, Double(m - derivative))
    }
    let z = Self.solve(gram, v)
    let chain = pow(scale * delta, Double(derivative))
    return us.map { u in
      var sum = 0.0
      var power = 1.0
      for m in 0..<orders {
        sum += z[m] * power
        power *= u
      }
      return sum / chain
    }
  }

  /// Solves a small symmetric system by Gaussian elimination with partial pivoting.
  static func solve(_ matrix: [[Double]], _ rhs: [Double]) -> [Double] {
    var a = matrix
    var b = rhs
    let n = b.count
    for column in 0..<n {
      let pivot = (column..<n).max { abs(a[$0][column]) < abs(a[$1][column]) }!
      a.swapAt(column, pivot)
      b.swapAt(column, pivot)
      guard a[column][column] != 0 else { continue }
      for row in (column + 1)..<n {
        let factor = a[row][column] / a[column][column]
        for k in column..<n { a[row][k] -= factor * a[column][k] }
        b[row] -= factor * b[column]
      }
    }
    var x = [Double](repeating: 0, count: n)
    for row in stride(from: n - 1, through: 0, by: -1) {
      var sum = b[row]
      for k in (row + 1)..<n { sum -= a[row][k] * x[k] }
      x[row] = a[row][row] != 0 ? sum / a[row][row] : 0
    }
    return x
  }

  /// The filtered signal, as long as the input.
  ///
  /// - Throws: ``ResamplingError/invalidParameter(_:)`` for a bad window, order or delta, or a
  ///   signal shorter than the window (SciPy refuses it too).
  public func apply(_ values: [Double]) throws(ResamplingError) -> [Double] {
    try validate()
    guard values.count >= windowLength else {
      throw .invalidParameter(
        "the signal has \(values.count) samples, fewer than the window of \(windowLength)")
    }
    return Prepared(self).apply(values)
  }

  /// A filter with the weights of every window position solved once, for filtering many
  /// signals with the same settings.
  public struct Prepared: Sendable {
    /// The number of samples in a window.
    public let windowLength: Int
    let centre: [Double]
    /// The weights of the first and last `windowLength / 2` samples, fitted to the first and
    /// last windows.
    let head: [[Double]]
    let tail: [[Double]]

    /// Solves the weights of `filter` (which must be valid).
    public init(_ filter: SavitzkyGolayFilter) {
      let half = filter.windowLength / 2
      windowLength = filter.windowLength
      centre = filter.weights(at: 0)
      head = (0..<half).map { filter.weights(at: Double($0 - half)) }
      tail = (0..<half).map { filter.weights(at: Double(half - $0)) }
    }

    /// The filtered signal; a signal shorter than the window comes back unchanged.
    public func apply(_ values: [Double]) -> [Double] {
      let n = values.count
      guard n >= windowLength else { return values }
      let half = windowLength / 2
      var output = [Double](repeating: 0, count: n)
      for i in half..<(n - half) {
        var sum = 0.0
        for (k, weight) in centre.enumerated() { sum += weight * values[i - half + k] }
        output[i] = sum
      }
      for e in 0..<half {
        var first = 0.0
        var last = 0.0
        for k in 0..<windowLength {
          first += head[e][k] * values[k]
          last += tail[e][k] * values[n - windowLength + k]
        }
        output[e] = first
        output[n - 1 - e] = last
      }
      return output
    }
  }
}
