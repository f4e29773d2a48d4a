/// The best reading of a group of strokes, before the confidence threshold: its candidate (if
/// any kind could be fitted), the group's strokes and the ends of its strokes.
struct ShapeReading {
  /// The best candidate, or `nil` when nothing could be fitted (no ink, one point).
  var candidate: ShapeCandidate?
  /// The group's stroke indices, ascending.
  var strokes: [Int]
  /// The first and last point of every stroke, for the hot points.
  var strokeEnds: [[Double]]

  /// The candidate's calibrated confidence, 0 without one.
  var confidence: Double {
    candidate.map { ShapeConfidence.of($0) } ?? 0
  }

  /// Whether the reading is a kind with a name of its own (not a line, polyline, arc or
  /// curve, which any ink can approximate): a group that chains into one is kept whole even when
  /// its strokes apart are surer.
  var isNamed: Bool {
    guard let kind = candidate?.shape.kind else { return false }
    return ![.line, .polyline, .arc, .curve, .none].contains(kind)
  }

  /// The surest candidate: PaleoSketch's hierarchy (simpler kinds first, polylines last) is
  /// learned here as the kind families' offsets of the calibrated confidence, so the candidate
  /// most likely right is also the one the hierarchy would pick.
  static func best(_ candidates: [ShapeCandidate]) -> ShapeCandidate? {
    candidates.max { ShapeConfidence.of($0) < ShapeConfidence.of($1) }
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
