import Foundation

extension ShapeParameters {
  /// Chords a full turn of a curve is flattened into.
  static let chordsPerTurn = 128

  /// The ideal outline of the shape's kind, one polyline a piece.
  func outline() throws(IdealShapeError) -> [[CGPoint]] {
    switch kind {
    case .line:
      let ends = try vertices(minimum: 2)
      return [[ends[0], ends[ends.count - 1]]]
    case .polyline, .check, .caret, .zigzag:
      return [try vertices(minimum: 2)]
    case .curve:
      return [Self.catmullRom(through: try vertices(minimum: 2))]
    case .arc:
      return [try arc()]
    case .circle, .ellipse:
      let (center, (rx, ry), rotation) = (try center(), try radii(), try rotation())
      let radius = kind == .circle ? (rx + ry) / 2 : nil
      let turn = Self.turn(rotation)
      return [
        try Self.closedCurve(count: Self.chordsPerTurn) { angle in
          Self.onEllipse(
            center: center, rx: radius ?? rx, ry: radius ?? ry, turn: turn, angle: angle)
        }
      ]
    case .spiral:
      return [try spiral()]
    case .helix:
      return [try helix()]
    case .triangle where shape.subkind != .equilateral,
      .quadrilateral where shape.subkind != .square && shape.subkind != .rectangle,
      .pentagon, .hexagon, .polygon:
      return [Self.closed(try polygonVertices())]
    case .star:
      return [Self.closed(try starVertices())]
    case .triangle, .quadrilateral, .roundedRectangle, .chatBubble:
      // Equilateral triangles, squares and rectangles are drawn true, as PaperKit draws them.
      guard let markup = try paperKitShape(strokeColor: nil, lineWidth: 1) else { return [] }
      return [Self.closed(markup.outline)]
    case .arrow:
      let (tail, head, barbs) = try arrow()
      return [[tail, head], [barbs.0, head, barbs.1]]
    case .heart:
      return [try heart()]
    case .cloud:
      return [try cloud()]
    case .none:
      throw failure("it is not a shape")
    }
  }

  /// A polygon's corners: its vertices, or a regular polygon of `sides` (or the kind's count)
  /// about the centre, the first corner at the top turned by the rotation.
  func polygonVertices() throws(IdealShapeError) -> [CGPoint] {
    if let vertices = try optionalVertices(minimum: sidesOfKind ?? 3) { return vertices }
    let sides = try count(shape.sides, key: "sides", fallback: sidesOfKind)
    let (rx, ry) = try radii()
    let (center, rotation) = (try center(), try rotation())
    let upright = Self.turn(0)
    return (0..<sides).map { k in
      Self.onEllipse(
        center: center, rx: rx, ry: ry, turn: upright,
        angle: -.pi / 2 + rotation + 2 * .pi * Double(k) / Double(sides))
    }
  }

  /// A star's points, outer and inner in turn: its vertices, or a regular star of `points`
  /// about the centre (radii: outer, inner), the first point at the top turned by the rotation.
  func starVertices() throws(IdealShapeError) -> [CGPoint] {
    if let vertices = try optionalVertices(minimum: 6) { return vertices }
    let points = try count(shape.points, key: "points", fallback: nil)
    let (outer, inner) = try radii()
    let (center, rotation) = (try center(), try rotation())
    let upright = Self.turn(0)
    return (0..<2 * points).map { k in
      let radius = k.isMultiple(of: 2) ? outer : inner
      return Self.onEllipse(
        center: center, rx: radius, ry: radius, turn: upright,
        angle: -.pi / 2 + rotation + .pi * Double(k) / Double(points))
    }
  }

  /// An arrow's tail, head and the ends of its two barbs: `vertices[2]` and `vertices[3]`
  /// when given, else a quarter of the shaft long at 30° either side of it.
  func arrow() throws(IdealShapeError) -> (CGPoint, CGPoint, (CGPoint, CGPoint)) {
    let tail = try point(shape.tail, key: "tail")
    let head = try point(shape.head, key: "head")
    if let vertices = try optionalVertices(minimum: 2), vertices.count >= 4 {
      return (tail, head, (vertices[2], vertices[3]))
    }
    let back = atan2(Double(tail.y - head.y), Double(tail.x - head.x))
    let length = 0.25 * IdealShape.distance(tail, head)
    let barbs = [back - .pi / 6, back + .pi / 6].map {
      CGPoint(x: Double(head.x) + length * cos($0), y: Double(head.y) + length * sin($0))
    }
    return (tail, head, (barbs[0], barbs[1]))
  }

  /// An arc of the ellipse (centre, radii, rotation) from `vertices[0]` to the last vertex,
  /// passing `vertices[1]` when there are three, else the shorter way round.
  func arc() throws(IdealShapeError) -> [CGPoint] {
    let ends = try vertices(minimum: 2)
    let (center, (rx, ry), rotation) = (try center(), try radii(), try rotation())
    let angles = ends.map { point -> Double in
      let dx = Double(point.x - center.x)
      let dy = Double(point.y - center.y)
      let (c, s) = (cos(rotation), sin(rotation))
      return atan2((-s * dx + c * dy) / ry, (c * dx + s * dy) / rx)
    }
    let turn = 2 * Double.pi
    // How far round, clockwise on screen, from angle a to angle b: 0 up to a full turn.
    let forward = { (a: Double, b: Double) in
      ((b - a).truncatingRemainder(dividingBy: turn) + turn).truncatingRemainder(dividingBy: turn)
    }
    let toEnd = forward(angles[0], angles[angles.count - 1])
    let goesForward: Bool
    if angles.count >= 3 {
      goesForward = forward(angles[0], angles[1]) < toEnd
    } else {
      goesForward = toEnd <= .pi
    }
    let sweep = goesForward ? toEnd : toEnd - turn
    let chords = max(Int((abs(sweep) / turn * Double(Self.chordsPerTurn)).rounded(.up)), 1)
    let rotated = Self.turn(rotation)
    return (0...chords).map { k in
      Self.onEllipse(
        center: center, rx: rx, ry: ry, turn: rotated,
        angle: angles[0] + sweep * Double(k) / Double(chords))
    }
  }

  /// An Archimedean spiral about the centre from `vertices[0]` (its inner end) out to the
  /// radius `radii[0]` in `turns` turns.
  func spiral() throws(IdealShapeError) -> [CGPoint] {
    let start = try vertices(minimum: 1)[0]
    let (center, (outer, _), turns) = (try center(), try radii(), try turns())
    let startAngle = atan2(Double(start.y - center.y), Double(start.x - center.x))
    let inner = IdealShape.distance(center, start)
    let chords = max(Int((abs(turns) * Double(Self.chordsPerTurn)).rounded(.up)), 1)
    let upright = Self.turn(0)
    return (0...chords).map { k in
      let u = Double(k) / Double(chords)
      let radius = inner + (outer - inner) * u
      return Self.onEllipse(
        center: center, rx: radius, ry: radius, turn: upright,
        angle: startAngle + 2 * .pi * turns * u)
    }
  }

  /// A helix drawn flat: `turns` loops of radii `radii` (along, across the axis) whose centres
  /// run from `vertices[0]` to `vertices[1]`; each loop starts behind its centre.
  func helix() throws(IdealShapeError) -> [CGPoint] {
    let axis = try vertices(minimum: 2)
    let (start, end) = (axis[0], axis[axis.count - 1])
    let ((along, across), turns) = (try radii(), try turns())
    let direction = atan2(Double(end.y - start.y), Double(end.x - start.x))
    let turn = Self.turn(direction)
    let chords = max(Int((abs(turns) * Double(Self.chordsPerTurn)).rounded(.up)), 1)
    return (0...chords).map { k in
      let u = Double(k) / Double(chords)
      let centre = CGPoint(
        x: Double(start.x) + Double(end.x - start.x) * u,
        y: Double(start.y) + Double(end.y - start.y) * u)
      return Self.onEllipse(
        center: centre, rx: along, ry: across, turn: turn,
        angle: .pi + 2 * .pi * turns * u)
    }
  }

  /// A heart in the box of the radii about the centre, turned by the rotation: the classic
  /// curve `x = 16 sin³t`, `y = −(13 cos t − 5 cos 2t − 2 cos 3t − cos 4t)` scaled to the box,
  /// starting at the dip between the lobes and running clockwise.
  func heart() throws(IdealShapeError) -> [CGPoint] {
    let (center, (rx, ry), rotation) = (try center(), try radii(), try rotation())
    let (c, s) = (cos(rotation), sin(rotation))
    return Self.closed(
      Self.unitHeart.map { (u, v) in
        let (x, y) = (u * rx, v * ry)
        return CGPoint(x: Double(center.x) + c * x - s * y, y: Double(center.y) + s * x + c * y)
      })
  }

  /// The heart curve at ``chordsPerTurn`` parameters `t` in `0..<2π` (as ``closedCurve(count:_:)``
  /// spaces them), scaled to the box `−1…1` (the lobes' tops at −1, the point at 1), computed
  /// once: a heart's outline is these times its radii, turned and moved, the same numbers as
  /// evaluating the curve for each heart.
  private static let unitHeart: [(Double, Double)] = (0..<chordsPerTurn).map { k in
    // The curve's y spans −11.923… (the lobes' tops, t ≈ 0.908) to 17 (the point, t = π).
    let (top, bottom) = (-11.923_252_409_041_41, 17.0)
    let t = 2 * .pi * Double(k) / Double(chordsPerTurn)
    let yCurve = -(13 * cos(t) - 5 * cos(2 * t) - 2 * cos(3 * t) - cos(4 * t))
    return (16 * pow(sin(t), 3) / 16, 2 * (yCurve - top) / (bottom - top) - 1)
  }

  /// A cloud: `points` bumps (default 8) round an ellipse of the radii, the bumps reaching the
  /// radii and the dips between them 15% inside.
  func cloud() throws(IdealShapeError) -> [CGPoint] {
    let (center, (rx, ry), rotation) = (try center(), try radii(), try rotation())
    let bumps = try count(shape.points, key: "points", fallback: 8, maximum: 100)
    let turn = Self.turn(rotation)
    return try Self.closedCurve(count: 32 * bumps) { angle in
      let scale = 1 - 0.15 * (1 - abs(sin(Double(bumps) * angle / 2)))
      return Self.onEllipse(
        center: center, rx: rx * scale, ry: ry * scale, turn: turn, angle: angle)
    }
  }

  /// `count` points of a closed curve at angles `0..<2π`, and the first again at the end.
  static func closedCurve(
    count: Int, _ point: (Double) throws(IdealShapeError) -> CGPoint
  ) throws(IdealShapeError) -> [CGPoint] {
    var points: [CGPoint] = []
    for k in 0..<count { points.append(try point(2 * .pi * Double(k) / Double(count))) }
    return closed(points)
  }

  /// The points with the first appended, unless it is there already.
  static func closed(_ points: [CGPoint]) -> [CGPoint] {
    guard let first = points.first, points.last != first || points.count == 1 else {
      return points
    }
    return points + [first]
  }

  /// A uniform Catmull–Rom spline through the points, 16 chords a span, the ends doubled.
  static func catmullRom(through points: [CGPoint]) -> [CGPoint] {
    guard points.count > 2 else { return points }
    var curve = [points[0]]
    for i in 0..<(points.count - 1) {
      let p0 = points[max(i - 1, 0)]
      let (p1, p2) = (points[i], points[i + 1])
      let p3 = points[min(i + 2, points.count - 1)]
      for step in 1...16 {
        let t = CGFloat(step) / 16
        let (t2, t3) = (t * t, t * t * t)
        func blend(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat) -> CGFloat {
          0.5
            * (2 * b + (c - a) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (3 * b - a - 3 * c + d) * t3)
        }
        curve.append(
          CGPoint(x: blend(p0.x, p1.x, p2.x, p3.x), y: blend(p0.y, p1.y, p2.y, p3.y)))
      }
    }
    return curve
  }
}
