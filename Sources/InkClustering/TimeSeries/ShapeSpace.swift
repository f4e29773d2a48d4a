import InkMath

/// The series of a k-Shape fit and their Fourier transforms, taken once: what the shape-based
/// distance and the shape extraction of ``KShape`` need.
///
/// Series are channel-major (`values[c · length + t]`). A transform has ``transformLength``
/// samples, the smallest power of two of at least `2·length − 1`, so that the circular
/// correlation of two zero-padded series is their linear one.
struct ShapeSpace: Sendable {
  /// The frequency-domain form of one series: channel after channel, ``transformLength``
  /// numbers each.
  struct Spectrum: Sendable {
    var real: [Double]
    var imaginary: [Double]
  }

  /// The samples a channel.
  let length: Int
  /// The number of channels.
  let channelCount: Int
  /// The z-normalised series.
  let series: [[Double]]
  /// The Frobenius norm of each series.
  let norms: [Double]
  /// The transform of each series.
  let spectra: [Spectrum]
  /// The length of a transform.
  let transformLength: Int
  /// The transform.
  let fft: FourierTransform

  /// The space of `series`, each `channelCount × length` values.
  init(length: Int, channelCount: Int, series: [[Double]]) {
    self.length = length
    self.channelCount = channelCount
    self.series = series
    transformLength = FourierTransform.paddedLength(2 * length - 1)
    fft = try! FourierTransform(count: transformLength)
    norms = series.map(Self.norm)
    let (length, count, fft) = (length, transformLength, fft)
    spectra = series.map { Self.spectrum(of: $0, length: length, count: count, fft: fft) }
  }

  /// The Frobenius norm of a series.
  static func norm(_ values: [Double]) -> Double {
    values.reduce(0) { $0 + $1 * $1 }.squareRoot()
  }

  /// The transform of each zero-padded channel of `values`.
  static func spectrum(of values: [Double], length: Int, count: Int, fft: FourierTransform)
    -> Spectrum
  {
    var real = [Double]()
    var imaginary = [Double]()
    let channels = values.count / length
    real.reserveCapacity(channels * count)
    imaginary.reserveCapacity(channels * count)
    let zeros = [Double](repeating: 0, count: count)
    for c in 0..<channels {
      var re = Array(values[c * length..<(c + 1) * length]) + zeros[length...]
      var im = zeros
      fft.forward(real: &re, imaginary: &im)
      real += re
      imaginary += im
    }
    return Spectrum(real: real, imaginary: imaginary)
  }

  /// The cross-correlation of two series summed over the channels, `Σ_c Σ_t a_c[t + m]·b_c[t]`,
  /// for the lags `m = −(length − 1) … length − 1` in order (tslearn's `normalized_cc` before
  /// its division).
  func crossCorrelation(_ a: Spectrum, _ b: Spectrum) -> [Double] {
    let n = transformLength
    var real = [Double](repeating: 0, count: n)
    var imaginary = [Double](repeating: 0, count: n)
    for c in 0..<channelCount {
      for f in c * n..<(c + 1) * n {
        let (ar, ai, br, bi) = (a.real[f], a.imaginary[f], b.real[f], b.imaginary[f])
        real[f - c * n] += ar * br + ai * bi
        imaginary[f - c * n] += ai * br - ar * bi
      }
    }
    fft.inverse(real: &real, imaginary: &imaginary)
    return (-(length - 1)..<length).map { real[($0 + n) % n] }
  }

  /// The denominator of the normalised cross-correlation: the product of the norms, or infinity
  /// below 1e-9 (tslearn's guard against NaN).
  static func denominator(_ first: Double, _ second: Double) -> Double {
    let product = first * second
    return product < 1e-9 ? .infinity : product
  }

  /// Each series's nearest centre by the shape-based distance (the first of equally near ones)
  /// and the inertia, the mean squared distance (tslearn's `_assign`), on all cores.
  func assign(to centres: [[Double]]) -> (labels: [Int], inertia: Double) {
    let centreSpectra = centres.map {
      Self.spectrum(of: $0, length: length, count: transformLength, fft: fft)
    }
    let centreNorms = centres.map(Self.norm)
    var labels = [Int](repeating: 0, count: series.count)
    var distances = [Double](repeating: 0, count: series.count)
    labels.withUnsafeMutableBufferPointer { labelStorage in
      distances.withUnsafeMutableBufferPointer { distanceStorage in
        let (labelOutput, distanceOutput) = (
          DisjointWriteBuffer(labelStorage), DisjointWriteBuffer(distanceStorage)
        )
        ParallelLoop.forEachChunk(of: series.indices) { chunk in
          for i in chunk {
            for (c, centre) in centreSpectra.enumerated() {
              let correlation = crossCorrelation(spectra[i], centre).max()!
              let distance =
                1 - correlation / Self.denominator(norms[i], centreNorms[c])
              if c == 0 || distance < distanceOutput[i] {
                (labelOutput[i], distanceOutput[i]) = (c, distance)
              }
            }
          }
        }
      }
    }
    let inertia = distances.reduce(0) { $0 + $1 * $1 } / Double(series.count)
    return (labels, inertia)
  }

  /// The new shape of a cluster (tslearn's `_shape_extraction`): each member shifted to its best
  /// alignment with `reference`, then for each channel the leading eigenvector of the centred
  /// scatter matrix of the aligned members, negated when its negative lies nearer them.
  func extractShape(reference: [Double], members: [Int]) throws -> [Double] {
    let referenceSpectrum = Self.spectrum(
      of: reference, length: length, count: transformLength, fft: fft)
    let referenceNorm = Self.norm(reference)
    let aligned = members.map { member in
      let correlation = crossCorrelation(referenceSpectrum, spectra[member])
      let denominator = Self.denominator(referenceNorm, norms[member])
      var best = 0
      for index in correlation.indices
      where correlation[index] / denominator > correlation[best] / denominator {
        best = index
      }
      let shift = best + 1 - length
      var shifted = [Double](repeating: 0, count: series[member].count)
      for c in 0..<channelCount {
        for t in max(0, shift)..<min(length, length + shift) {
          shifted[c * length + t] = series[member][c * length + t - shift]
        }
      }
      return shifted
    }
    var shape = [Double]()
    for c in 0..<channelCount {
      var rows = [Double]()
      rows.reserveCapacity(aligned.count * length)
      for member in aligned {
        let channel = member[c * length..<(c + 1) * length]
        let mean = channel.reduce(0, +) / Double(length)
        rows += channel.map { $0 - mean }
      }
      let centred = try Matrix(rows: aligned.count, columns: length, elements: rows)
      let scatter = Matrix.syrk(centred, transpose: true)
      let eigen = try SymmetricEigendecomposition(of: scatter)
      var mu = (0..<length).map { eigen.eigenvectors[$0, length - 1] }
      func distanceSum(_ sign: Double) -> Double {
        aligned.reduce(0) { sum, member in
          var squares = 0.0
          for index in member.indices {
            let difference = member[index] - sign * mu[index % length]
            squares += difference * difference
          }
          return sum + squares.squareRoot()
        }
      }
      if distanceSum(-1) < distanceSum(1) { mu = mu.map { -$0 } }
      shape += mu
    }
    return shape
  }
}
