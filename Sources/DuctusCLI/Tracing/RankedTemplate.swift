/// One candidate template's standing for an attempt in `ductus trace rank`: the tracing
/// report's score and the glyph distance the ranking sorts by.
struct RankedTemplate: Hashable, Sendable, Codable {
  /// The template's library name.
  var template: String
  /// The symmetric mean nearest-point distance between the placed ink and the template's
  /// strokes, in box heights (see ``TemplateRanking``); smaller is nearer.
  var distance: Double
  /// The tracing report's score, 0–100.
  var score: Double
}
