import Foundation
import OpenPaperKit

extension ShapeParameters {
  /// The PaperKit shape of the kind, `nil` when PaperKit has no type for it.
  func paperKitShape(strokeColor: CGColor?, lineWidth: CGFloat) throws(IdealShapeError)
    -> ShapeMarkup?
  {
    func configuration(_ type: ShapeConfiguration.Shape) -> ShapeConfiguration {
      ShapeConfiguration(type: type, fillColor: nil, strokeColor: strokeColor, lineWidth: lineWidth)
    }
    switch kind {
    case .line:
      let ends = try vertices(minimum: 2)
      return ShapeMarkup(
        lineConfiguration: configuration(.line), from: ends[0], to: ends[ends.count - 1])
    case .arrow:
      let (tail, head, _) = try arrow()
      return ShapeMarkup(
        lineConfiguration: configuration(.line), from: tail, to: head, endMarker: true)
    case .circle, .ellipse:
      let (center, (rx, ry), rotation) = (try center(), try radii(), try rotation())
      let radius = kind == .circle ? (rx + ry) / 2 : nil
      return ShapeMarkup(
        configuration: configuration(.ellipse),
        frame: Self.frame(center: center, rx: radius ?? rx, ry: radius ?? ry), rotation: rotation)
    case .quadrilateral where shape.subkind == .square || shape.subkind == .rectangle:
      let (center, rx, ry, rotation) = try rectangle()
      return ShapeMarkup(
        configuration: configuration(.rectangle), frame: Self.frame(center: center, rx: rx, ry: ry),
        rotation: rotation)
    case .roundedRectangle:
      let (center, rx, ry, rotation) = try rectangle()
      var markup = ShapeMarkup(
        configuration: configuration(.roundedRectangle),
        frame: Self.frame(center: center, rx: rx, ry: ry), rotation: rotation)
      if let radius = shape.cornerRadius {
        guard radius.isFinite, radius >= 0 else {
          throw failure("the key \"cornerRadius\" is not a number of 0 or more")
        }
        markup.cornerRadius = min(radius / (2 * min(rx, ry)), 0.5)
      }
      return markup
    case .triangle where shape.subkind == .equilateral:
      return try regularPolygon(configuration(.regularPolygon))
    case .pentagon, .hexagon, .polygon:
      return try regularPolygon(configuration(.regularPolygon))
    case .star:
      var corners = try starVertices()
      let center = Self.mean(corners)
      // The outer points are every other vertex, from the first or from the second.
      func radius(_ parity: Int) -> Double {
        Self.meanDistance(from: center, to: corners.enumerated().filter { $0.0 % 2 == parity })
      }
      if radius(0) < radius(1) { corners = Array(corners.dropFirst()) + [corners[0]] }
      let (outer, inner) = (radius(0), radius(1))
      var markup = ShapeMarkup(
        configuration: configuration(.star),
        frame: Self.frame(center: center, rx: outer, ry: outer),
        rotation: Self.rotationOfTopCorner(corners[0], center: center))
      markup.starPoints = corners.count / 2
      markup.starInnerRadius = inner / outer
      return markup
    case .chatBubble:
      let (center, rx, ry, rotation) = try rectangle()
      let tail = try point(shape.tail, key: "tail")
      let (dx, dy) = (Double(tail.x - center.x), Double(tail.y - center.y))
      let (c, s) = (cos(rotation), sin(rotation))
      var markup = ShapeMarkup(
        configuration: configuration(.chatBubble),
        frame: Self.frame(center: center, rx: rx, ry: ry), rotation: rotation)
      markup.chatBubbleTailLocation = CGPoint(
        x: ((c * dx + s * dy) / rx + 1) / 2, y: ((-s * dx + c * dy) / ry + 1) / 2)
      return markup
    case .polyline, .arc, .spiral, .helix, .curve, .triangle, .quadrilateral, .heart, .cloud,
      .check, .caret, .zigzag, .none:
      return nil
    }
  }

  /// A rectangle's centre, half sides and rotation: from its first three vertices when it has
  /// four or more (the mean corner as centre, the first side giving the width and the
  /// rotation), else from `center`, `radii` and `rotation`.
  func rectangle() throws(IdealShapeError) -> (CGPoint, Double, Double, Double) {
    guard let corners = try optionalVertices(minimum: 0), corners.count >= 4 else {
      let (rx, ry) = try radii()
      return (try center(), rx, ry, try rotation())
    }
    let width = IdealShape.distance(corners[0], corners[1])
    let height = IdealShape.distance(corners[1], corners[2])
    let rotation = atan2(Double(corners[1].y - corners[0].y), Double(corners[1].x - corners[0].x))
    return (Self.mean(corners), width / 2, height / 2, rotation)
  }

  /// The regular polygon through the shape's corners (or of its parameters): the mean corner
  /// as centre, the mean distance to the corners as radius, turned to the first corner.
  func regularPolygon(_ configuration: ShapeConfiguration) throws(IdealShapeError)
    -> ShapeMarkup
  {
    let corners = try polygonVertices()
    let center = Self.mean(corners)
    let radius = Self.meanDistance(from: center, to: corners.enumerated())
    var markup = ShapeMarkup(
      configuration: configuration, frame: Self.frame(center: center, rx: radius, ry: radius),
      rotation: Self.rotationOfTopCorner(corners[0], center: center))
    markup.polygonSides = corners.count
    return markup
  }

  /// The frame of half sides `rx`, `ry` about `center`.
  static func frame(center: CGPoint, rx: Double, ry: Double) -> CGRect {
    CGRect(x: Double(center.x) - rx, y: Double(center.y) - ry, width: 2 * rx, height: 2 * ry)
  }

  /// The mean of points.
  static func mean(_ points: [CGPoint]) -> CGPoint {
    let n = CGFloat(max(points.count, 1))
    return CGPoint(
      x: points.reduce(0) { $0 + $1.x } / n, y: points.reduce(0) { $0 + $1.y } / n)
  }

  /// The mean distance from `center` to the points.
  static func meanDistance<S: Sequence>(from center: CGPoint, to points: S) -> Double
  where S.Element == (offset: Int, element: CGPoint) {
    var (total, count) = (0.0, 0)
    for (_, point) in points {
      total += IdealShape.distance(center, point)
      count += 1
    }
    return total / Double(max(count, 1))
  }

  /// The rotation that puts PaperKit's first corner (at the top of its frame) on `corner`.
  static func rotationOfTopCorner(_ corner: CGPoint, center: CGPoint) -> Double {
    atan2(Double(corner.y - center.y), Double(corner.x - center.x)) + .pi / 2
  }
}
