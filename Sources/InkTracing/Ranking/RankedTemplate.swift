import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

/// One candidate template's standing for an attempt in `ductus trace rank`: the numbers each
/// ``RankingCriterion`` sorts by.
public struct RankedTemplate: Hashable, Sendable, Codable {
  /// The template's library name.
  public var template: String
  /// The form of the template that stands for it: its own name or a variant's
  /// (`digits/7.crossed`), the nearest by the ranking's criterion.
  public var form: String
  /// The elastic distance of `MultistrokeMatcher` (the smallest DTW distance to the
  /// template written in any stroke order and direction); smaller is nearer.
  public var elastic: Double
  /// What the ranking adds to ``elastic`` before sorting by it: the template's offset
  /// (``TemplateClass/elasticOffsets`` for the bundled library, else 0).
  public var elasticOffset: Double
  /// The ranking's shape score from the report's fields (see
  /// ``TemplateRanking/shapeScore(_:)``); larger is nearer.
  public var shape: Double
  /// The tracing report's score, 0–100.
  public var score: Double
  /// The symmetric mean nearest-point distance between the placed ink and the template's
  /// strokes, in box heights (see ``TemplateRanking/glyphDistance(_:transform:template:)``);
  /// smaller is nearer.
  public var distance: Double

  /// A candidate's numbers.
  public init(
    template: String, form: String, elastic: Double, elasticOffset: Double, shape: Double,
    score: Double, distance: Double
  ) {
    self.elasticOffset = elasticOffset
    self.template = template
    self.form = form
    self.elastic = elastic
    self.shape = shape
    self.score = score
    self.distance = distance
  }
}
