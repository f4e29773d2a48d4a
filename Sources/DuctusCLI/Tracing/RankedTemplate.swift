/// One candidate template's standing for an attempt in `ductus trace rank`: the numbers each
/// ``RankingCriterion`` sorts by.
struct RankedTemplate: Hashable, Sendable, Codable {
  /// The template's library name.
  var template: String
  /// The form of the template that stands for it: its own name or a variant's
  /// (`digits/7.crossed`), the nearest by the ranking's criterion.
  var form: String
  /// The elastic distance of ``MultistrokeMatcher`` (the smallest DTW distance to the
  /// template written in any stroke order and direction); smaller is nearer.
  var elastic: Double
  /// The ranking's shape score from the report's fields (see
  /// ``TemplateRanking/shapeScore(_:)``); larger is nearer.
  var shape: Double
  /// The tracing report's score, 0–100.
  var score: Double
  /// The symmetric mean nearest-point distance between the placed ink and the template's
  /// strokes, in box heights (see ``TemplateRanking/glyphDistance(_:transform:template:)``);
  /// smaller is nearer.
  var distance: Double
}
