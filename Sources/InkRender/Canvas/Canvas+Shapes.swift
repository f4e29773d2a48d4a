import CCairo
import Foundation
import OpenPencilKit

/// The plain shapes of a canvas: fills, lines, polylines, circles, arrows and text labels, the
/// vocabulary of feedback overlays (a grey template, numbered start dots, direction arrows,
/// dashed missing strokes). Coordinates and lengths are in drawing units; a shape with a
/// coordinate or length that is not finite is skipped rather than put Cairo in an error state.
extension Canvas {
  /// Covers the whole picture with a colour (replacing what is there, transparency included).
  public func fill(_ color: PKColor) {
    cairo_save(context)
    cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
    setSource(color)
    cairo_paint(context)
    cairo_restore(context)
  }

  /// Strokes the straight line from `start` to `end`.
  public func strokeLine(from start: CGPoint, to end: CGPoint, style: LineStyle) {
    strokePolyline([start, end], style: style)
  }

  /// Strokes an open polyline through `points` (at least two), with round joins.
  public func strokePolyline(_ points: [CGPoint], style: LineStyle) {
    guard points.count >= 2, points.allSatisfy(\.isFinite), apply(style) else { return }
    cairo_new_path(context)
    cairo_move_to(context, Double(points[0].x), Double(points[0].y))
    for point in points.dropFirst() { cairo_line_to(context, Double(point.x), Double(point.y)) }
    cairo_stroke(context)
  }

  /// Fills a closed polygon through `points` (at least three) by the non-zero rule.
  public func fillPolygon(_ points: [CGPoint], color: PKColor) {
    guard points.count >= 3, points.allSatisfy(\.isFinite) else { return }
    cairo_new_path(context)
    cairo_move_to(context, Double(points[0].x), Double(points[0].y))
    for point in points.dropFirst() { cairo_line_to(context, Double(point.x), Double(point.y)) }
    cairo_close_path(context)
    setSource(color)
    cairo_fill(context)
  }

  /// Strokes a closed polygon's outline through `points` (at least two), with round joins.
  public func strokePolygon(_ points: [CGPoint], style: LineStyle) {
    guard points.count >= 2, points.allSatisfy(\.isFinite), apply(style) else { return }
    cairo_new_path(context)
    cairo_move_to(context, Double(points[0].x), Double(points[0].y))
    for point in points.dropFirst() { cairo_line_to(context, Double(point.x), Double(point.y)) }
    cairo_close_path(context)
    cairo_stroke(context)
  }

  /// Fills a disc.
  public func fillCircle(center: CGPoint, radius: CGFloat, color: PKColor) {
    guard center.isFinite, radius.isFinite, radius > 0 else { return }
    cairo_new_path(context)
    cairo_arc(context, Double(center.x), Double(center.y), Double(radius), 0, 2 * .pi)
    setSource(color)
    cairo_fill(context)
  }

  /// Strokes a circle's outline.
  public func strokeCircle(center: CGPoint, radius: CGFloat, style: LineStyle) {
    guard center.isFinite, radius.isFinite, radius > 0, apply(style) else { return }
    cairo_new_path(context)
    cairo_arc(context, Double(center.x), Double(center.y), Double(radius), 0, 2 * .pi)
    cairo_close_path(context)
    cairo_stroke(context)
  }

  /// Strokes a line from `start` to `end` with a filled triangular head at `end`, `headLength`
  /// long and as wide; the line stops at the head's base so that a thick shaft does not poke
  /// through the point. Nothing is drawn when the two ends coincide.
  public func drawArrow(from start: CGPoint, to end: CGPoint, headLength: CGFloat, style: LineStyle)
  {
    let dx = end.x - start.x
    let dy = end.y - start.y
    let length = hypot(dx, dy)
    guard length > 0, length.isFinite, headLength.isFinite, headLength > 0 else { return }
    let head = min(headLength, length)
    let ux = dx / length
    let uy = dy / length
    let base = CGPoint(x: end.x - ux * head, y: end.y - uy * head)
    if head < length {
      var shaft = style
      shaft.cap = .butt
      strokeLine(from: start, to: base, style: shaft)
    }
    let half = head / 2
    fillPolygon(
      [
        end, CGPoint(x: base.x - uy * half, y: base.y + ux * half),
        CGPoint(x: base.x + uy * half, y: base.y - ux * half),
      ], color: style.color)
  }

  /// Draws a one-line text label centred on a point, in a bold sans-serif face (DejaVu Sans when
  /// the system has it), `fontSize` drawing units high: the numbers of start dots.
  public func drawText(
    _ text: String, centeredAt center: CGPoint, fontSize: CGFloat, color: PKColor
  ) {
    guard !text.isEmpty, center.isFinite, fontSize.isFinite, fontSize > 0 else { return }
    withFont(size: fontSize, weight: CAIRO_FONT_WEIGHT_BOLD) {
      let extents = self.extents(of: text)
      cairo_move_to(
        context, Double(center.x) - extents.x_bearing - extents.width / 2,
        Double(center.y) - extents.y_bearing - extents.height / 2)
      setSource(color)
      cairo_show_text(context, text)
    }
  }

  /// Draws a one-line text label whose left end is at `start` (its middle height on
  /// `start.y`), in the face of ``drawText(_:centeredAt:fontSize:color:)`` but regular weight,
  /// and returns its width in drawing units so that a row of labels can be laid out.
  @discardableResult
  public func drawText(_ text: String, from start: CGPoint, fontSize: CGFloat, color: PKColor)
    -> CGFloat
  {
    guard !text.isEmpty, start.isFinite, fontSize.isFinite, fontSize > 0 else { return 0 }
    return withFont(size: fontSize, weight: CAIRO_FONT_WEIGHT_NORMAL) {
      let extents = self.extents(of: text)
      cairo_move_to(
        context, Double(start.x) - extents.x_bearing,
        Double(start.y) - extents.y_bearing - extents.height / 2)
      setSource(color)
      cairo_show_text(context, text)
      return CGFloat(extents.x_advance)
    }
  }

  /// The width, in drawing units, that ``drawText(_:from:fontSize:color:)`` gives a text.
  public func textWidth(_ text: String, fontSize: CGFloat) -> CGFloat {
    guard !text.isEmpty, fontSize.isFinite, fontSize > 0 else { return 0 }
    return withFont(size: fontSize, weight: CAIRO_FONT_WEIGHT_NORMAL) {
      CGFloat(extents(of: text).x_advance)
    }
  }

  /// Runs `body` with the label face (DejaVu Sans) selected at a size and weight, the drawing
  /// state restored after it.
  func withFont<Result>(size: CGFloat, weight: cairo_font_weight_t, _ body: () -> Result)
    -> Result
  {
    cairo_save(context)
    defer { cairo_restore(context) }
    cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, weight)
    cairo_set_font_size(context, Double(size))
    return body()
  }

  /// The extents of a text in the selected face.
  func extents(of text: String) -> cairo_text_extents_t {
    var extents = cairo_text_extents_t()
    cairo_text_extents(context, text, &extents)
    return extents
  }

  // MARK: - Cairo state

  func setSource(_ color: PKColor, alphaScale: CGFloat = 1) {
    func unit(_ value: CGFloat) -> Double { value.isFinite ? Double(min(max(value, 0), 1)) : 0 }
    cairo_set_source_rgba(
      context, unit(color.red), unit(color.green), unit(color.blue),
      unit(color.alpha * alphaScale))
  }

  /// Sets width, colour, dashes and caps; `false` when the style cannot be drawn (a width that
  /// is not positive and finite).
  func apply(_ style: LineStyle) -> Bool {
    guard style.width.isFinite, style.width > 0 else { return false }
    cairo_set_line_width(context, Double(style.width))
    cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    let cap: cairo_line_cap_t =
      switch style.cap {
      case .butt: CAIRO_LINE_CAP_BUTT
      case .round: CAIRO_LINE_CAP_ROUND
      case .square: CAIRO_LINE_CAP_SQUARE
      }
    cairo_set_line_cap(context, cap)
    // Cairo rejects negative dashes and all-zero patterns with a sticky error: drop them.
    let dashes = style.dash.filter { $0.isFinite && $0 >= 0 }.map(Double.init)
    if dashes.count == style.dash.count, dashes.contains(where: { $0 > 0 }) {
      cairo_set_dash(context, dashes, Int32(dashes.count), 0)
    } else {
      cairo_set_dash(context, nil, 0, 0)
    }
    setSource(style.color)
    return true
  }
}
