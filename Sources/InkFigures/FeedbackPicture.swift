import Foundation
import InkRender
import InkSampling
import InkTracing
import OpenPencilKit

/// The feedback picture of a tracing report: the template in grey with numbered start dots,
/// the attempt green where the report counts it on the line (within the level's tolerance),
/// orange just beyond and red two tolerances or more off, arrows on reversed strokes, missing
/// strokes and hooks dashed in red, extra ink in purple, start dots moved clear of each other,
/// the child's own order in orange on the ink when strokes were drawn out of order, the
/// report's score, stars and verdict as a caption, and a legend strip of what this picture's
/// colours and marks mean.
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

  /// The picture in a format, with a legend strip under the box unless `legend` is false.
  ///
  /// - Throws: `RenderError` when Cairo fails.
  public static func render(_ feedback: TracingFeedback, format: RenderFormat, legend: Bool = true)
    throws -> Data
  {
    let level = feedback.level
    let template = feedback.template
    let unit = Self.unit(of: feedback)
    let region = Self.region(of: feedback, legend: legend)
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
    for (index, stroke) in template.strokes.enumerated() {
      let codes = assessments[index]?.codes ?? []
      if codes.contains(.missing) {
        canvas.strokePolyline(stroke.points, style: Self.missingStyle(unit: unit))
        continue
      }
      canvas.strokePolyline(
        stroke.points, style: LineStyle(width: 0.07 * unit, color: PKColor(white: 0.86, alpha: 1)))
      if codes.contains(.hookMissing) {
        // The hook the child left off (the last fifth of the stroke), in the missing style.
        let along = Self.samples(along: stroke.points, unit: unit)
        let hookStart = min(Int(Double(along.count) * 0.8), max(along.count - 2, 0))
        canvas.strokePolyline(Array(along[hookStart...]), style: Self.missingStyle(unit: unit))
      }
    }
    for ink in feedback.ink where ink.points.count > 1 {
      for k in 1..<ink.points.count {
        let color: PKColor
        if let deviations = ink.deviations {
          color = Self.color(deviation: max(deviations[k - 1], deviations[k]) / level.tolerance)
        } else {
          color = Self.extraColor
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
            style: LineStyle(width: 0.012 * unit, color: Self.red))
        }
      }
    }
    let dots = startDots(of: feedback)
    for (index, stroke) in template.strokes.enumerated() {
      guard stroke.points.count > 0 else { continue }
      let dot = dots[index]
      if stroke.points.count > 1 {
        let next = stroke.points[min(max(stroke.points.count / 6, 1), stroke.points.count - 1)]
        canvas.drawArrow(
          from: stroke.points[0], to: next, headLength: 0.04 * unit,
          style: LineStyle(
            width: 0.01 * unit, color: PKColor(red: 0.1, green: 0.45, blue: 0.1, alpha: 1)))
      }
      canvas.fillCircle(center: dot, radius: dotRadius * unit, color: Self.green)
      canvas.drawText("\(index + 1)", centeredAt: dot, fontSize: 0.045 * unit, color: .white)
    }
    // Out of order: the order the child drew in, half-way along each stroke of ink.
    let outOfOrder = feedback.report.strokes.contains { $0.codes.contains(.wrongOrder) }
    if outOfOrder {
      var taken = dots
      for ink in feedback.ink where ink.templateStroke != nil && !ink.points.isEmpty {
        // From the middle of the ink outwards, the first place clear of every dot drawn.
        let middle = ink.points.count / 2
        let order = ink.points.indices.sorted { abs($0 - middle) < abs($1 - middle) }
        let clearance = 2.2 * dotRadius * unit
        let spot =
          order.lazy.map { ink.points[$0] }.first { p in
            taken.allSatisfy { hypot($0.x - p.x, $0.y - p.y) >= clearance }
          } ?? ink.points[middle]
        taken.append(spot)
        canvas.fillCircle(center: spot, radius: dotRadius * unit, color: Self.orange)
        canvas.drawText(
          "\(ink.attemptStroke + 1)", centeredAt: spot, fontSize: 0.045 * unit, color: .white)
      }
    }
    let caption =
      "\(feedback.report.scoreText)/100 "
      + String(repeating: "★", count: feedback.report.stars)
      + String(repeating: "☆", count: 3 - feedback.report.stars) + "  "
      + feedback.report.catalog.words(feedback.report.verdict)
    canvas.drawText(
      caption, centeredAt: CGPoint(x: region.midX, y: region.minY + 0.04 * unit),
      fontSize: 0.05 * unit,
      color: PKColor(white: 0.25, alpha: 1))
    if legend { drawLegend(of: feedback, on: canvas, region: region, unit: unit) }
    return try canvas.finish()
  }

  /// The radius of a start dot, in box heights.
  static let dotRadius: CGFloat = 0.035
  static let green = PKColor(red: 0.1, green: 0.6, blue: 0.2, alpha: 1)
  static let red = PKColor(red: 0.85, green: 0.1, blue: 0.1, alpha: 1)
  static let orange = PKColor(red: 0.95, green: 0.55, blue: 0.1, alpha: 1)
  static let extraColor = PKColor(red: 0.55, green: 0.2, blue: 0.75, alpha: 1)

  /// Dashed red: what the template has and the attempt does not.
  static func missingStyle(unit: CGFloat) -> LineStyle {
    LineStyle(width: 0.015 * unit, color: red, dash: [0.04 * unit, 0.03 * unit], cap: .butt)
  }

  /// Where each template stroke's numbered start dot is drawn: at the stroke's start or, when
  /// that would cover an earlier stroke's dot (the strokes of an E start together), moved
  /// along the stroke's own direction until it is clear.
  public static func startDots(of feedback: TracingFeedback) -> [CGPoint] {
    let unit = unit(of: feedback)
    let clearance = 2.2 * dotRadius * unit
    var placed: [CGPoint] = []
    for stroke in feedback.template.strokes {
      func isClear(_ p: CGPoint) -> Bool {
        placed.allSatisfy { hypot($0.x - p.x, $0.y - p.y) >= clearance }
      }
      // Samples a hundredth of the box height apart along the stroke, from its start.
      let along = samples(along: stroke.points, unit: unit)
      placed.append(along.first(where: isClear) ?? stroke.points.first ?? .zero)
    }
    return placed
  }

  /// Points a hundredth of the box height apart along a polyline, from its start (the
  /// polyline itself when it cannot be resampled, such as a single point).
  static func samples(along points: [CGPoint], unit: CGFloat) -> [CGPoint] {
    let line = SampleBuffer(xs: points.map { Double($0.x) }, ys: points.map { Double($0.y) })
    guard let samples = try? line.resampled(spacing: Double(0.01 * unit)) else { return points }
    return zip(samples.xs, samples.ys).map { CGPoint(x: $0, y: $1) }
  }

  /// The legend strip under the box: what the colours and marks of this picture mean, in up to
  /// two rows.
  static func drawLegend(
    of feedback: TracingFeedback, on canvas: Canvas, region: CGRect, unit: CGFloat
  ) {
    let codes = Set(feedback.report.strokes.flatMap(\.codes))
    let catalog = feedback.report.catalog
    let font = 0.032 * unit
    let swatch = 0.06 * unit
    let gap = 0.015 * unit
    let textColor = PKColor(white: 0.3, alpha: 1)
    let width = 0.022 * unit
    enum Mark {
      case line(LineStyle)
      case dot(PKColor)
    }
    var entries: [(Mark, String)] = [
      (.line(LineStyle(width: width, color: color(deviation: 0))), catalog.label(.onTheLine)),
      (.line(LineStyle(width: width, color: color(deviation: 2))), catalog.label(.offTheLine)),
    ]
    if codes.contains(.extra) {
      entries.append((.line(LineStyle(width: width, color: extraColor)), catalog.label(.extra)))
    }
    if codes.contains(.missing) || codes.contains(.hookMissing) {
      entries.append((.line(missingStyle(unit: unit)), catalog.label(.missing)))
    }
    if codes.contains(.reversed) {
      entries.append(
        (.line(LineStyle(width: 0.012 * unit, color: red)), catalog.label(.wayYouWent)))
    }
    entries.append((.dot(green), catalog.label(.startHere)))
    if codes.contains(.wrongOrder) { entries.append((.dot(orange), catalog.label(.orderYouDrew))) }
    let left = region.minX + 0.08 * unit
    var x = left
    var y = content(of: feedback).maxY + 0.05 * unit
    for (mark, label) in entries {
      let entryWidth = swatch + gap + canvas.textWidth(label, fontSize: font)
      if x > left, x + entryWidth > region.maxX - 0.04 * unit {
        x = left
        y += 0.055 * unit
      }
      switch mark {
      case .line(let style):
        canvas.strokeLine(from: CGPoint(x: x, y: y), to: CGPoint(x: x + swatch, y: y), style: style)
      case .dot(let color):
        canvas.fillCircle(
          center: CGPoint(x: x + swatch / 2, y: y), radius: dotRadius * unit * 0.6, color: color)
      }
      canvas.drawText(
        label, from: CGPoint(x: x + swatch + gap, y: y), fontSize: font, color: textColor)
      x += entryWidth + 0.04 * unit
    }
  }

  /// The legend strip's height, in box heights: two rows.
  static let legendHeight: CGFloat = 0.12

  /// The box height, the unit of every length in the picture.
  static func unit(of feedback: TracingFeedback) -> CGFloat {
    feedback.template.box.height > 0 ? feedback.template.box.height : 100
  }

  /// The part of the box coordinates the picture shows: the template box and the ink, with a
  /// margin of 8% of the box height, and the legend strip under the box when `legend` is true.
  /// Ink is shown up to one box height beyond the box on every side; a stray mark farther away
  /// (which the report counts as extra ink) is left out of the picture, so that its size stays
  /// that of the exercise. A point `p` lands on pixel
  /// `((p.x - region.minX) * scale, (p.y - region.minY) * scale)`.
  public static func region(of feedback: TracingFeedback, legend: Bool = true) -> CGRect {
    let unit = unit(of: feedback)
    var shown = content(of: feedback)
    if legend {
      shown = shown.union(
        CGRect(x: shown.minX, y: shown.maxY, width: shown.width, height: legendHeight * unit))
    }
    return shown.insetBy(dx: -0.08 * unit, dy: -0.08 * unit)
  }

  /// The box and the ink shown with it (up to one box height beyond the box).
  static func content(of feedback: TracingFeedback) -> CGRect {
    let box = feedback.template.box
    let unit = unit(of: feedback)
    return feedback.ink.flatMap(\.points).reduce(box) {
      $1.x.isFinite && $1.y.isFinite ? $0.union(CGRect(origin: $1, size: .zero)) : $0
    }
    .intersection(box.insetBy(dx: -unit, dy: -unit))
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
