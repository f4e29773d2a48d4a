import Foundation
import InkRender
import InkSampling
import InkTracing
import OpenPencilKit

/// A worksheet picture of a template for a child or a teacher: guide lines, the strokes in
/// grey, direction arrows along them and a numbered green dot where each stroke starts.
///
/// All lengths are fractions of the box height, so a picture looks the same at every size and
/// for every box (the library's 100-unit box, KanjiVG's 109, a Hershey glyph's).
///
/// ```swift
/// let png = try TemplatePicture(template: template).render(size: 512, format: .png)
/// ```
public struct TemplatePicture: Sendable {
  /// The template drawn.
  public var template: TracingTemplate

  /// A picture of a template.
  public init(template: TracingTemplate) { self.template = template }

  /// The stroke width, a fraction of the box height.
  static let inkWidth = 0.055
  /// The radius of a start dot.
  static let dotRadius = 0.042
  /// The distance between direction arrows along a stroke.
  static let arrowSpacing = 0.2
  /// The length of an arrowhead.
  static let arrowLength = 0.045
  /// Start dots nearer than this to an earlier one move along their stroke.
  static let crowding = 0.07

  /// The template's grey.
  static let inkColor = PKColor(red: 0.72, green: 0.72, blue: 0.74, alpha: 1)
  /// The direction arrows' blue.
  static let arrowColor = PKColor(red: 0.2, green: 0.35, blue: 0.75, alpha: 1)
  /// The start dots' green.
  static let dotColor = PKColor(red: 0.13, green: 0.63, blue: 0.27, alpha: 1)
  /// The capital, mean and descender lines' light blue.
  static let guideColor = PKColor(red: 0.55, green: 0.7, blue: 0.9, alpha: 1)
  /// The baseline's red.
  static let baselineColor = PKColor(red: 0.85, green: 0.3, blue: 0.3, alpha: 1)

  /// The picture, `size` pixels (points, SVG units) on its longer side.
  ///
  /// - Throws: `RenderError` for a size Cairo cannot draw.
  public func render(size: Int, format: RenderFormat) throws -> Data {
    let box = template.box
    let unit = max(box.height, box.width, 1e-9)
    let margin = unit * 0.04
    let region = box.insetBy(dx: -margin, dy: -margin)
    let scale = CGFloat(size) / max(region.width, region.height)
    let canvas = try Canvas(format: format, region: region, scale: scale)
    canvas.fill(.white)
    drawGuides(on: canvas, region: region, unit: unit)
    let ink = LineStyle(width: unit * Self.inkWidth, color: Self.inkColor)
    for stroke in template.strokes {
      if stroke.points.count == 1 || Self.length(stroke.points) == 0 {
        canvas.fillCircle(center: stroke.points[0], radius: ink.width * 0.8, color: Self.inkColor)
      } else {
        canvas.strokePolyline(stroke.points, style: ink)
      }
    }
    for stroke in template.strokes { drawArrows(along: stroke.points, on: canvas, unit: unit) }
    var placed: [CGPoint] = []
    for (index, stroke) in template.strokes.enumerated() {
      let center = dotPlace(for: stroke.points, avoiding: placed, unit: unit)
      placed.append(center)
      canvas.fillCircle(center: center, radius: unit * Self.dotRadius, color: Self.dotColor)
      canvas.drawText(
        String(index + 1), centeredAt: center, fontSize: unit * Self.dotRadius * 1.3,
        color: .white)
    }
    return try canvas.finish()
  }

  /// The guides as thin lines across the box: the baseline red and solid, the mean line
  /// dashed, the others solid blue.
  private func drawGuides(on canvas: Canvas, region: CGRect, unit: CGFloat) {
    for (name, y) in template.guides.sorted(by: { $0.key < $1.key }) {
      let color = name == "baseline" ? Self.baselineColor : Self.guideColor
      let dash = name == "xHeight" ? [unit * 0.03, unit * 0.02] : []
      canvas.strokeLine(
        from: CGPoint(x: region.minX, y: y), to: CGPoint(x: region.maxX, y: y),
        style: LineStyle(width: unit * 0.006, color: color, dash: dash, cap: .butt))
    }
  }

  /// Arrowheads pointing the way the stroke goes, every ``arrowSpacing`` of the box height
  /// from half a spacing in, none on strokes too short to carry one.
  private func drawArrows(along points: [CGPoint], on canvas: Canvas, unit: CGFloat) {
    let length = Self.length(points)
    let head = unit * Self.arrowLength
    guard length > head * 3 else { return }
    let spacing = unit * Self.arrowSpacing
    let count = max(Int((length / spacing).rounded(.down)), 1)
    let first = (length - spacing * CGFloat(count - 1)) / 2
    let style = LineStyle(width: unit * 0.012, color: Self.arrowColor)
    for index in 0..<count {
      let at = first + spacing * CGFloat(index)
      let tail = Self.point(along: points, at: at - head / 2)
      let tip = Self.point(along: points, at: at + head / 2)
      canvas.drawArrow(from: tail, to: tip, headLength: head, style: style)
    }
  }

  /// Where a stroke's start dot goes: its first point, or further along the stroke when an
  /// earlier dot is there already.
  private func dotPlace(for points: [CGPoint], avoiding placed: [CGPoint], unit: CGFloat)
    -> CGPoint
  {
    let length = Self.length(points)
    var distance: CGFloat = 0
    while true {
      let candidate = Self.point(along: points, at: distance)
      let crowded = placed.contains {
        hypot($0.x - candidate.x, $0.y - candidate.y) < unit * Self.crowding * 1.4
      }
      if !crowded || distance >= length { return candidate }
      distance += unit * 0.02
    }
  }

  /// The length of a polyline.
  static func length(_ points: [CGPoint]) -> CGFloat {
    zip(points, points.dropFirst()).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
  }

  /// The point at an arc length along a polyline, clamped to its ends.
  static func point(along points: [CGPoint], at distance: CGFloat) -> CGPoint {
    var remaining = max(distance, 0)
    for index in 1..<max(points.count, 1) {
      let a = points[index - 1]
      let b = points[index]
      let step = hypot(b.x - a.x, b.y - a.y)
      if step > 0, remaining <= step {
        let t = remaining / step
        return CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
      }
      remaining -= step
    }
    return points[points.count - 1]
  }
}
