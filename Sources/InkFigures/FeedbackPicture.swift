import Foundation
import InkRender
import InkSampling
import InkTracing
import OpenPencilKit

/// The feedback picture of a tracing report: the template in grey with numbered start dots,
/// the attempt green where the report counts it on the line (within the level's tolerance),
/// orange just beyond and red two tolerances or more off, arrows on reversed strokes, missing
/// strokes dashed in red, extra ink in purple, and the report's score, stars and verdict as a
/// caption.
///
/// It draws a `TracingFeedback` (`TracingScorer.feedback(_:against:method:)`), so the
/// picture and the report come from one scoring of the attempt:
///
/// ```swift
/// let feedback = try TracingScorer().feedback(drawing, against: template)
/// let png = try FeedbackPicture.render(feedback, format: .png)
/// ```
public enum FeedbackPicture {
  /// Pixels a box unit.
  public static let scale: CGFloat = 4

  /// The picture in a format.
  ///
  /// - Throws: `RenderError` when Cairo fails.
  public static func render(_ feedback: TracingFeedback, format: RenderFormat) throws -> Data {
    let level = feedback.level
    let template = feedback.template
    let unit = Self.unit(of: feedback)
    let region = Self.region(of: feedback)
    let canvas = try Canvas(format: format, region: region, scale: scale)
    canvas.fill(.white)
    let thin = 0.004 * unit
    canvas.strokePolyline(
      [
        CGPoint(x: template.box.minX, y: template.box.minY),
        CGPoint(x: template.box.maxX, y: template.box.minY),
        CGPoint(x: template.box.maxX, y: template.box.maxY),
        CGPoint(x: template.box.minX, y: template.box.maxY),
        CGPoint(x: template.box.minX, y: template.box.minY),
      ], style: LineStyle(width: thin, color: PKColor(white: 0.85, alpha: 1)))
    for (_, y) in template.guides.sorted(by: { $0.key < $1.key }) {
      canvas.strokeLine(
        from: CGPoint(x: template.box.minX, y: y), to: CGPoint(x: template.box.maxX, y: y),
        style: LineStyle(
          width: thin, color: PKColor(red: 0.7, green: 0.8, blue: 1, alpha: 1),
          dash: [0.02 * unit, 0.015 * unit]))
    }
    let assessments = Dictionary(
      feedback.report.strokes.compactMap { a in a.templateStroke.map { ($0, a) } },
      uniquingKeysWith: { first, _ in first })
    let templateWidth = 0.07 * unit
    for (index, stroke) in template.strokes.enumerated() {
      let missing = assessments[index]?.codes.contains(.missing) ?? false
      if missing {
        canvas.strokePolyline(
          stroke.points,
          style: LineStyle(
            width: 0.015 * unit, color: PKColor(red: 0.85, green: 0.1, blue: 0.1, alpha: 1),
            dash: [0.04 * unit, 0.03 * unit], cap: .butt))
      } else {
        canvas.strokePolyline(
          stroke.points,
          style: LineStyle(width: templateWidth, color: PKColor(white: 0.86, alpha: 1)))
      }
    }
    for ink in feedback.ink where ink.points.count > 1 {
      for k in 1..<ink.points.count {
        let color: PKColor
        if let deviations = ink.deviations {
          color = Self.color(deviation: max(deviations[k - 1], deviations[k]) / level.tolerance)
        } else {
          color = PKColor(red: 0.55, green: 0.2, blue: 0.75, alpha: 1)
        }
        canvas.strokeLine(
          from: ink.points[k - 1], to: ink.points[k],
          style: LineStyle(width: 0.022 * unit, color: color))
      }
      if let t = ink.templateStroke, assessments[t]?.codes.contains(.reversed) ?? false {
        // Arrows along the way the child went, in red.
        for fraction in [0.35, 0.7] {
          let i = Int(Double(ink.points.count - 1) * fraction)
          let j = min(i + max(ink.points.count / 12, 1), ink.points.count - 1)
          canvas.drawArrow(
            from: ink.points[i], to: ink.points[j], headLength: 0.05 * unit,
            style: LineStyle(
              width: 0.012 * unit, color: PKColor(red: 0.85, green: 0.1, blue: 0.1, alpha: 1)))
        }
      }
    }
    for (index, stroke) in template.strokes.enumerated() {
      guard let start = stroke.points.first else { continue }
      if stroke.points.count > 1 {
        let next = stroke.points[min(max(stroke.points.count / 6, 1), stroke.points.count - 1)]
        canvas.drawArrow(
          from: start, to: next, headLength: 0.04 * unit,
          style: LineStyle(
            width: 0.01 * unit, color: PKColor(red: 0.1, green: 0.45, blue: 0.1, alpha: 1)))
      }
      canvas.fillCircle(
        center: start, radius: 0.035 * unit,
        color: PKColor(red: 0.1, green: 0.6, blue: 0.2, alpha: 1))
      canvas.drawText("\(index + 1)", centeredAt: start, fontSize: 0.045 * unit, color: .white)
    }
    let caption =
      "\(feedback.report.scoreText)/100 "
      + String(repeating: "★", count: feedback.report.stars)
      + String(repeating: "☆", count: 3 - feedback.report.stars) + "  "
      + feedback.report.verdict.words
    canvas.drawText(
      caption, centeredAt: CGPoint(x: region.midX, y: region.minY + 0.04 * unit),
      fontSize: 0.05 * unit,
      color: PKColor(white: 0.25, alpha: 1))
    return try canvas.finish()
  }

  /// The box height, the unit of every length in the picture.
  static func unit(of feedback: TracingFeedback) -> CGFloat {
    feedback.template.box.height > 0 ? feedback.template.box.height : 100
  }

  /// The part of the box coordinates the picture shows: the template box and the ink, with a
  /// margin of 8% of the box height. Ink is shown up to one box height beyond the box on every
  /// side; a stray mark farther away (which the report counts as extra ink) is left out of the
  /// picture, so that its size stays that of the exercise. A point `p` lands on pixel
  /// `((p.x - region.minX) * scale, (p.y - region.minY) * scale)`.
  public static func region(of feedback: TracingFeedback) -> CGRect {
    let unit = unit(of: feedback)
    let box = feedback.template.box
    let inkBounds = feedback.ink.flatMap(\.points).reduce(box) {
      $1.x.isFinite && $1.y.isFinite ? $0.union(CGRect(origin: $1, size: .zero)) : $0
    }
    return inkBounds.intersection(box.insetBy(dx: -unit, dy: -unit))
      .insetBy(dx: -0.08 * unit, dy: -0.08 * unit)
  }

  /// The colour of ink `ratio` tolerances from its template stroke, on the report's scale: the
  /// ink the report counts as on the line (within one tolerance) is green, turning yellow-green
  /// towards the tolerance; beyond it, orange turning red at two tolerances.
  static func color(deviation ratio: Double) -> PKColor {
    if ratio <= 1 {
      let r = max(ratio, 0)
      return PKColor(red: 0.1 + 0.45 * r * r, green: 0.65, blue: 0.15, alpha: 1)
    }
    let r = min(ratio - 1, 1)
    return PKColor(red: 0.95, green: 0.55 * (1 - r) + 0.1, blue: 0.1, alpha: 1)
  }
}
