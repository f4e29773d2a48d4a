import InkMath
import InkSampling

/// The mean nearest-point distance.
extension CurveSimilarity {
  /// The mean over the samples of `a` of the distance to the nearest sample of `b` (the
  /// directed average Hausdorff distance; `mean(cKDTree(b).query(a)[0])` in SciPy terms).
  ///
  /// The nearest-sample scan compares eight samples of `b` at a time in `SIMD8<Double>` lanes
  /// and takes minima with `replace(with:where:)`; above about 2¹⁸ pairs the samples of `a` are
  /// split over the cores (InkMath's `ParallelLoop`). The mean sums in NumPy's pairwise order.
  ///
  /// - Complexity: O(*n m*).
  /// - Throws: ``SimilarityError/emptyCurve(_:)`` or
  ///   ``SimilarityError/nonFiniteSample(_:channel:index:)``.
  public static func meanNearestPointDistance(
    from a: SampleBuffer, to b: SampleBuffer
  ) throws(SimilarityError) -> Double {
    try validate(a, b)
    return directedMeanNearestPointDistance(from: a, to: b)
  }

  /// The symmetric mean nearest-point distance: the average of the two directed means,
  /// `(d(a → b) + d(b → a)) / 2`.
  ///
  /// - Throws: ``SimilarityError/emptyCurve(_:)`` or
  ///   ``SimilarityError/nonFiniteSample(_:channel:index:)``.
  public static func meanNearestPointDistance(
    _ a: SampleBuffer, _ b: SampleBuffer
  ) throws(SimilarityError) -> Double {
    try validate(a, b)
    return
      (directedMeanNearestPointDistance(from: a, to: b)
      + directedMeanNearestPointDistance(from: b, to: a)) / 2
  }

  /// ``meanNearestPointDistance(from:to:)`` on validated curves.
  static func directedMeanNearestPointDistance(
    from a: SampleBuffer, to b: SampleBuffer
  ) -> Double {
    NumPyArithmetic.mean(nearestSquaredDistances(from: a, to: b).map { $0.squareRoot() })
  }

  /// The squared distance from each sample of `a` to its nearest sample of `b`, over the cores
  /// in chunks of `a` when there are more than about 2¹⁸ pairs.
  static func nearestSquaredDistances(from a: SampleBuffer, to b: SampleBuffer) -> [Double] {
    let minimumChunkSize = max(1, (1 << 18) / b.count)
    return [Double](unsafeUninitializedCapacity: a.count) { storage, initialized in
      let output = DisjointWriteBuffer(storage)
      ParallelLoop.forEachChunk(of: 0..<a.count, minimumChunkSize: minimumChunkSize) { range in
        b.xs.withUnsafeBufferPointer { bx in
          b.ys.withUnsafeBufferPointer { by in
            for i in range {
              output[i] = nearestSquaredDistance(x: a.xs[i], y: a.ys[i], bx: bx, by: by)
            }
          }
        }
      }
      initialized = a.count
    }
  }

  /// The squared distance from `(x, y)` to the nearest of the samples `bx`, `by`.
  static func nearestSquaredDistance(
    x: Double, y: Double, bx: UnsafeBufferPointer<Double>, by: UnsafeBufferPointer<Double>
  ) -> Double {
    let m = bx.count
    let lanes = SIMD8<Double>.scalarCount
    let xs = SIMD8(repeating: x)
    let ys = SIMD8(repeating: y)
    var nearest = SIMD8<Double>(repeating: .infinity)
    var j = 0
    while j + lanes <= m {
      let dx = xs - load(bx.baseAddress! + j)
      let dy = ys - load(by.baseAddress! + j)
      let distance = dx * dx + dy * dy
      nearest.replace(with: distance, where: distance .< nearest)
      j += lanes
    }
    var result = nearest.min()
    while j < m {
      let dx = x - bx[j]
      let dy = y - by[j]
      result = min(result, dx * dx + dy * dy)
      j += 1
    }
    return result
  }
}
