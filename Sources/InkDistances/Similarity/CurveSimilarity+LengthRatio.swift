import InkSampling

/// The length ratio.
extension CurveSimilarity {
  /// The ratio of the shorter to the longer polyline length, in [0, 1]: 1 for curves of equal
  /// length, 0 when exactly one of them has zero length, and 1 when both have.
  ///
  /// Symmetric by construction; invariant under translation, rotation and a common scale.
  ///
  /// - Throws: ``SimilarityError/emptyCurve(_:)`` or
  ///   ``SimilarityError/nonFiniteSample(_:channel:index:)``.
  public static func lengthRatio(_ a: SampleBuffer, _ b: SampleBuffer) throws(SimilarityError)
    -> Double
  {
    try validate(a, b)
    let lengths = [a.pathLength, b.pathLength]
    let longer = lengths.max()!
    return longer == 0 ? 1 : lengths.min()! / longer
  }
}
