import Foundation
import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

/// Ranks candidate templates for one attempt: which letter or digit did the child write?
///
/// Each candidate scores the attempt with the tracing scorer (whose placement, usually `fit`,
/// puts the ink into the template's box); the ranking then sorts by one of four numbers
/// (``RankingCriterion``):
///
/// - the *elastic distance* (`MultistrokeMatcher`): the smallest dynamic time warping
///   distance between the ink, joined by its pen-up jumps into one scaled path, and the
///   template written in any stroke order and direction (closed strokes started anywhere);
/// - the *shape score* (``shapeScore(_:)``), from the report's stroke fields: how much of the
///   template the ink covers and how much of the ink lies on it, how alike the paired strokes'
///   shapes are, less the ink that pairs with no stroke. Order and direction, which tell how a
///   letter was written rather than which letter it is, do not count;
/// - the report's score, which also weighs order, direction, start and end points;
/// - the *glyph distance* (``glyphDistance(_:transform:template:)``): the placed ink and the
///   template's strokes resampled every 1/100 of the box height, pooled into one point set
///   each, and compared by the symmetric mean nearest-point distance
///   (`CurveSimilarity.meanNearestPointDistance(_:_:)`, the average of the two directed
///   average Hausdorff distances; Dubuisson and Jain, *A modified Hausdorff distance for
///   object matching*, ICPR 1994, take the larger of the two instead).
///
/// A candidate may have several *forms*: the template itself and its variants in the library
/// (`digits/7.crossed` is a form of `digits/7`, see ``TemplateLibrary/forms(of:)``). Each form
/// is measured and the candidate stands with its best form by the criterion.
public struct TemplateRanking: Sendable {
  /// The candidates' forms, in class order: each candidate's template first, then its variants.
  public let candidates: [[TracingTemplate]]
  /// The scorer that places and scores the attempt.
  public let scorer: TracingScorer
  /// What the ranking sorts by.
  public let criterion: RankingCriterion
  /// The matcher behind the elastic distance.
  public let matcher: MultistrokeMatcher
  /// What is added to each candidate's elastic distance before sorting, by template name
  /// (``TemplateClass/elasticOffsets`` for the bundled library; 0 for a name not listed).
  public let elasticOffsets: [String: Double]
  /// The matcher's prototypes of each form, as ``candidates`` holds the forms.
  private let prototypes: [[[SampleBuffer]]]

  /// A ranking of `candidates` (each a template and its variants); the forms' prototypes are
  /// made here, once.
  public init(
    candidates: [[TracingTemplate]], scorer: TracingScorer, criterion: RankingCriterion,
    matcher: MultistrokeMatcher = MultistrokeMatcher(), elasticOffsets: [String: Double] = [:]
  ) {
    self.elasticOffsets = elasticOffsets
    self.candidates = candidates
    self.scorer = scorer
    self.criterion = criterion
    self.matcher = matcher
    prototypes = candidates.map { forms in
      forms.map { matcher.prototypes(of: $0.strokes.map(\.samples)) }
    }
  }

  /// Resampling step in box heights.
  public static let spacing = 0.01

  /// The candidates for an attempt, best first; ties keep the class order.
  ///
  /// - Throws: ``TracingError`` when the scorer refuses the attempt (no ink, non-finite points).
  public func rank(_ attempt: PKDrawing) throws -> [RankedTemplate] {
    let ink = StrokeSampler().samples(of: attempt)
    let signature = try? matcher.signature(of: ink)
    let ranked = try zip(candidates, prototypes).map { forms, prototypes in
      let measured = try zip(forms, prototypes).map { template, prototypes in
        let report = try scorer.score(attempt, against: template)
        return RankedTemplate(
          template: forms[0].name, form: template.name,
          elastic: signature.map { matcher.distance($0, to: prototypes) } ?? .infinity,
          elasticOffset: elasticOffsets[forms[0].name] ?? 0,
          shape: Self.shapeScore(report), score: report.score,
          distance: Self.glyphDistance(ink, transform: report.transform, template: template))
      }
      return measured.dropFirst().reduce(measured[0]) { best, form in
        criterion.ranksBefore(form, best) ? form : best
      }
    }
    return ranked.indices.sorted { a, b in
      criterion.ranksBefore(ranked[a], ranked[b])
        || (!criterion.ranksBefore(ranked[b], ranked[a]) && a < b)
    }.map { ranked[$0] }
  }

  /// The shape score of a report, larger for a better match:
  /// `(c + p) / 2 − 0.1 f − 0.5 e`, with `c` the mean `coverage` of the template strokes (0
  /// for a missing one), `p` the mean `precision` and `f` the mean `frechet` of the strokes
  /// that have one (0 and 3 when none has), and `e` the extra ink: the summed `lengthRatio`
  /// (length in box heights) of the extra strokes. The weights were chosen on the UNIPEN `apa`
  /// writer.
  public static func shapeScore(_ report: TracingReport) -> Double {
    let paired = report.strokes.filter { $0.templateStroke != nil }
    guard !paired.isEmpty else { return -.infinity }
    let coverage = paired.reduce(0) { $0 + ($1.coverage ?? 0) } / Double(paired.count)
    let precisions = paired.compactMap(\.precision)
    let precision =
      precisions.isEmpty ? 0 : precisions.reduce(0, +) / Double(precisions.count)
    let frechets = paired.compactMap(\.frechet)
    let frechet = frechets.isEmpty ? 3 : frechets.reduce(0, +) / Double(frechets.count)
    let extraInk = report.strokes.filter { $0.templateStroke == nil }
      .reduce(0) { $0 + ($1.lengthRatio ?? 0) }
    return (coverage + precision) / 2 - 0.1 * frechet - 0.5 * extraInk
  }

  /// The symmetric mean nearest-point distance, in box heights, between the ink placed by
  /// `transform` (`box = ink × scale + offset`, as in ``TracingReport/transform``) and the
  /// template's strokes, each resampled every ``spacing`` box heights and pooled.
  public static func glyphDistance(
    _ ink: [SampleBuffer], transform: [Double], template: TracingTemplate
  ) -> Double {
    let height = Double(template.box.height)
    guard transform.count == 3, height > 0 else { return .infinity }
    let (scale, dx, dy) = (transform[0], transform[1], transform[2])
    let placed = pooled(
      ink.map {
        SampleBuffer(xs: $0.xs.map { $0 * scale + dx }, ys: $0.ys.map { $0 * scale + dy })
      },
      spacing: spacing * height)
    let model = pooled(template.strokes.map(\.samples), spacing: spacing * height)
    guard let distance = try? CurveSimilarity.meanNearestPointDistance(placed, model) else {
      return .infinity
    }
    return distance / height
  }

  /// The pieces resampled at `spacing` (a piece too short to resample kept as it is) and
  /// joined into one point set.
  private static func pooled(_ pieces: [SampleBuffer], spacing: Double) -> SampleBuffer {
    var xs: [Double] = []
    var ys: [Double] = []
    for piece in pieces where !piece.xs.isEmpty {
      let samples = (try? piece.resampled(spacing: spacing)) ?? piece
      xs += samples.xs
      ys += samples.ys
    }
    return SampleBuffer(xs: xs, ys: ys)
  }
}
