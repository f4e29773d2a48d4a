import InkSampling

/// The turning-function distance.
extension CurveSimilarity {
  /// The L2 distance between the turning functions of two polylines, minimised over rotation
  /// and, for closed curves, over the starting point of `a`.
  ///
  /// Source: E. M. Arkin, L. P. Chew, D. P. Huttenlocher, K. Kedem and J. S. B. Mitchell, *An
  /// efficiently computable metric for comparing polygonal shapes*, IEEE TPAMI 13(3), 1991.
  /// With `f = Θ_a − Θ_b` on normalised arc length (see ``TurningFunction``), the best rotation
  /// is `θ* = ∫f` in closed form, leaving `d² = ∫f² − (∫f)²`. Open curves (the default, for
  /// strokes) are compared from their first samples: no starting-point search. For closed
  /// curves, `d²` as a function of the shift `t` of `a`'s start is concave between the shifts
  /// that put a breakpoint of `a` on one of `b` (Arkin et al.'s lemma), so its minimum is taken
  /// over those `n·m` critical shifts, visited in order by a sweep that updates the integral's
  /// slope one jump at a time (as in the paper; a heap of each jump's next crossing keeps the
  /// memory linear).
  ///
  /// Invariant under translation, rotation and scale of either curve. Symmetric for open
  /// curves, and for closed curves of equal total turning (``TurningFunction/periodTurning``:
  /// simple polygons of the same orientation, Arkin et al.'s setting); otherwise the closed
  /// measure shifts the start of `a` against a fixed `b`, and swapping the arguments can change
  /// it.
  ///
  /// - Parameters:
  ///   - a: The first curve; for closed curves, the one whose start is shifted.
  ///   - b: The second curve.
  ///   - closed: Compare the curves as polygons (closing edge, best starting point).
  /// - Complexity: O(*n* + *m*) open, O(*n m* log *n*) time and O(*n* + *m*) memory closed, for
  ///   *n* and *m* edges.
  /// - Throws: ``SimilarityError/zeroLength(_:)`` when a curve's samples all coincide,
  ///   ``SimilarityError/emptyCurve(_:)``, ``SimilarityError/nonFiniteSample(_:channel:index:)``.
  public static func turningFunctionDistance(
    _ a: SampleBuffer, _ b: SampleBuffer, closed: Bool = false
  ) throws(SimilarityError) -> Double {
    try validate(a, b)
    let first = try TurningFunction(a, closed: closed)
    let second: TurningFunction
    do {
      second = try TurningFunction(b, closed: closed)
    } catch {
      throw .zeroLength(.second)
    }
    let best: Double
    if closed {
      best = first.smallestVarianceOverShifts(against: second)
    } else {
      let (linear, squared) = first.differenceIntegrals(to: second, shift: 0)
      best = squared - linear * linear
    }
    return max(0, best).squareRoot()
  }
}
