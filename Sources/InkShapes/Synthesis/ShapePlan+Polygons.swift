import Foundation
import _DuctusSupport

extension ShapePlan {
  /// A triangle of a random subkind, turned any way: equilateral; isosceles with an apex of
  /// 30–45° or 100–130°; right with legs in a ratio of 0.45–0.7; scalene with angles of
  /// 22–28°, 42–50° and the rest (102–116°). Its truth is its centre (the corners' mean) and its
  /// corners, in the order drawn.
  static func triangle(
    _ base: DetectedShape, strokes: Int, size: Double, center: CGPoint, random: inout SplitMix64
  ) -> ShapePlan {
    let subkinds: [ShapeSubkind] = [.equilateral, .isosceles, .right, .scalene]
    let subkind = subkinds[Int.random(in: 0..<4, using: &random)]
    let corners: [CGPoint]
    switch subkind {
    case .equilateral:
      corners = (0..<3).map { k in
        let angle = -Double.pi / 2 + 2 * .pi * Double(k) / 3
        return CGPoint(x: size / 2 * cos(angle), y: size / 2 * sin(angle))
      }
    case .isosceles:
      let apex =
        (Bool.random(using: &random) ? random.uniform(30...45) : random.uniform(100...130)) * degree
      let leg = 0.7 * size / max(2 * sin(apex / 2), 1)
      corners = [
        .zero, CGPoint(x: leg * sin(apex / 2), y: leg * cos(apex / 2)),
        CGPoint(x: -leg * sin(apex / 2), y: leg * cos(apex / 2)),
      ]
    case .right:
      let long = 0.75 * size
      corners = [
        .zero, CGPoint(x: long, y: 0), CGPoint(x: 0, y: -long * random.uniform(0.45...0.7)),
      ]
    default:
      let a = random.uniform(22...28) * degree
      let b = random.uniform(42...50) * degree
      // Sides by the law of sines: the longest, opposite the obtuse angle, is 0.8 of the size.
      let longest = 0.8 * size
      let other = longest * sin(b) / sin(a + b)
      corners = [.zero, CGPoint(x: longest, y: 0), CGPoint(x: other * cos(a), y: -other * sin(a))]
    }
    var shape = base
    shape.subkind = subkind
    let rotation = random.uniform(0...(2 * .pi))
    let placed = place(centered(corners), rotation: rotation, center: center)
    let ordered = drawingOrder(placed, random: &random)
    (shape.center, shape.vertices) = ([Double(center.x), Double(center.y)], pairs(ordered))
    return polygon(shape, corners: ordered, strokes: strokes, size: size, random: &random)
  }

  /// A quadrilateral of a random subkind: a square within 8° of level; a rectangle of aspect
  /// 1.4–2.4 turned any way; a diamond (diagonals in a ratio of 0.6–1) within 8° of standing on
  /// a corner; a parallelogram sheared by 20–35°; a trapezoid whose top is 0.4–0.7 of its base
  /// (both within 15° of level); or an irregular convex one with no side within 8° of parallel
  /// to its opposite. Its truth is its centre (the corners' mean) and its corners, in the order
  /// drawn, which hold its sides and rotation.
  static func quadrilateral(
    _ base: DetectedShape, strokes: Int, size: Double, center: CGPoint, random: inout SplitMix64
  ) -> ShapePlan {
    let subkinds: [ShapeSubkind] = [
      .square, .rectangle, .diamond, .parallelogram, .trapezoid, .irregular,
    ]
    let subkind = subkinds[Int.random(in: 0..<subkinds.count, using: &random)]
    var shape = base
    shape.subkind = subkind
    shape.center = [Double(center.x), Double(center.y)]
    func box(_ rx: Double, _ ry: Double) -> [CGPoint] {
      [
        CGPoint(x: -rx, y: -ry), CGPoint(x: rx, y: -ry), CGPoint(x: rx, y: ry),
        CGPoint(x: -rx, y: ry),
      ]
    }
    var corners: [CGPoint]
    let rotation: Double
    switch subkind {
    case .square:
      rotation = random.uniform(-8...8) * degree
      corners = box(0.35 * size, 0.35 * size)
    case .rectangle:
      rotation = random.uniform(0...(.pi))
      let ry = 0.4 * size / random.uniform(1.4...2.4)
      corners = box(0.4 * size, ry)
    case .diamond:
      rotation = random.uniform(-8...8) * degree
      let (ry, rx) = (0.4 * size, 0.4 * size * random.uniform(0.6...1))
      corners = [
        CGPoint(x: 0, y: -ry), CGPoint(x: rx, y: 0), CGPoint(x: 0, y: ry), CGPoint(x: -rx, y: 0),
      ]
    case .parallelogram:
      rotation = random.uniform(-15...15) * degree
      let (rx, ry) = (0.35 * size, 0.35 * size * random.uniform(0.45...0.7))
      let shear = ry * tan(random.uniform(20...35) * degree)
      corners = [
        CGPoint(x: -rx + shear, y: -ry), CGPoint(x: rx + shear, y: -ry),
        CGPoint(x: rx - shear, y: ry),
        CGPoint(x: -rx - shear, y: ry),
      ]
    case .trapezoid:
      rotation = random.uniform(-15...15) * degree
      let rx = 0.4 * size
      let (top, ry) = (rx * random.uniform(0.4...0.7), rx * random.uniform(0.45...0.7))
      let shift = random.uniform(-0.1...0.1) * rx
      corners = [
        CGPoint(x: -top + shift, y: -ry), CGPoint(x: top + shift, y: -ry), CGPoint(x: rx, y: ry),
        CGPoint(x: -rx, y: ry),
      ]
    default:
      rotation = random.uniform(0...(2 * .pi))
      corners = irregularQuadrilateral(size: size, random: &random)
    }
    let placed = place(corners, rotation: rotation, center: center)
    let ordered = drawingOrder(placed, random: &random)
    shape.vertices = pairs(ordered)
    return polygon(shape, corners: ordered, strokes: strokes, size: size, random: &random)
  }

  /// A convex quadrilateral with corners near the four quarters of a circle, no side within 8°
  /// of parallel to its opposite side.
  static func irregularQuadrilateral(size: Double, random: inout SplitMix64) -> [CGPoint] {
    func direction(_ a: CGPoint, _ b: CGPoint) -> Double {
      atan2(Double(b.y - a.y), Double(b.x - a.x))
    }
    func apart(_ a: Double, _ b: Double) -> Double {
      let d = abs((a - b).truncatingRemainder(dividingBy: .pi))
      return min(d, .pi - d)
    }
    var corners: [CGPoint] = []
    repeat {
      corners = (0..<4).map { k in
        let angle = (Double(k) * 90 + random.uniform(-15...15)) * degree
        let radius = 0.4 * size * random.uniform(0.7...1)
        return CGPoint(x: radius * cos(angle), y: radius * sin(angle))
      }
    } while apart(direction(corners[0], corners[1]), direction(corners[2], corners[3])) < 8 * degree
      || apart(direction(corners[1], corners[2]), direction(corners[3], corners[0])) < 8 * degree
    return centered(corners)
  }

  /// A star: in one stroke a five-pointed pentagram (its lines crossing at the inner points;
  /// started mid-line or looped at a tip as ``oneStrokeLoop(_:size:random:)`` draws) or the
  /// outline of five or six points (inner radius 0.38–0.5 of the outer); in two strokes
  /// a six-pointed star as two triangles. The first outer point is at the top turned by the
  /// rotation, which is below a point's share of a turn.
  static func star(
    _ base: DetectedShape, strokes: Int, size: Double, center: CGPoint, random: inout SplitMix64
  ) -> ShapePlan {
    let style = strokes == 2 ? 2 : Int.random(in: 0...1, using: &random)
    let points = style == 2 ? 6 : style == 0 ? 5 : Int.random(in: 5...6, using: &random)
    let outer = size / 2
    let inner: Double
    switch style {
    case 0: inner = outer * cos(72 * degree) / cos(36 * degree)
    case 2: inner = outer / 3.0.squareRoot()
    default: inner = outer * random.uniform(0.38...0.5)
    }
    var shape = base
    (shape.center, shape.radii, shape.points) = (
      [Double(center.x), Double(center.y)], [outer, inner], points
    )
    shape.rotation = random.uniform(0...(2 * .pi / Double(points)))
    guard let outline = try? IdealShape(shape).pieces[0].dropLast() else {
      return ShapePlan(truth: shape, paths: [], ends: .free)
    }
    shape.vertices = pairs(Array(outline))
    let tips = stride(from: 0, to: outline.count, by: 2).map { outline[$0] }
    let loops: [[CGPoint]]
    switch style {
    case 0: loops = [[0, 2, 4, 1, 3].map { tips[$0] }]
    case 2: loops = [[0, 2, 4].map { tips[$0] }, [1, 3, 5].map { tips[$0] }]
    default: loops = [Array(outline)]
    }
    // A pentagram as writers draw one-stroke polygons (``oneStrokeLoop(_:size:random:)``).
    let paths = loops.map { loop in
      let ordered = drawingOrder(loop, random: &random)
      return style == 0
        ? oneStrokeLoop(ordered, size: size, random: &random)
        : PenPath(edges: ordered + [ordered[0]])
    }
    return ShapePlan(truth: shape, paths: paths, ends: .loop)
  }

  /// An arrow pointing any way, its barbs 0.2–0.3 of the shaft at 25–40° to it: in one stroke
  /// the shaft, a barb, back to the tip and the other barb; in two the shaft, then the head
  /// from barb to barb; in three the shaft and each barb into the tip.
  static func arrow(
    _ base: DetectedShape, strokes: Int, size: Double, center: CGPoint, random: inout SplitMix64
  ) -> ShapePlan {
    let angle = random.uniform(0...(2 * .pi))
    let barb = random.uniform(0.2...0.3) * size
    let spread = [random.uniform(25...40), -random.uniform(25...40)].map { $0 * degree }
    let local =
      [CGPoint(x: -size / 2, y: 0), CGPoint(x: size / 2, y: 0)]
      + spread.map {
        CGPoint(x: size / 2 - barb * cos($0), y: barb * sin($0))
      }
    let corners = place(local, rotation: angle, center: center)
    var shape = base
    (shape.tail, shape.head) = (pairs([corners[0]])[0], pairs([corners[1]])[0])
    (shape.vertices, shape.rotation) = (pairs(corners), angle)
    let (tail, head, left, right) = (corners[0], corners[1], corners[2], corners[3])
    let paths: [PenPath]
    switch strokes {
    case 1: paths = [PenPath(edges: [tail, head, left, head, right])]
    case 2: paths = [PenPath(edges: [tail, head]), PenPath(edges: [left, head, right])]
    default:
      paths = [
        PenPath(edges: [tail, head]), PenPath(edges: [left, head]), PenPath(edges: [right, head]),
      ]
    }
    return ShapePlan(truth: shape, paths: paths, ends: .free)
  }
}
