/// What `ductus trace rank` sorts the candidate templates by.
///
/// Top-1 accuracy on the UNIPEN `apa` writer (digits, capitals, small letters) with `fit`
/// placement: `shape` 73.1%, 63.0%, 70.4%; `score` 73.3%, 61.8%, 65.1%; `distance` 54.5%,
/// 56.0%, 42.1%.
enum RankingCriterion: String, CaseIterable, Sendable {
  /// The elastic distance of ``MultistrokeMatcher``, smallest first (the default): the ink and
  /// the template as pen paths, in any stroke order and direction.
  case elastic
  /// The shape score from the report's fields, highest first: coverage,
  /// precision and Fréchet distance, less extra ink; order and direction ignored.
  case shape
  /// The tracing report's score, highest first.
  case score
  /// The glyph distance, smallest first: the placed ink and the template as two point sets.
  case distance

  /// Whether `a` ranks before `b`.
  func ranksBefore(_ a: RankedTemplate, _ b: RankedTemplate) -> Bool {
    switch self {
    case .elastic: a.elastic < b.elastic
    case .shape: a.shape > b.shape
    case .score: a.score > b.score
    case .distance: a.distance < b.distance
    }
  }
}
