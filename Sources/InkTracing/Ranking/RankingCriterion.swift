import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

/// What `ductus trace rank` sorts the candidate templates by.
///
/// Top-1 accuracy on the UNIPEN `apa` characters (digits, capitals, small letters) with the
/// bundled library and its variants: `elastic` 96.2%, 90.3%, 90.2%; `shape` 80.2%, 68.6%,
/// 76.7%; `score` 79.0%, 66.5%, 67.5%; `distance` 56.9%, 55.7%, 46.2% (the TraceRank article).
public enum RankingCriterion: String, CaseIterable, Sendable {
  /// The elastic distance of `MultistrokeMatcher`, smallest first (the default): the ink and
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
  public func ranksBefore(_ a: RankedTemplate, _ b: RankedTemplate) -> Bool {
    switch self {
    case .elastic: a.elastic + a.elasticOffset < b.elastic + b.elasticOffset
    case .shape: a.shape > b.shape
    case .score: a.score > b.score
    case .distance: a.distance < b.distance
    }
  }
}
