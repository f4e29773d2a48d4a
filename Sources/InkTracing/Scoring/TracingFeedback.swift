import Foundation
import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

/// What a feedback picture shows, in the template's box coordinates: the template strokes, the
/// attempt's ink with how far each sample lies from the template stroke it was paired with, and
/// the report that goes with them.
public struct TracingFeedback: Sendable {
  /// One attempt stroke as placed in the box.
  public struct Ink: Sendable {
    /// The attempt stroke's index.
    public var attemptStroke: Int
    /// The template stroke it was paired with, `nil` for an extra stroke.
    public var templateStroke: Int?
    /// The samples, about a hundredth of the box height apart.
    public var points: [CGPoint]
    /// Each sample's distance from its template stroke, in box heights (`nil` for extra ink).
    public var deviations: [Double]?
  }

  /// The template.
  public var template: TracingTemplate
  /// The attempt's strokes, in drawing order.
  public var ink: [Ink]
  /// The report.
  public var report: TracingReport
  /// The level the report was made at (its tolerance scales the picture's colours).
  public var level: TracingLevel
}

extension TracingScorer {
  /// The report of a method together with the geometry its feedback picture needs, from one
  /// placement of the attempt, so that the picture shows exactly what the report says.
  ///
  /// Each ink sample's deviation is its distance from the template stroke its stroke was
  /// paired with (``TracingMethod/strokes``), or from the nearest template stroke
  /// (``TracingMethod/coverage``, which pairs no strokes); extra ink has none.
  ///
  /// - Throws: as ``score(_:against:)``.
  public func feedback(
    _ attempt: PKDrawing, against template: TracingTemplate, method: TracingMethod = .strokes
  ) throws(TracingError) -> TracingFeedback {
    let (scene, report) = try placed(attempt, against: template, method: method)
    var pairedWith: [Int: Int] = [:]
    for assessment in report.strokes {
      guard let t = assessment.templateStroke else { continue }
      for a in assessment.attemptStrokes where pairedWith[a] == nil { pairedWith[a] = t }
    }
    let ink = scene.attemptLines.enumerated().map { index, line in
      let points = (0..<line.count).map { CGPoint(x: line.xs[$0], y: line.ys[$0]) }
      let nearest: [Int]? =
        switch method {
        case .strokes: pairedWith[index].map { [$0] }
        case .coverage: Array(scene.templateLines.indices)
        }
      let deviations = nearest.map { strokes in
        (0..<line.count).map { k in
          strokes.map { scene.templateLines[$0].distance(toX: line.xs[k], y: line.ys[k]) }
            .min().map { $0 / scene.unit } ?? .infinity
        }
      }
      return TracingFeedback.Ink(
        attemptStroke: index, templateStroke: pairedWith[index], points: points,
        deviations: deviations)
    }
    return TracingFeedback(template: template, ink: ink, report: report, level: level)
  }
}
