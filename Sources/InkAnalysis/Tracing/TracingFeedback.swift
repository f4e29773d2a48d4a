import Foundation
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
}

extension TracingScorer {
  /// The report together with the geometry a feedback picture needs.
  ///
  /// - Throws: as ``score(_:against:)``.
  public func feedback(_ attempt: PKDrawing, against template: TracingTemplate)
    throws(TracingError) -> TracingFeedback
  {
    let report = try score(attempt, against: template)
    let scene = try TracingScene(attempt: attempt, template: template, placement: placement)
    var pairedWith: [Int: Int] = [:]
    for assessment in report.strokes {
      guard let t = assessment.templateStroke else { continue }
      for a in assessment.attemptStrokes where pairedWith[a] == nil { pairedWith[a] = t }
    }
    let ink = scene.attemptLines.enumerated().map { index, line in
      let points = (0..<line.count).map { CGPoint(x: line.xs[$0], y: line.ys[$0]) }
      let deviations = pairedWith[index].map { t in
        (0..<line.count).map {
          scene.templateLines[t].distance(toX: line.xs[$0], y: line.ys[$0]) / scene.unit
        }
      }
      return TracingFeedback.Ink(
        attemptStroke: index, templateStroke: pairedWith[index], points: points,
        deviations: deviations)
    }
    return TracingFeedback(template: template, ink: ink, report: report)
  }
}
