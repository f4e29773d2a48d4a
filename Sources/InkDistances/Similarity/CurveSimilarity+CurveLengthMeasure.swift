import Foundation
import InkSampling

/// The curve length measure.
extension CurveSimilarity {
  /// The curve length measure as similaritymeasures' `curve_length_measure` computes it: the
  /// "OF2" self-normalising form.
  ///
  /// Source: A. Andrade-Campos, R. De-Carvalho and R. A. F. Valente, *Novel criteria for
  /// determination of material model parameters*, International Journal of Mechanical Sciences
  /// 54(1), 2012, as implemented in similaritymeasures 0.10: both curves get an arc length with
  /// each axis divided by its largest absolute value; each sample of `a` is matched with the
  /// point of `b` at the same fraction of `b`'s length (linear interpolation, clamped), and the
  /// result is `√Σ [ln(1 + |x̂ − x|/x̄)² + ln(1 + |ŷ − y|/ȳ)²]` with `x̄`, `ȳ` the means of
  /// `a`. The measure is not symmetric and assumes data with positive means (material test
  /// curves in the first quadrant).
  ///
  /// - Throws: ``SimilarityError/tooFewSamples(_:count:minimum:)`` when `a` has fewer than two
  ///   samples (`b` may have one),
  ///   ``SimilarityError/zeroLength(_:)`` when `a` has zero length,
  ///   ``SimilarityError/nonPositiveMean(_:channel:)`` when a mean of `a` is zero or negative,
  ///   ``SimilarityError/nonFiniteSample(_:channel:index:)``.
  public static func curveLengthMeasure(
    _ a: SampleBuffer, _ b: SampleBuffer
  ) throws(SimilarityError) -> Double {
    try validate(a, as: .first, minimum: 2)
    try validate(b, as: .second)
    let first = ArcLengthProfile(xs: a.xs, ys: a.ys, normalizingAxes: true)
    let second = ArcLengthProfile(xs: b.xs, ys: b.ys, normalizingAxes: true)
    guard first.totalLength > 0 else { throw .zeroLength(.first) }
    let meanX = NumPyArithmetic.mean(a.xs)
    let meanY = NumPyArithmetic.mean(a.ys)
    guard meanX > 0 else { throw .nonPositiveMean(.first, channel: .x) }
    guard meanY > 0 else { throw .nonPositiveMean(.first, channel: .y) }
    let factor = second.totalLength / first.totalLength
    var terms = [Double]()
    terms.reserveCapacity(a.count)
    for (k, length) in first.cumulativeLengths.enumerated() {
      let position = length * factor
      let x = NumPyArithmetic.interpolate(position, xp: second.cumulativeLengths, fp: b.xs)
      let y = NumPyArithmetic.interpolate(position, xp: second.cumulativeLengths, fp: b.ys)
      let xTerm = Foundation.log(1 + abs(x - a.xs[k]) / meanX)
      let yTerm = Foundation.log(1 + abs(y - a.ys[k]) / meanY)
      terms.append(xTerm * xTerm + yTerm * yTerm)
    }
    return NumPyArithmetic.sum(terms).squareRoot()
  }
}
