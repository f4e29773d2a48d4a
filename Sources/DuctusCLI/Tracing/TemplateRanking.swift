import Foundation
import InkAnalysis
import OpenPencilKit

/// Ranks candidate templates for one attempt: which letter or digit did the child write?
///
/// Each candidate scores the attempt with the tracing scorer (whose placement, usually `fit`,
/// puts the ink into the template's box); the ranking sorts by the report's score
/// (``RankingCriterion/score``) or by the *glyph distance* (``RankingCriterion/distance``):
/// the placed ink and the template's strokes are resampled every 1/100 of the box height,
/// pooled into one point set each, and compared by the symmetric mean nearest-point distance
/// (``CurveSimilarity/meanNearestPointDistance(_:_:)``, the average of the two directed average
/// Hausdorff distances; Dubuisson and Jain, *A modified Hausdorff distance for object
/// matching*, ICPR 1994, take the larger of the two instead). Pooling the points ignores
/// stroke count, order and direction; the report's score weighs them. Both numbers are kept
/// for every candidate.
struct TemplateRanking: Sendable {
  /// The candidate templates, in class order.
  var candidates: [TracingTemplate]
  /// The scorer that places and scores the attempt.
  var scorer: TracingScorer
  /// What the ranking sorts by.
  var criterion: RankingCriterion

  /// Resampling step in box heights.
  static let spacing = 0.01

  /// The candidates for an attempt, best first; ties keep the class order.
  ///
  /// - Throws: ``TracingError`` when the scorer refuses the attempt (no ink, non-finite points).
  func rank(_ attempt: PKDrawing) throws -> [RankedTemplate] {
    let ink = StrokeSampler().samples(of: attempt)
    let ranked = try candidates.map { template in
      let report = try scorer.score(attempt, against: template)
      return RankedTemplate(
        template: template.name,
        distance: Self.glyphDistance(ink, transform: report.transform, template: template),
        score: report.score)
    }
    return ranked.indices.sorted { a, b in
      criterion.ranksBefore(ranked[a], ranked[b])
        || (!criterion.ranksBefore(ranked[b], ranked[a]) && a < b)
    }.map { ranked[$0] }
  }

  /// The symmetric mean nearest-point distance, in box heights, between the ink placed by
  /// `transform` (`box = ink × scale + offset`, as in ``TracingReport/transform``) and the
  /// template's strokes, each resampled every ``spacing`` box heights and pooled.
  static func glyphDistance(
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
    let model = pooled(
      template.strokes.map {
        SampleBuffer(xs: $0.points.map { Double($0.x) }, ys: $0.points.map { Double($0.y) })
      }, spacing: spacing * height)
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
