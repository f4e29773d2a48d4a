import Foundation

/// The calibrated confidence of a reading: a logistic map of its fit,
/// `σ(β₀ + β₁ ln(mean deviation) + β₂ (1 − coverage) + β₃ ln(complexity) + β₄ corner evidence)`
/// with one set of coefficients for each family of kinds, fitted by logistic regression (every
/// class weighing the same) on the tuning halves of the real data only, as `DuctusBench
/// evaluate-shapes real` prints them (see the <doc:ShapeRecognition> article), but for the
/// families the real data has no right reading of (arcs, curves, the kinds read from their ideal
/// outline), whose rows are set by hand, and for three weights of the round row (circles and
/// ellipses): its ellipse charge, as a refit with the Drawn Shapes' tuning day has it, and its
/// intercept and uncovered weight, set on the tuning halves (the article tells how). Of the
/// chosen readings given 0.9 or more, 97.6% were of the right kind on the tuning halves and
/// 96.0% on the held-out ones before the round row was eased (the Drawn Shapes Dataset among
/// them, whose shapes are not in the fit). Polygons have
/// no complexity term: polygon against circle is decided by the corner evidence
/// (``ShapeCandidate/cornerEvidence``), not by a penalty for each vertex.
enum ShapeConfidence {
  /// The weights of ``features(_:)``, a row a family.
  static let weights: [Double] = [
    -8.210, -1.561, -0.017, 0.000, 0.000,
    -51.160, -10.000, -8.000, 0.000, 0.000,
    -0.509, 2.077, -0.114, -0.887, 0.000,
    -3.503, -3.194, -15.000, -7.271, -4.706,
    -19.810, -1.897, -8.944, 0.000, 14.136,
    -3.129, -2.609, -4.651, -2.622, 0.000,
    -6.234, -1.383, -17.905, 1.776, 0.000,
    -16.500, -3.500, -8.000, 0.000, 0.000,
    -14.000, -3.500, -8.000, 0.000, 0.000,
    -40.000, -10.000, -8.000, -30.000, 20.000,
  ]

  /// The number of families: those of ``family(_:)`` and the polylines drawn as one
  /// (``family(of:)``).
  static let families = 10

  /// The families of kinds, each with its own offset to the logit (the first, lines, has none):
  /// arcs; polylines; circles and ellipses; polygons; stars; checks, carets, zigzags and
  /// arrows; curves; the other kinds read from their ideal outline (spirals, helices, rounded
  /// rectangles, hearts, clouds, chat bubbles). The rows of arcs, of the last two families and
  /// of the polylines drawn as one (``family(of:)``) are set by hand on the synthetic set and the
  /// tuning halves (the real data has no right reading of these kinds: an arc needs a mean
  /// deviation under 0.006 to reach 0.5, a curve under 0.009, the others under 0.018; the
  /// arcs' and polylines' rows are steep, as writing's bowls, hooks and strokes fit them
  /// loosely, or exactly through more runs).
  static func family(_ kind: ShapeKind) -> Int {
    switch kind {
    case .line: 0
    case .arc: 1
    case .polyline, .none: 2
    case .circle, .ellipse: 3
    case .triangle, .quadrilateral, .pentagon, .hexagon, .polygon: 4
    case .star: 5
    case .check, .caret, .zigzag, .arrow: 6
    case .curve: 7
    case .spiral, .helix, .roundedRectangle, .heart, .cloud, .chatBubble: 8
    }
  }

  /// The family of a candidate: its kind's (``family(_:)``), but the last, with its own row set
  /// by hand, for a polyline drawn as one (``ShapeCandidate/isDrawnPolyline``). The other
  /// polyline readings keep the row learned on the real data, where no polyline is right: the
  /// strokes of writing fit polylines as closely, through more or shorter runs.
  static func family(of candidate: ShapeCandidate) -> Int {
    candidate.isDrawnPolyline ? families - 1 : family(candidate.shape.kind)
  }

  /// The number of features a family has: an intercept, ln mean deviation, the uncovered part,
  /// ln complexity (vertices or segments; none for polygons), the corner evidence (for polygons,
  /// round readings and polylines drawn as one only). The maximum deviation is left out: it follows the
  /// mean so closely that its weight, fitted with the mean's, came out of the wrong sign for the
  /// families with few right readings (lines).
  static let familyWidth = 5

  /// The farthest a round reading's ink may stray from its outline at any one place, as a share
  /// of its size: beyond, the reading has no confidence (its ln mean deviation slot is not
  /// finite), the ink being a letter's bowl with its stem or tail (an `a`, an `e`, a `q`) rather
  /// than a loop drawn round. Decided on the tuning halves (see the <doc:ShapeRecognition>
  /// article).
  static let roundMaximumDeviation = 0.22

  /// The features the map reads, in the order of its weights: for the candidate's family,
  /// ``familyWidth`` values in its slots, zeros in every other family's (so that each family
  /// has its own intercept and slopes).
  static func features(_ candidate: ShapeCandidate) -> [Double] {
    let (base, slots) = familySlots(candidate)
    var x = [Double](repeating: 0, count: families * familyWidth)
    for k in slots.indices { x[base + k] = slots[k] }
    return x
  }

  /// Where the candidate's family's slots of ``features(_:)`` begin, and their values (the
  /// other families' slots are zeros).
  static func familySlots(_ candidate: ShapeCandidate) -> (base: Int, slots: InlineArray<5, Double>)
  {
    let fit = candidate.fit
    let own = family(of: candidate)
    var slots: InlineArray<5, Double> = .init(repeating: 0)
    slots[0] = 1
    slots[1] =
      own == family(.circle) && fit.maximumDeviation > roundMaximumDeviation
      ? .infinity : log(max(fit.meanDeviation, 1e-6))
    slots[2] = 1 - fit.coverage
    if own != family(.triangle) { slots[3] = log(max(candidate.complexity, 1)) }
    if own == family(.triangle) || own == family(.circle) || own == families - 1 {
      slots[4] = candidate.cornerEvidence ?? 0
    }
    return (own * familyWidth, slots)
  }

  /// The confidence of a candidate, in `0…1`: the map of its family's slots alone, the same
  /// number as of all ``features(_:)`` (the other slots' zeros add nothing to the logit).
  static func of(_ candidate: ShapeCandidate) -> Double {
    logit(of: candidate).map { 1 / (1 + exp(-$0)) } ?? 0
  }

  /// The logit of a candidate's confidence (``of(_:)`` is its logistic, which rises with it),
  /// or `nil` when a feature is not finite (confidence 0).
  static func logit(of candidate: ShapeCandidate) -> Double? {
    let (base, slots) = familySlots(candidate)
    var logit = 0.0
    for k in slots.indices {
      guard slots[k].isFinite else { return nil }
      logit += weights[base + k] * slots[k]
    }
    return logit
  }

  /// The largest logit of `candidates` (``logit(of:)``), `nil` when none has one: the rival a
  /// reading listed after them must beat to be chosen.
  static func surestLogit(of candidates: [ShapeCandidate]) -> Double? {
    candidates.compactMap(logit(of:)).max()
  }

  /// The mean deviation from which a candidate of `kind`, `complexity` and corner `evidence`
  /// (``ShapeCandidate/cornerEvidence``, 0 for none) cannot be surer than a candidate of logit
  /// `rival`, however much of its outline the ink covers: the logit falls with the mean
  /// deviation and the uncovered part, its other features as ``familySlots(_:)`` has them.
  /// With a margin of a billionth of it, a million times what the logit's rounding can move
  /// it. Infinity when the family's weights do not fall so.
  static func hopelessMeanDeviation(
    kind: ShapeKind, complexity: Double, evidence: Double = 0, rival: Double
  ) -> Double {
    let own = family(kind)
    let base = own * familyWidth
    guard weights[base + 1] < 0, weights[base + 2] <= 0 else { return .infinity }
    var rest = weights[base]
    if own != family(.triangle) { rest += weights[base + 3] * log(max(complexity, 1)) }
    if own == family(.triangle) || own == family(.circle) {
      rest += weights[base + 4] * evidence
    }
    return exp((rival - rest) / weights[base + 1]) * (1 + 1e-9)
  }
}
