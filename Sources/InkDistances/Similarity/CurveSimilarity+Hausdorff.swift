import InkSampling
import _DuctusSupport

/// The directed and symmetric Hausdorff distances.
extension CurveSimilarity {
  /// The directed Hausdorff distance from the samples of `a` to those of `b`: the largest
  /// distance from a sample of `a` to its nearest sample of `b`, with the pair realising it.
  ///
  /// Source: A. A. Taha and A. Hanbury, *An efficient algorithm for calculating the exact
  /// Hausdorff distance*, IEEE TPAMI 37(11), 2015 — the algorithm of SciPy's
  /// `scipy.spatial.distance.directed_hausdorff`: both sample orders are shuffled, and the scan
  /// for a sample's nearest neighbour stops as soon as a neighbour nearer than the largest
  /// distance found so far appears, because that sample can no longer raise the maximum.
  /// What differs: the shuffle is a Fisher–Yates shuffle driven by SplitMix64 (SciPy uses
  /// NumPy's generator), and the scan tests eight neighbours at a time in `SIMD8<Double>`
  /// lanes. The distance is exact and identical to SciPy's; see ``HausdorffPair`` for the
  /// indices.
  ///
  /// ```swift
  /// let u = SampleBuffer(xs: [1, 0, -1, 0], ys: [0, 1, 0, -1])
  /// let v = SampleBuffer(xs: [2, 0, -2, 0], ys: [0, 2, 0, -4])
  /// try CurveSimilarity.directedHausdorffDistance(from: v, to: u).distance  // 3
  /// ```
  ///
  /// - Parameters:
  ///   - a: The curve whose samples look for their nearest neighbours.
  ///   - b: The curve in which they look.
  ///   - seed: Fixes the visiting order, hence the running time and, among ties, the indices;
  ///     the distance does not depend on it.
  /// - Complexity: O(*n m*) in the worst case; close to O(*n* + *m*) on typical curves.
  /// - Throws: ``SimilarityError/emptyCurve(_:)`` or
  ///   ``SimilarityError/nonFiniteSample(_:channel:index:)``.
  public static func directedHausdorffDistance(
    from a: SampleBuffer, to b: SampleBuffer, seed: UInt64 = 0
  ) throws(SimilarityError) -> HausdorffPair {
    try validate(a, b)
    return directedHausdorff(from: a, to: b, seed: seed)
  }

  /// The symmetric Hausdorff distance: the larger of the two directed distances,
  /// `max(h(a, b), h(b, a))`, as `max(directed_hausdorff(u, v)[0], directed_hausdorff(v, u)[0])`
  /// in SciPy.
  ///
  /// - Throws: ``SimilarityError/emptyCurve(_:)`` or
  ///   ``SimilarityError/nonFiniteSample(_:channel:index:)``.
  public static func hausdorffDistance(
    _ a: SampleBuffer, _ b: SampleBuffer, seed: UInt64 = 0
  ) throws(SimilarityError) -> Double {
    try validate(a, b)
    return max(
      directedHausdorff(from: a, to: b, seed: seed).distance,
      directedHausdorff(from: b, to: a, seed: seed).distance)
  }

  /// ``directedHausdorffDistance(from:to:seed:)`` on validated curves.
  static func directedHausdorff(
    from a: SampleBuffer, to b: SampleBuffer, seed: UInt64
  ) -> HausdorffPair {
    var generator = SplitMix64(seed: seed)
    let orderA = generator.permutation(count: a.count)
    let orderB = generator.permutation(count: b.count)
    let ax = orderA.map { a.xs[$0] }
    let ay = orderA.map { a.ys[$0] }
    let bx = orderB.map { b.xs[$0] }
    let by = orderB.map { b.ys[$0] }
    let (squared, i, j) = ax.withUnsafeBufferPointer { ax in
      ay.withUnsafeBufferPointer { ay in
        bx.withUnsafeBufferPointer { bx in
          by.withUnsafeBufferPointer { by in
            squaredDirectedHausdorff(ax: ax, ay: ay, bx: bx, by: by)
          }
        }
      }
    }
    return HausdorffPair(
      distance: squared.squareRoot(), firstIndex: orderA[i], secondIndex: orderB[j])
  }

  /// The early-break kernel of ``directedHausdorffDistance(from:to:seed:)`` on already shuffled
  /// samples: the largest squared nearest-neighbour distance and the (shuffled) indices of the
  /// pair: the last row in visiting order at that distance and its first nearest neighbour, as
  /// in SciPy.
  static func squaredDirectedHausdorff(
    ax: UnsafeBufferPointer<Double>, ay: UnsafeBufferPointer<Double>,
    bx: UnsafeBufferPointer<Double>, by: UnsafeBufferPointer<Double>
  ) -> (squaredDistance: Double, firstIndex: Int, secondIndex: Int) {
    let m = bx.count
    let lanes = SIMD8<Double>.scalarCount
    let vectorEnd = m - m % lanes
    var largest = 0.0
    var store = (0, 0)
    let bxBase = bx.baseAddress!
    let byBase = by.baseAddress!
    rows: for i in 0..<ax.count {
      let x = ax[i]
      let y = ay[i]
      let xs = SIMD8(repeating: x)
      let ys = SIMD8(repeating: y)
      let bound = SIMD8(repeating: largest)
      var nearest = SIMD8<Double>(repeating: .infinity)
      var j = 0
      while j < vectorEnd {
        let dx = xs - load(bxBase + j)
        let dy = ys - load(byBase + j)
        let distance = dx * dx + dy * dy
        if any(distance .< bound) { continue rows }
        nearest.replace(with: distance, where: distance .< nearest)
        j += lanes
      }
      var rowMinimum = nearest.min()
      while j < m {
        let dx = x - bxBase[j]
        let dy = y - byBase[j]
        let distance = dx * dx + dy * dy
        if distance < largest { continue rows }
        rowMinimum = min(rowMinimum, distance)
        j += 1
      }
      // The scan of this row ran to its end, so rowMinimum >= largest; like SciPy, a later
      // row at the same distance takes over the pair (also when all distances are 0).
      if rowMinimum >= largest {
        largest = rowMinimum
        store = (i, firstIndex(ofSquaredDistance: rowMinimum, from: x, y, bx: bx, by: by))
      }
    }
    return (largest, store.0, store.1)
  }

  /// The first index of `b` at the given squared distance from `(x, y)`.
  private static func firstIndex(
    ofSquaredDistance target: Double, from x: Double, _ y: Double,
    bx: UnsafeBufferPointer<Double>, by: UnsafeBufferPointer<Double>
  ) -> Int {
    for j in 0..<bx.count {
      let dx = x - bx[j]
      let dy = y - by[j]
      if dx * dx + dy * dy == target { return j }
    }
    return 0
  }
}
