import Foundation

/// The discrete Fourier transform of a power-of-two length, by the iterative radix-2
/// Cooley–Tukey algorithm (Cooley and Tukey 1965): a bit-reversal permutation, then `log₂ n`
/// passes of butterflies with twiddle factors computed once at initialisation.
///
/// The conventions are NumPy's: ``forward(real:imaginary:)`` is `numpy.fft.fft`,
/// `X[k] = Σ x[t]·e^(−2πi·kt/n)`, and ``inverse(real:imaginary:)`` is `numpy.fft.ifft`, scaled
/// by `1/n`. ``crossCorrelation(_:_:)`` is `numpy.correlate(a, b, "full")` for real series.
///
/// ```swift
/// let fft = try FourierTransform(count: 8)
/// var (re, im) = ([1.0, 2, 3, 4, 0, 0, 0, 0], [Double](repeating: 0, count: 8))
/// fft.forward(real: &re, imaginary: &im)   // re[0] == 10
/// fft.inverse(real: &re, imaginary: &im)   // back to 1, 2, 3, 4, 0, 0, 0, 0
/// ```
/// - Complexity: O(n log n) a transform; O(n) memory for the twiddle factors.
/// - Precision: the error grows as O(ε log n) relative to the largest magnitude, as NumPy's
///   (pocketfft) does; the two agree to about 1e-15 relative on unit-scale data.
public struct FourierTransform: Sendable, Hashable {
  /// The length of the transformed sequences, a power of two (1 or more).
  public let count: Int
  /// `cos(2πk/n)` and `sin(2πk/n)` for `k < n/2`.
  private let cosines: [Double]
  private let sines: [Double]

  /// A transform of `count` samples.
  /// - Throws: ``InkMathError/invalidArgument(operation:detail:)`` unless `count` is a power of
  ///   two.
  public init(count: Int) throws {
    guard count >= 1, count & (count - 1) == 0 else {
      throw InkMathError.invalidArgument(
        operation: "FFT", detail: "the length \(count) is not a power of two")
    }
    self.count = count
    let half = count / 2
    cosines = (0..<half).map { cos(2 * Double.pi * Double($0) / Double(count)) }
    sines = (0..<half).map { sin(2 * Double.pi * Double($0) / Double(count)) }
  }

  /// The smallest power of two of at least `length` (1 for 0).
  public static func paddedLength(_ length: Int) -> Int {
    var n = 1
    while n < length { n <<= 1 }
    return n
  }

  /// Replaces the sequence by its discrete Fourier transform, in place (`numpy.fft.fft`).
  ///
  /// Both arrays must hold ``count`` numbers.
  public func forward(real: inout [Double], imaginary: inout [Double]) {
    transform(&real, &imaginary, sign: -1)
  }

  /// Replaces the spectrum by its inverse transform, in place, scaled by `1/n`
  /// (`numpy.fft.ifft`).
  ///
  /// Both arrays must hold ``count`` numbers.
  public func inverse(real: inout [Double], imaginary: inout [Double]) {
    transform(&real, &imaginary, sign: 1)
    let scale = 1 / Double(count)
    for t in 0..<count {
      real[t] *= scale
      imaginary[t] *= scale
    }
  }

  /// The full cross-correlation of two real series, `numpy.correlate(a, b, "full")`: the value
  /// at offset `i` is `Σₜ a[t + m]·b[t]` for the lag `m = i − (b.count − 1)`, from
  /// `−(b.count − 1)` to `a.count − 1`; computed through transforms of the smallest power of two
  /// that holds `a.count + b.count − 1` samples. Empty when either series is.
  public static func crossCorrelation(_ a: [Double], _ b: [Double]) -> [Double] {
    guard !a.isEmpty, !b.isEmpty else { return [] }
    let n = paddedLength(a.count + b.count - 1)
    guard let fft = try? FourierTransform(count: n) else { return [] }
    let zeros = [Double](repeating: 0, count: n)
    var (ar, ai) = (a + zeros[a.count...], zeros)
    var (br, bi) = (b + zeros[b.count...], zeros)
    fft.forward(real: &ar, imaginary: &ai)
    fft.forward(real: &br, imaginary: &bi)
    // A·conj(B): the transform of Σₜ a[t + m]·b[t], the lag m held at m mod n.
    for f in 0..<n {
      (ar[f], ai[f]) = (ar[f] * br[f] + ai[f] * bi[f], ai[f] * br[f] - ar[f] * bi[f])
    }
    fft.inverse(real: &ar, imaginary: &ai)
    return (-(b.count - 1)..<a.count).map { ar[($0 + n) % n] }
  }

  /// The transform with the exponent's sign `sign` (−1 forward, +1 inverse), unscaled.
  private func transform(_ real: inout [Double], _ imaginary: inout [Double], sign: Double) {
    let n = count
    precondition(real.count == n && imaginary.count == n, "FFT of \(n) needs \(n) numbers")
    guard n > 1 else { return }
    real.withUnsafeMutableBufferPointer { re in
      imaginary.withUnsafeMutableBufferPointer { im in
        var j = 0
        for i in 1..<n {
          var bit = n >> 1
          while j & bit != 0 {
            j ^= bit
            bit >>= 1
          }
          j |= bit
          if i < j {
            re.swapAt(i, j)
            im.swapAt(i, j)
          }
        }
        var length = 2
        while length <= n {
          let half = length / 2
          let step = n / length
          for start in stride(from: 0, to: n, by: length) {
            for k in 0..<half {
              let (wr, wi) = (cosines[k * step], sign * sines[k * step])
              let (a, b) = (start + k, start + k + half)
              let tr = re[b] * wr - im[b] * wi
              let ti = re[b] * wi + im[b] * wr
              (re[b], im[b]) = (re[a] - tr, im[a] - ti)
              (re[a], im[a]) = (re[a] + tr, im[a] + ti)
            }
          }
          length <<= 1
        }
      }
    }
  }
}
