import InkSampling

/// The area between two curves by quadrilaterals.
extension CurveSimilarity {
  /// The area between two curves as similaritymeasures' `area_between_two_curves` computes it.
  ///
  /// Source: C. F. Jekel, G. Venter, M. P. Venter, N. Stander and R. T. Haftka, *Similarity
  /// measures for identifying material parameters from hysteresis loops using inverse analysis*,
  /// International Journal of Material Forming, 2018, and its reference implementation
  /// (similaritymeasures 0.10). The curve with fewer samples gets samples inserted, one at a
  /// time, at the x midpoint of its currently longest segment (the first one on ties), with y
  /// interpolated linearly in x (a vertical segment gets a copy of its first end) until both
  /// have `n` samples; then the quadrilaterals `aᵢ₋₁ aᵢ bᵢ bᵢ₋₁` are summed by the shoelace
  /// formula (summed a corner at a time, so that coinciding curves give exactly 0). A
  /// self-intersecting quadrilateral is re-ordered first by swapping its first two
  /// corners and, if still complex, by swapping its second and third instead; the decision
  /// counts signs of the four corner cross products as the peer does. Sums follow NumPy's
  /// pairwise order, so the figures agree with the peer to about 1e-15 relative.
  ///
  /// - Complexity: O(*n* (*n* − *m*)) for the insertions, O(*n*) for the area.
  /// - Throws: ``SimilarityError/tooFewSamples(_:count:minimum:)`` when a curve has fewer than
  ///   two samples, ``SimilarityError/nonFiniteSample(_:channel:index:)``.
  public static func areaBetweenCurves(
    _ a: SampleBuffer, _ b: SampleBuffer
  ) throws(SimilarityError) -> Double {
    try validate(a, b, minimum: 2)
    let (longer, shorter) = a.count < b.count ? (b, a) : (a, b)
    let (xs, ys) = densified(shorter, toCount: longer.count)
    var areas = [Double]()
    areas.reserveCapacity(longer.count - 1)
    for i in 1..<longer.count {
      areas.append(
        quadrilateralArea(
          xs: [longer.xs[i - 1], longer.xs[i], xs[i], xs[i - 1]],
          ys: [longer.ys[i - 1], longer.ys[i], ys[i], ys[i - 1]]))
    }
    return NumPyArithmetic.sum(areas)
  }

  /// The curve with samples inserted at the midpoints of its longest segments until it has
  /// `count` samples (the insertion loop of `area_between_two_curves`).
  private static func densified(
    _ curve: SampleBuffer, toCount count: Int
  ) -> (xs: [Double], ys: [Double]) {
    var xs = curve.xs
    var ys = curve.ys
    func segmentLength(_ k: Int) -> Double {
      let dx = xs[k] - xs[k + 1]
      let dy = ys[k] - ys[k + 1]
      return (dx * dx + dy * dy).squareRoot()
    }
    var lengths = (0..<(xs.count - 1)).map(segmentLength)
    while xs.count < count {
      var longest = 0
      for k in lengths.indices where lengths[k] > lengths[longest] { longest = k }
      let (x0, x1) = (xs[longest], xs[longest + 1])
      let (y0, y1) = (ys[longest], ys[longest + 1])
      let x = (x1 + x0) / 2
      let y =
        x0 < x1
        ? NumPyArithmetic.interpolate(x, xp: [x0, x1], fp: [y0, y1])
        : NumPyArithmetic.interpolate(x, xp: [x1, x0], fp: [y1, y0])
      xs.insert(x, at: longest + 1)
      ys.insert(y, at: longest + 1)
      lengths[longest] = segmentLength(longest)
      lengths.insert(segmentLength(longest + 1), at: longest + 1)
    }
    return (xs, ys)
  }

  /// The shoelace area of a quadrilateral after the peer's re-ordering of a complex one
  /// (`makeQuad` in similaritymeasures).
  private static func quadrilateralArea(xs: [Double], ys: [Double]) -> Double {
    var xs = xs
    var ys = ys
    if !isSimpleQuadrilateral(xs: xs, ys: ys) {
      xs.swapAt(0, 1)
      ys.swapAt(0, 1)
      if !isSimpleQuadrilateral(xs: xs, ys: ys) {
        (xs[0], xs[1], xs[2]) = (xs[1], xs[2], xs[0])
        (ys[0], ys[1], ys[2]) = (ys[1], ys[2], ys[0])
      }
    }
    // The peer's dot(x, roll(y, 1)) − dot(y, roll(x, 1)), summed as one cross product a
    // corner, so that a degenerate quadrilateral (identical curves) is exactly 0.
    var twiceArea = 0.0
    for k in 0..<4 {
      let previous = (k + 3) % 4
      twiceArea += xs[k] * ys[previous] - ys[k] * xs[previous]
    }
    return 0.5 * abs(twiceArea)
  }

  /// Whether at least three of the four corner cross products share the majority sign, zero
  /// counting with either side (`is_simple_quad` in similaritymeasures).
  private static func isSimpleQuadrilateral(xs: [Double], ys: [Double]) -> Bool {
    let edgeXs: [Double] = (0..<4).map { xs[($0 + 1) % 4] - xs[$0] }
    let edgeYs: [Double] = (0..<4).map { ys[($0 + 1) % 4] - ys[$0] }
    let crosses: [Double] = (0..<4).map { k in
      let next = (k + 1) % 4
      return edgeXs[k] * edgeYs[next] - edgeYs[k] * edgeXs[next]
    }
    let positive = crosses.filter { $0 > 0 }.count
    let negative = crosses.filter { $0 < 0 }.count
    let agreeing =
      positive < negative ? crosses.filter { $0 <= 0 }.count : crosses.filter { $0 >= 0 }.count
    return agreeing > 2
  }
}
