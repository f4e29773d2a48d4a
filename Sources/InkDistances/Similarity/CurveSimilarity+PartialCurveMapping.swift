import InkSampling

/// The partial curve mapping measure.
extension CurveSimilarity {
  /// The partial curve mapping (PCM) measure as similaritymeasures' `pcm` computes it.
  ///
  /// Source: K. Witowski and N. Stander, *Parameter identification of hysteretic models using
  /// partial curve mapping*, AIAA ATIO/MAO conference, 2012, as implemented in
  /// similaritymeasures 0.10: both curves are scaled by the x and y range of `a`; each gets an
  /// arc-length parameter normalised to [0, 1]; the longer curve (in scaled length) is
  /// compared against the other shifted by 200 evenly spaced offsets from 0 to the difference
  /// of the two lengths (one offset when the lengths are equal), interpolating the other curve
  /// at the shifted parameters (clamped at its ends); each offset scores the trapezoid sum
  /// `Σ ½(dₖ + dₖ₊₁)·sₖ₊₁` of the point distances `d` weighted by the cumulative parameter `s`
  /// (the peer's formula, kept as is), and the smallest score is returned. Sums follow NumPy's
  /// pairwise order.
  ///
  /// - Parameters:
  ///   - a: The reference curve (the peer's `exp_data`), which sets the scaling.
  ///   - b: The compared curve (the peer's `num_data`).
  ///   - normalizeSegmentLength: Divide each axis by its largest absolute value before
  ///     measuring segments (the peer's `norm_seg_length`, default `false`).
  /// - Throws: ``SimilarityError/tooFewSamples(_:count:minimum:)`` for fewer than two samples,
  ///   ``SimilarityError/zeroExtent(_:channel:)`` when `a` has no x or y range,
  ///   ``SimilarityError/zeroLength(_:)``, ``SimilarityError/nonFiniteSample(_:channel:index:)``.
  public static func partialCurveMapping(
    _ a: SampleBuffer, _ b: SampleBuffer, normalizeSegmentLength: Bool = false
  ) throws(SimilarityError) -> Double {
    try validate(a, b, minimum: 2)
    let (minX, maxX) = (a.xs.min()!, a.xs.max()!)
    let (minY, maxY) = (a.ys.min()!, a.ys.max()!)
    guard maxX > minX else { throw .zeroExtent(.first, channel: .x) }
    guard maxY > minY else { throw .zeroExtent(.first, channel: .y) }
    func scaled(_ curve: SampleBuffer) -> (xs: [Double], ys: [Double]) {
      (curve.xs.map { ($0 - minX) / (maxX - minX) }, curve.ys.map { ($0 - minY) / (maxY - minY) })
    }
    var first = scaled(a)
    var second = scaled(b)
    var firstProfile = ArcLengthProfile(
      xs: first.xs, ys: first.ys, normalizingAxes: normalizeSegmentLength)
    var secondProfile = ArcLengthProfile(
      xs: second.xs, ys: second.ys, normalizingAxes: normalizeSegmentLength)
    guard firstProfile.totalLength > 0 else { throw .zeroLength(.first) }
    guard secondProfile.totalLength > 0 else { throw .zeroLength(.second) }
    if secondProfile.totalLength > firstProfile.totalLength {
      swap(&first, &second)
      swap(&firstProfile, &secondProfile)
    }
    let firstParameters = firstProfile.cumulativeLengths.map { $0 / firstProfile.totalLength }
    let secondParameters = secondProfile.cumulativeLengths.map { $0 / secondProfile.totalLength }
    let maxOffset = firstProfile.totalLength - secondProfile.totalLength
    let offsets = maxOffset == 0 ? [0] : linearlySpaced(from: 0, to: maxOffset, count: 200)
    var best = Double.infinity
    for offset in offsets {
      var distances = [Double]()
      distances.reserveCapacity(firstParameters.count)
      for (k, parameter) in firstParameters.enumerated() {
        let x = NumPyArithmetic.interpolate(
          parameter + offset, xp: secondParameters, fp: second.xs)
        let y = NumPyArithmetic.interpolate(
          parameter + offset, xp: secondParameters, fp: second.ys)
        let dy = first.ys[k] - y
        let dx = first.xs[k] - x
        distances.append((dy * dy + dx * dx).squareRoot())
      }
      let terms = (1..<distances.count).map {
        0.5 * (distances[$0 - 1] + distances[$0]) * firstParameters[$0]
      }
      best = min(best, NumPyArithmetic.sum(terms))
    }
    return best
  }

  /// `numpy.linspace(start, stop, count)` for `count` ≥ 2: `start + k·step`, the last value
  /// set to `stop` exactly.
  static func linearlySpaced(from start: Double, to stop: Double, count: Int) -> [Double] {
    let step = (stop - start) / Double(count - 1)
    var values = (0..<count).map { start + Double($0) * step }
    values[count - 1] = stop
    return values
  }
}
