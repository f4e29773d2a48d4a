import Foundation
import OpenPencilKit

extension ShapeMarkup {
  /// The shape's outline in paper coordinates, rotation applied: a closed polygon (the last
  /// point joins the first), or for a line its two ends.
  ///
  /// Curves are flattened: an ellipse into 64 chords, each rounded corner into 8. A star's first
  /// point and a polygon's first vertex are at the top of the frame; both are inscribed in the
  /// frame's ellipse, with 3 to ``PaperMarkupLimits/maximumVertices`` points or sides. The arrow shape points right: a shaft from the left edge between
  /// `arrowCornerPoint.y` and `1 − arrowCornerPoint.y`, a head from `arrowCornerPoint.x` to the
  /// right edge over the full height. The chat bubble is a rounded rectangle (corner radius a
  /// quarter of the smaller side) with a tail to ``chatBubbleTailLocation`` from the nearer of the
  /// top and bottom edges, its base a fifth of the width; ``chatBubbleTailAngle`` does not change
  /// the outline. These are our drawings of PaperKit's shapes, which Apple does not specify.
  public var outline: [CGPoint] {
    if configuration.type == .line { return [lineStart, lineEnd] }
    let unit = unitOutline
    let turn = CGAffineTransform(translationX: -0.5, y: -0.5)
      .concatenating(CGAffineTransform(scaleX: frame.width, y: frame.height))
      .concatenating(CGAffineTransform(rotationAngle: rotation))
      .concatenating(CGAffineTransform(translationX: frame.midX, y: frame.midY))
    return unit.map { $0.applying(turn) }
  }

  /// The outline in the unit space of the frame, before rotation.
  private var unitOutline: [CGPoint] {
    let aspect = frame.height > 0 ? frame.width / frame.height : 1
    switch configuration.type {
    case .rectangle, .line:
      return [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 0, y: 1)]
    case .roundedRectangle:
      return Self.roundedRectangle(radius: min(max(cornerRadius, 0), 0.5), aspect: aspect)
    case .ellipse:
      return (0..<64).map { Self.onEllipse(angle: 2 * .pi * CGFloat($0) / 64) }
    case .star:
      let inner = min(max(starInnerRadius, 0), 1)
      let points = Self.vertexCount(starPoints)
      return (0..<2 * points).map { index in
        let radius: CGFloat = index.isMultiple(of: 2) ? 1 : inner
        return Self.onEllipse(
          angle: -.pi / 2 + .pi * CGFloat(index) / CGFloat(points), radius: radius)
      }
    case .regularPolygon:
      let sides = Self.vertexCount(polygonSides)
      return (0..<sides).map {
        Self.onEllipse(angle: -.pi / 2 + 2 * .pi * CGFloat($0) / CGFloat(sides))
      }
    case .arrowShape:
      let x = min(max(arrowCornerPoint.x, 0), 1)
      let y = min(max(arrowCornerPoint.y, 0), 0.5)
      return [
        CGPoint(x: 0, y: y), CGPoint(x: x, y: y), CGPoint(x: x, y: 0), CGPoint(x: 1, y: 0.5),
        CGPoint(x: x, y: 1), CGPoint(x: x, y: 1 - y), CGPoint(x: 0, y: 1 - y),
      ]
    case .chatBubble:
      return chatBubble(aspect: aspect)
    }
  }

  /// A count of points or sides within 3 and ``PaperMarkupLimits/maximumVertices``.
  private static func vertexCount(_ count: Int) -> Int {
    min(max(count, 3), PaperMarkupLimits.maximumVertices)
  }

  /// A point of the frame's inscribed ellipse (scaled by `radius`), in unit space.
  private static func onEllipse(angle: CGFloat, radius: CGFloat = 1) -> CGPoint {
    CGPoint(x: 0.5 + 0.5 * radius * cos(angle), y: 0.5 + 0.5 * radius * sin(angle))
  }

  /// A rounded rectangle, clockwise from the top edge, in unit space; `radius` is a fraction of
  /// the smaller side, `aspect` the frame's width over its height.
  private static func roundedRectangle(radius: CGFloat, aspect: CGFloat) -> [CGPoint] {
    // The radius in unit space along x and along y, so that the corners are round in paper space.
    let rx = aspect >= 1 ? radius / aspect : radius
    let ry = aspect >= 1 ? radius : radius * aspect
    let centres = [
      CGPoint(x: 1 - rx, y: ry), CGPoint(x: 1 - rx, y: 1 - ry), CGPoint(x: rx, y: 1 - ry),
      CGPoint(x: rx, y: ry),
    ]
    var points: [CGPoint] = []
    for (corner, centre) in centres.enumerated() {
      for step in 0...8 {
        let angle = -.pi / 2 + .pi / 2 * (CGFloat(corner) + CGFloat(step) / 8)
        points.append(CGPoint(x: centre.x + rx * cos(angle), y: centre.y + ry * sin(angle)))
      }
    }
    return points
  }

  /// The chat bubble in unit space: the rounded body with the tail spliced into its top or
  /// bottom edge.
  private func chatBubble(aspect: CGFloat) -> [CGPoint] {
    let body = Self.roundedRectangle(radius: 0.25, aspect: aspect)
    let tip = chatBubbleTailLocation
    let below = tip.y >= 0.5
    let rx = aspect >= 1 ? 0.25 / aspect : 0.25
    let half: CGFloat = 0.1
    let middle = min(max(tip.x, rx + half), 1 - rx - half)
    // The body's points run clockwise: the bottom edge from right to left after the second
    // corner (index 17), the top edge from left to right after the fourth (index 35).
    if below {
      return Array(body[...17]) + [
        CGPoint(x: middle + half, y: 1), tip, CGPoint(x: middle - half, y: 1),
      ] + Array(body[18...])
    }
    return body + [CGPoint(x: middle - half, y: 0), tip, CGPoint(x: middle + half, y: 0)]
  }
}
