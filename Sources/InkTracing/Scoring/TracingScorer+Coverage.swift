import Foundation
import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

extension TracingScorer {
  /// The classic coverage score: the template, placed on the attempt's canvas, is sampled every
  /// 5 points, and a sample counts when an attempt point lies within 20 points of it; the score
  /// is the percentage counted. Order, direction and extra ink are ignored, as in the apps that
  /// use it.
  ///
  /// - Throws: as ``score(_:against:)``.
  public func coverageReport(_ attempt: PKDrawing, against template: TracingTemplate)
    throws(TracingError) -> TracingReport
  {
    try report(attempt, against: template, method: .coverage)
  }

  /// The coverage report of a placed attempt.
  func coverageReport(of scene: TracingScene, template: TracingTemplate) -> TracingReport {
    let xs = scene.rawAttempt.flatMap(\.xs)
    let ys = scene.rawAttempt.flatMap(\.ys)
    var counted = 0
    var total = 0
    var assessments: [StrokeAssessment] = []
    for (i, stroke) in template.strokes.enumerated() {
      // Box to canvas: the inverse of the placement.
      let canvas = PathSegments(
        xs: stroke.points.map { (Double($0.x) - scene.offsetX) / scene.scale },
        ys: stroke.points.map { (Double($0.y) - scene.offsetY) / scene.scale }
      ).resampled(spacing: 5)
      var near = 0
      for k in 0..<canvas.count {
        var hit = false
        for p in xs.indices where hypot(xs[p] - canvas.xs[k], ys[p] - canvas.ys[k]) <= 20 {
          hit = true
          break
        }
        if hit { near += 1 }
      }
      counted += near
      total += canvas.count
      let coverage = canvas.count > 0 ? Double(near) / Double(canvas.count) : 0
      var assessment = StrokeAssessment(templateStroke: i, attemptStrokes: [])
      assessment.coverage = Self.rounded(coverage)
      assessment.score = 100 * coverage
      assessment.codes = coverage >= 0.8 ? [] : coverage < 0.2 ? [.missing] : [.tooShort]
      Self.finish(&assessment, level: level, messages: messages)
      assessments.append(assessment)
    }
    let score = Self.attemptScore(
      total > 0 ? 100 * Double(counted) / Double(total) : 0, strokes: assessments, level: level)
    let codes = Set(assessments.flatMap(\.codes)).subtracting([.ok]).sorted()
    return TracingReport(
      template: template.name, method: "coverage", level: level.name, score: score,
      stars: level.stars(for: score), verdict: TracingVerdict(score: score, level: level),
      language: messages.language, codes: codes.isEmpty ? [.ok] : codes, strokes: assessments,
      fluency: nil, placement: placement.name,
      transform: [scene.scale, scene.offsetX, scene.offsetY].map(Self.rounded))
  }
}
