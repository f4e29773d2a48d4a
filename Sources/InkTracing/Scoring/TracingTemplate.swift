import Foundation
import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

/// What a child traces or copies: strokes in the order and direction they should be drawn, in a
/// writing box, with optional per-stroke tolerances and checkpoints.
///
/// Stored as documented JSON (`"format": "ductus-template"`, see the Tracing article of the
/// InkTracing catalog) or read from a PencilKit drawing made on an iPad, where the strokes'
/// z-order is their order and each path's direction is the stroke's direction.
///
/// ```swift
/// let template = try JSONDecoder().decode(TracingTemplate.self, from: data)
/// template.strokes[0].points   // the first stroke's centre line, start first
/// ```
public struct TracingTemplate: Hashable, Sendable, Codable {
  /// The format's name inside the JSON.
  public static let formatName = "ductus-template"
  /// The version of the JSON format this implementation writes.
  public static let formatVersion = 1

  /// The template's name in the library (`latin/a`, `digits/7`, `shapes/star`, `kanjivg/04e00`).
  public var name: String
  /// A short description for people (`small letter a`).
  public var description: String
  /// Where the stroke order and direction come from.
  public var orderSource: OrderSource
  /// The writing box the strokes are drawn in (y grows downwards); attempts are placed into it.
  public var box: CGRect
  /// Horizontal guide lines of the writing model, as y values in the box (baseline, x-height …).
  public var guides: [String: Double]
  /// The strokes, in the order they should be drawn.
  public var strokes: [TemplateStroke]

  /// Creates a template.
  public init(
    name: String, description: String = "", orderSource: OrderSource = .taught, box: CGRect,
    guides: [String: Double] = [:], strokes: [TemplateStroke]
  ) {
    self.name = name
    self.description = description
    self.orderSource = orderSource
    self.box = box
    self.guides = guides
    self.strokes = strokes
  }

  /// A template from a drawing: each stroke's control points, in drawing coordinates, in
  /// z-order; the box is the drawing's bounds.
  public init(name: String, drawing: PKDrawing, orderSource: OrderSource = .asDrawn) {
    let strokes = drawing.strokes.map { stroke in
      TemplateStroke(points: stroke.path.map { $0.location.applying(stroke.transform) })
    }
    let xs = strokes.flatMap { $0.points.map(\.x) }
    let ys = strokes.flatMap { $0.points.map(\.y) }
    let box =
      xs.isEmpty
      ? CGRect.zero
      : CGRect(
        x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    self.init(name: name, orderSource: orderSource, box: box, strokes: strokes)
  }

  /// The template as a drawing in monoline ink of a width, for pictures and for the model's
  /// binary: each stroke's centre line with a control point every hundredth of the box height,
  /// so that PencilKit's B-spline through them keeps the corners of the letters.
  public func drawing(width: CGFloat = 4, color: PKColor = .gray) -> PKDrawing {
    let spacing = 0.01 * Double(box.height > 0 ? box.height : 100)
    return PKDrawing(
      strokes: strokes.map { stroke in
        let dense = PathSegments(stroke.points).resampled(spacing: spacing)
        let points = (0..<dense.count).map { index in
          PKStrokePoint(
            location: CGPoint(x: dense.xs[index], y: dense.ys[index]),
            timeOffset: Double(index) * 0.01, size: CGSize(width: width, height: width),
            opacity: 1, force: 1, azimuth: 0, altitude: .pi / 2)
        }
        return PKStroke(
          ink: PKInk(.monoline, color: color),
          path: PKStrokePath(
            controlPoints: points, creationDate: Date(timeIntervalSinceReferenceDate: 0)))
      })
  }
}
