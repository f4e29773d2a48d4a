/// What `ductus trace rank` sorts the candidate templates by.
enum RankingCriterion: String, CaseIterable, Sendable {
  /// The glyph distance, smallest first: shape and place only, stroke count, order and
  /// direction ignored.
  case distance
  /// The tracing report's score, highest first.
  case score

  /// Whether `a` ranks before `b`; ties keep the class order.
  func ranksBefore(_ a: RankedTemplate, _ b: RankedTemplate) -> Bool {
    switch self {
    case .distance: a.distance < b.distance
    case .score: a.score > b.score
    }
  }
}
