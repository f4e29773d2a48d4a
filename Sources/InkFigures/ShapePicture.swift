import Foundation
import InkRender
import InkShapes
import OpenPencilKit

/// The picture of a shape detection: the drawing's ink as it was drawn, each recognised shape's
/// ideal outline over it in its own colour with its hot points, a label at each shape (its
/// number, kind and confidence, or `not a shape`), and a legend strip naming what the marks
/// mean.
///
/// ```swift
/// let shapes = ShapeRecognizer().shapes(in: drawing)
/// let png = try ShapePicture.render(drawing, shapes: shapes, format: .png)
/// ```
public enum ShapePicture {
  /// The picture's longer side, in pixels, without the legend.
  public static let longerSide: CGFloat = 720

  /// The picture in a format, with a legend strip under the drawing unless `legend` is false.
  ///
  /// - Throws: `RenderError` when Cairo fails.
  public static func render(
    _ drawing: PKDrawing, shapes: [DetectedShape], format: RenderFormat, legend: Bool = true
  ) throws -> Data {
    let outlines = shapes.map { try? IdealShape($0) }
    var content = drawing.inkBounds
    for outline in outlines.compactMap({ $0 }) { content = content.union(outline.bounds) }
    if content.isNull || content.isEmpty {
      content = content.isNull ? CGRect(x: 0, y: 0, width: 100, height: 100) : content
      content = content.insetBy(dx: -50, dy: -50)
    }
    let unit = max(content.width, content.height)
    let margin = 0.08 * unit
    var region = content.insetBy(dx: -margin, dy: -margin)
    if legend {
      region.size.height += legendHeight * unit
    }
    let scale = longerSide / (unit + 2 * margin)
    let canvas = try Canvas(
      format: format, pixelWidth: max(Int((region.width * scale).rounded(.up)), 1),
      pixelHeight: max(Int((region.height * scale).rounded(.up)), 1), origin: region.origin,
      scale: scale)
    canvas.fill(.white)
    canvas.draw(drawing)
    let font = 0.035 * unit
    for (index, shape) in shapes.enumerated() {
      // What is not a shape is labelled in grey, as its dashed box is drawn.
      let color =
        shape.kind == .none ? PKColor(white: 0.4, alpha: 1) : palette[index % palette.count]
      let label: String
      let anchor: CGPoint
      if let outline = outlines[index], shape.kind != .none {
        for piece in outline.pieces {
          canvas.strokePolyline(
            piece, style: LineStyle(width: 0.012 * unit, color: color.withAlphaComponent(0.85)))
        }
        for point in shape.hotPoints where point.count == 2 {
          canvas.fillCircle(
            center: CGPoint(x: point[0], y: point[1]), radius: 0.012 * unit, color: color)
        }
        label = "\(index + 1) \(name(of: shape)) \(Int((shape.confidence * 100).rounded()))%"
        anchor = CGPoint(x: outline.bounds.minX, y: outline.bounds.minY - 0.025 * unit)
      } else {
        let bounds = inkBounds(of: shape.strokes, in: drawing)
        label = "\(index + 1) not a shape"
        anchor = CGPoint(x: bounds.minX, y: bounds.minY - 0.025 * unit)
        canvas.strokePolygon(
          [
            CGPoint(x: bounds.minX, y: bounds.minY), CGPoint(x: bounds.maxX, y: bounds.minY),
            CGPoint(x: bounds.maxX, y: bounds.maxY), CGPoint(x: bounds.minX, y: bounds.maxY),
          ],
          style: LineStyle(
            width: 0.004 * unit, color: PKColor(white: 0.55, alpha: 1),
            dash: [0.015 * unit, 0.01 * unit]))
      }
      // Within the picture: a label that would run off its right edge is moved left.
      let right = region.maxX - 0.01 * unit - canvas.textWidth(label, fontSize: font)
      canvas.drawText(
        label, from: CGPoint(x: max(min(anchor.x, right), region.minX + 0.01 * unit), y: anchor.y),
        fontSize: font, color: color)
    }
    if legend { drawLegend(on: canvas, region: region, unit: unit, shapes: shapes) }
    return try canvas.finish()
  }

  /// The legend strip's height, as a share of the drawing's longer side.
  static let legendHeight: CGFloat = 0.09

  /// The colours of the shapes, in turn.
  static let palette: [PKColor] = [
    PKColor(red: 0.85, green: 0.15, blue: 0.15, alpha: 1),
    PKColor(red: 0.1, green: 0.45, blue: 0.85, alpha: 1),
    PKColor(red: 0.1, green: 0.6, blue: 0.25, alpha: 1),
    PKColor(red: 0.75, green: 0.35, blue: 0.0, alpha: 1),
    PKColor(red: 0.55, green: 0.2, blue: 0.75, alpha: 1),
  ]

  /// A shape's name for its label: its subkind when it has one (`square`), else its kind, with
  /// its sides or points.
  static func name(of shape: DetectedShape) -> String {
    if let subkind = shape.subkind {
      return shape.kind == .triangle ? "\(subkind.rawValue) triangle" : subkind.rawValue
    }
    if let sides = shape.sides, shape.kind == .polygon { return "\(sides)-sided polygon" }
    if let points = shape.points, shape.kind == .star { return "\(points)-point star" }
    return shape.kind.rawValue
  }

  /// The bounding box of some strokes' ink.
  static func inkBounds(of strokes: [Int], in drawing: PKDrawing) -> CGRect {
    let chosen = strokes.filter { drawing.strokes.indices.contains($0) }.map {
      drawing.strokes[$0]
    }
    let bounds = PKDrawing(strokes: chosen).inkBounds
    return bounds.isNull ? .zero : bounds
  }

  /// The legend strip: the ink, a recognised shape, a hot point and, when the drawing has one,
  /// the box of what is not a shape; its type and marks shrink together when they would be
  /// wider than the picture.
  static func drawLegend(on canvas: Canvas, region: CGRect, unit: CGFloat, shapes: [DetectedShape])
  {
    enum Mark { case ink, shape, point, none }
    var entries: [(Mark, String)] = [
      (.ink, "the ink"), (.shape, "the shape recognised"), (.point, "corner, end or centre"),
    ]
    if shapes.contains(where: { $0.kind == .none }) {
      entries.append((.none, "dashed box: not a shape"))
    }
    let (font, swatch, pad, gap) = (0.03 * unit, 0.06 * unit, 0.015 * unit, 0.04 * unit)
    func markWidth(_ mark: Mark) -> CGFloat {
      switch mark {
      case .ink, .shape: swatch + pad
      case .point: gap
      case .none: 0
      }
    }
    let natural = entries.reduce(CGFloat(0)) {
      $0 + markWidth($1.0) + canvas.textWidth($1.1, fontSize: font) + gap
    }
    let available = region.width - 0.08 * unit
    let k = natural > available && natural > 0 ? available / natural : 1
    let y = region.maxY - legendHeight * unit / 2
    var x = region.minX + 0.04 * unit
    let textColor = PKColor(white: 0.3, alpha: 1)
    for (mark, text) in entries {
      switch mark {
      case .ink, .shape:
        canvas.strokeLine(
          from: CGPoint(x: x, y: y), to: CGPoint(x: x + k * swatch, y: y),
          style: mark == .ink
            ? LineStyle(width: k * 0.01 * unit, color: PKColor(white: 0.2, alpha: 1))
            : LineStyle(width: k * 0.012 * unit, color: palette[0]))
      case .point:
        canvas.fillCircle(
          center: CGPoint(x: x + k * 0.012 * unit, y: y), radius: k * 0.012 * unit,
          color: palette[0])
      case .none: break
      }
      x += k * markWidth(mark)
      x += canvas.drawText(text, from: CGPoint(x: x, y: y), fontSize: k * font, color: textColor)
      x += k * gap
    }
  }
}
