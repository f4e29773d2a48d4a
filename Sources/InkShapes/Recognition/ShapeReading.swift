/// The best reading of a group of strokes, before the confidence threshold: its candidate (if
/// any kind could be fitted) and its confidence, the group's strokes and the ends of its strokes.
struct ShapeReading {
  /// The best candidate, or `nil` when nothing could be fitted (no ink, one point).
  let candidate: ShapeCandidate?
  /// The candidate's calibrated confidence, 0 without one (computed once, when it was chosen).
  let confidence: Double
  /// The group's stroke indices, ascending.
  var strokes: [Int]
  /// The first and last point of every stroke, for the hot points.
  var strokeEnds: [[Double]]

  /// The surest of `candidates` (``best(_:)``), for the group of `strokes` whose strokes end at
  /// `strokeEnds`.
  init(choosingFrom candidates: [ShapeCandidate], strokes: [Int], strokeEnds: [[Double]]) {
    let best = Self.best(candidates)
    self.candidate = best?.candidate
    self.confidence = best?.confidence ?? 0
    self.strokes = strokes
    self.strokeEnds = strokeEnds
  }

  /// Whether the reading is a kind with a name of its own (not a line, polyline, arc or
  /// curve, which any ink can approximate): a group that chains into one is kept whole even when
  /// its strokes apart are surer.
  var isNamed: Bool {
    guard let kind = candidate?.shape.kind else { return false }
    return ![.line, .polyline, .arc, .curve, .none].contains(kind)
  }

  /// The surest candidate (the first of equally sure ones) and its confidence, each
  /// candidate's computed once: PaleoSketch's hierarchy (simpler kinds first, polylines last)
  /// is learned here as the kind families' offsets of the calibrated confidence, so the
  /// candidate most likely right is also the one the hierarchy would pick.
  static func best(_ candidates: [ShapeCandidate]) -> (
    candidate: ShapeCandidate, confidence: Double
  )? {
    var best: (candidate: ShapeCandidate, confidence: Double)?
    for candidate in candidates {
      let confidence = ShapeConfidence.of(candidate)
      if best == nil || best!.confidence < confidence { best = (candidate, confidence) }
    }
    return best
  }

  /// The answer: the candidate with its confidence, fit and hot points when it reaches
  /// `minimumConfidence`, else ``ShapeKind/none`` whose confidence is one less the best
  /// candidate's (how sure the strokes are no shape).
  func answer(minimumConfidence: Double) -> DetectedShape {
    let confidence = confidence
    guard let candidate, confidence >= minimumConfidence, candidate.shape.kind != .none else {
      return DetectedShape(
        kind: .none, confidence: 1 - confidence, strokes: strokes, hotPoints: strokeEnds)
    }
    var shape = candidate.shape
    shape.confidence = confidence
    shape.strokes = strokes
    shape.fit = candidate.fit
    shape.hotPoints = strokeEnds + shape.hotPoints
    return shape
  }
}
