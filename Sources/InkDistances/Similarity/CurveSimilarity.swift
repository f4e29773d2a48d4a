import InkSampling

/// Similarity measures between two planar curves held as `SampleBuffer`s (`xs`, `ys`).
///
/// Each measure is a static function in an extension of its own file, named in the field's words
/// and citing its source: ``discreteFrechetDistance(_:_:)``, ``directedHausdorffDistance(from:to:seed:)``,
/// ``hausdorffDistance(_:_:seed:)``, ``pointCloudDistance(_:_:epsilon:)``,
/// ``areaBetweenCurves(_:_:)``, ``meanNearestPointDistance(from:to:)``,
/// ``turningFunctionDistance(_:_:closed:)``, ``lengthRatio(_:_:)``,
/// ``partialCurveMapping(_:_:normalizeSegmentLength:)`` and ``curveLengthMeasure(_:_:)``.
///
/// All measures read only `xs` and `ys`, reject an empty curve and NaN or infinite coordinates
/// with a ``SimilarityError`` naming the argument and sample, and never modify their inputs.
public enum CurveSimilarity {
  /// Checks that the curve has at least `minimum` samples and only finite coordinates.
  static func validate(
    _ curve: SampleBuffer, as role: SimilarityError.Curve, minimum: Int = 1
  ) throws(SimilarityError) {
    if curve.isEmpty { throw .emptyCurve(role) }
    if curve.count < minimum {
      throw .tooFewSamples(role, count: curve.count, minimum: minimum)
    }
    for (channel, samples) in [(SampleChannel.x, curve.xs), (.y, curve.ys)] {
      if let index = samples.firstIndex(where: { !$0.isFinite }) {
        throw .nonFiniteSample(role, channel: channel, index: index)
      }
    }
  }

  /// Checks both arguments of a two-curve measure.
  static func validate(
    _ a: SampleBuffer, _ b: SampleBuffer, minimum: Int = 1
  ) throws(SimilarityError) {
    try validate(a, as: .first, minimum: minimum)
    try validate(b, as: .second, minimum: minimum)
  }
}
