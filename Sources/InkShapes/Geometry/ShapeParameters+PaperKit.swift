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

  /// A rectangle's centre, half sides and rotation. From four vertices or more, a true
  /// rectangle fitted to the first four: their mean as centre; as rotation, the direction of the
  /// sum of the sides, each turned by quarter turns onto the first; as width and height, the
  /// means of opposite sides (of all four for a square); the rotation then brought within ±45°
  /// by quarter turns, width and height swapped at each, so that a level rectangle's frame is
  /// level. Otherwise from `center`, `radii` and `rotation`.
  ///
  /// - Throws: ``IdealShapeError`` when the four vertices are no convex quadrilateral (a bow
  ///   tie, three in a line).
  func rectangle() throws(IdealShapeError) -> (CGPoint, Double, Double, Double) {
    guard let vertices = try optionalVertices(minimum: 0), vertices.count >= 4 else {
      let (rx, ry) = try radii()
      return (try center(), rx, ry, try rotation())
    }
    let corners = Array(vertices.prefix(4))
    let points = corners.map { (Double($0.x), Double($0.y)) }
    guard ShapeClassifier.isConvex(points.map { [$0.0, $0.1] }) else {
      throw failure("the key \"vertices\" is no convex quadrilateral")
    }
    let sides = (0..<4).map { k in
      (Double(corners[(k + 1) % 4].x - corners[k].x), Double(corners[(k + 1) % 4].y - corners[k].y))
    }
    // Each side turns a quarter from the one before, the way the corners wind: turn them back
    // (exactly, by swapping coordinates) and add them up.
    let way: Double = Shoelace.twiceSignedArea(points) < 0 ? -1 : 1
    let x = sides[0].0 + way * sides[1].1 - sides[2].0 - way * sides[3].1
    let y = sides[0].1 - way * sides[1].0 - sides[2].1 + way * sides[3].0
    let lengths = sides.map { hypot($0.0, $0.1) }
    var (width, height) = ((lengths[0] + lengths[2]) / 2, (lengths[1] + lengths[3]) / 2)
    if shape.subkind == .square { (width, height) = ((width + height) / 2, (width + height) / 2) }
    var rotation = atan2(y, x)
    while rotation > .pi / 4 {
      (rotation, width, height) = (rotation - .pi / 2, height, width)
    }
    while rotation <= -.pi / 4 {
      (rotation, width, height) = (rotation + .pi / 2, height, width)
    }
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
