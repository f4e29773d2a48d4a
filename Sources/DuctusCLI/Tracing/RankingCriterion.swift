/// What `ductus trace rank` sorts the candidate templates by.
enum RankingCriterion: String, CaseIterable, Sendable {
  /// The tracing report's score, highest first (the default: 72% top-1 on the UNIPEN `apa`
  /// digits against 54% for the distance).
  case score
  /// The glyph distance, smallest first: shape and place only, stroke count, order and
  /// direction ignored.
  case distance

  /// Whether `a` ranks before `b`.
  func ranksBefore(_ a: RankedTemplate, _ b: RankedTemplate) -> Bool {
    switch self {
    case .score: a.score > b.score
    case .distance: a.distance < b.distance
    }
  }
}
