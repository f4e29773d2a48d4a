import Foundation
import _DuctusSupport

extension ShapePlan {
  /// A degree in radians.
  static let degree = Double.pi / 180

  /// The plan of a specimen of `kind` about `center`, its longer extent about `size`, drawn in
  /// `strokes` strokes (within the kind's ``ShapeSynthesizer/strokeCounts(of:)``).
  static func make(
    kind: ShapeKind, strokes: Int, size: Double, center: CGPoint, random: inout SplitMix64
  ) -> ShapePlan {
    let c = [Double(center.x), Double(center.y)]
    func truth(_ subkind: ShapeSubkind? = nil) -> DetectedShape {
      DetectedShape(kind: kind, subkind: subkind, confidence: 1, strokes: [])
    }
    switch kind {
    case .line:
      let angle = random.uniform(0...(2 * .pi))
      let ends = place(
        [CGPoint(x: -size / 2, y: 0), CGPoint(x: size / 2, y: 0)], rotation: angle, center: center)
      var shape = truth()
      shape.vertices = pairs(ends)
      return open(shape, edges: true)
    case .polyline:
      // Three or four sides turning the same way, never closing.
      let turn = (Bool.random(using: &random) ? 1.0 : -1.0)
      var heading = random.uniform(0...(2 * .pi))
      var corners = [CGPoint.zero]
      for _ in 0..<Int.random(in: 3...4, using: &random) {
        let length = random.uniform(0.35...0.6) * size
        let last = corners[corners.count - 1]
        corners.append(
          CGPoint(x: last.x + length * cos(heading), y: last.y + length * sin(heading)))
        heading += turn * random.uniform(55...80) * degree
      }
      var shape = truth()
      shape.vertices = pairs(place(centered(corners), rotation: 0, center: center))
      return open(shape, edges: true)
    case .arc:
      let radius = size / 2
      let start = random.uniform(0...(2 * .pi))
      let sweep = (Bool.random(using: &random) ? 1.0 : -1.0) * random.uniform(100...240) * degree
      let ends = [0, 0.5, 1].map { f in
        CGPoint(
          x: Double(center.x) + radius * cos(start + f * sweep),
          y: Double(center.y) + radius * sin(start + f * sweep))
      }
      var shape = truth()
      (shape.center, shape.radii, shape.rotation) = (c, [radius, radius], 0)
      shape.vertices = pairs(ends)
      return open(shape, edges: false)
    case .circle:
      var shape = truth()
      (shape.center, shape.radii) = (c, [size / 2, size / 2])
      let plan = smoothLoop(shape, strokes: strokes, random: &random)
      // Three in ten drawn as a slight oval (axes in a ratio of 0.85–0.95, any way turned).
      guard random.uniform(0...1) < 0.3 else { return plan }
      return plan.squashed(
        to: random.uniform(0.85...0.95), along: random.uniform(0...(.pi)), about: center)
    case .ellipse:
      var shape = truth()
      shape.center = c
      // The minor axis at most 0.65 of the major: from 0.7 a round shape is a circle
      // (``ShapeClassifier/circleAxisRatio``), and the hand's wander blurs the last 0.05.
      shape.radii = [size / 2, size / 2 * random.uniform(0.45...0.65)]
      shape.rotation = random.uniform(0...(.pi))
      return smoothLoop(shape, strokes: strokes, random: &random)
    case .spiral:
      let (outer, inner) = (size / 2, random.uniform(0.04...0.12) * size)
      let turns = (Bool.random(using: &random) ? 1.0 : -1.0) * random.uniform(2...3.5)
      let angle = random.uniform(0...(2 * .pi))
      let end = angle + 2 * .pi * turns
      var shape = truth()
      (shape.center, shape.radii, shape.turns) = (c, [outer, outer], turns)
      shape.vertices = [
        [Double(center.x) + inner * cos(angle), Double(center.y) + inner * sin(angle)],
        [Double(center.x) + outer * cos(end), Double(center.y) + outer * sin(end)],
      ]
      return open(shape, edges: false)
    case .helix:
      let turns = Double(Int.random(in: 3...6, using: &random))
      let angle = random.uniform(0...(2 * .pi))
      let axis = place(
        [CGPoint(x: -size / 2, y: 0), CGPoint(x: size / 2, y: 0)], rotation: angle, center: center)
      var shape = truth()
      shape.center = c
      shape.radii = [random.uniform(0.55...0.8) * size / turns, random.uniform(0.15...0.25) * size]
      (shape.rotation, shape.vertices) = (angle, pairs(axis))
      shape.turns = (Bool.random(using: &random) ? 1.0 : -1.0) * turns
      return open(shape, edges: false)
    case .curve:
      let bend = random.uniform(0.15...0.28) * size
      let controls = [(-0.5, 0.0), (-1.0 / 6, bend), (1.0 / 6, -bend), (0.5, 0.0)].map {
        CGPoint(x: $0.0 * size, y: $0.1)
      }
      var shape = truth()
      shape.vertices = pairs(
        place(controls, rotation: random.uniform(0...(2 * .pi)), center: center))
      return open(shape, edges: false)
    case .triangle:
      return triangle(truth(), strokes: strokes, size: size, center: center, random: &random)
    case .quadrilateral:
      return quadrilateral(truth(), strokes: strokes, size: size, center: center, random: &random)
    case .pentagon, .hexagon, .polygon:
      let sides =
        kind == .pentagon ? 5 : kind == .hexagon ? 6 : Int.random(in: 7...8, using: &random)
      var shape = truth()
      (shape.center, shape.radii, shape.sides) = (c, [size / 2, size / 2], sides)
      shape.rotation = random.uniform(0...(2 * .pi / Double(sides)))
      guard let corners = try? IdealShape(shape).pieces[0].dropLast() else { break }
      let ordered = drawingOrder(Array(corners), random: &random)
      shape.vertices = pairs(ordered)
      return polygon(shape, corners: ordered, strokes: strokes, size: size, random: &random)
    case .star:
      return star(truth(), strokes: strokes, size: size, center: center, random: &random)
    case .roundedRectangle:
      let width = 0.8 * size
      let height = width / random.uniform(1.1...2.2)
      var shape = truth()
      (shape.center, shape.radii) = (c, [width / 2, height / 2])
      shape.rotation = random.uniform(-10...10) * degree
      shape.cornerRadius = random.uniform(0.15...0.3) * height
      return smoothLoop(shape, strokes: strokes, random: &random)
    case .arrow:
      return arrow(truth(), strokes: strokes, size: size, center: center, random: &random)
    case .heart:
      var shape = truth()
      (shape.center, shape.radii) = (c, [size / 2, size / 2 * random.uniform(0.85...1)])
      shape.rotation = random.uniform(-12...12) * degree
      // Drawn from the dip between the lobes; in two strokes, each half down to the point.
      var plan = smoothLoop(
        shape, strokes: strokes, cusps: [0, 64], fixedStart: 0, random: &random)
      if plan.paths.count == 2 { plan.paths[1] = plan.paths[1].reversed }
      return plan
    case .cloud:
      let bumps = Int.random(in: 6...9, using: &random)
      var shape = truth()
      (shape.center, shape.radii, shape.points) = (
        c, [size / 2, size / 2 * random.uniform(0.55...0.75)], bumps
      )
      shape.rotation = random.uniform(-10...10) * degree
      return smoothLoop(shape, strokes: 1, cusps: Set((0..<bumps).map { 32 * $0 }), random: &random)
    case .chatBubble:
      let (rx, ry) = (size / 2, size / 2 * random.uniform(0.5...0.7))
      let rotation = random.uniform(-8...8) * degree
      let along =
        Bool.random(using: &random) ? random.uniform(0.2...0.4) : random.uniform(0.6...0.8)
      let tip = CGPoint(x: (along - 0.5) * 2 * rx, y: (random.uniform(1.25...1.45) - 0.5) * 2 * ry)
      var shape = truth()
      (shape.center, shape.radii, shape.rotation) = (c, [rx, ry], rotation)
      shape.tail = pairs(place([tip], rotation: rotation, center: center))[0]
      // The tail's base, tip and base again follow the body's first 18 points.
      return smoothLoop(shape, strokes: 1, cusps: [18, 19, 20], random: &random)
    case .check:
      let down = random.uniform(40...65) * degree
      let up = -random.uniform(50...70) * degree
      let bottom = CGPoint(x: 0.35 * size * cos(down), y: 0.35 * size * sin(down))
      let long = random.uniform(0.8...1) * size
      let end = CGPoint(x: bottom.x + long * cos(up), y: bottom.y + long * sin(up))
      var shape = truth()
      shape.vertices = pairs(
        place(
          centered([.zero, bottom, end]), rotation: random.uniform(-10...10) * degree,
          center: center))
      return open(shape, edges: true)
    case .caret:
      let half = random.uniform(25...40) * degree
      let leg = 0.6 * size
      let corners = [
        CGPoint(x: -leg * sin(half), y: leg * cos(half)), .zero,
        CGPoint(x: leg * sin(half), y: leg * cos(half)),
      ]
      var shape = truth()
      shape.vertices = pairs(
        place(centered(corners), rotation: random.uniform(-10...10) * degree, center: center))
      return open(shape, edges: true)
    case .zigzag:
      // One in four a delete mark as the $1 logs draw it: down to the right, back along the
      // bottom and up to the right across the first run; half of those with their turns drawn
      // round (``roundedTurns(_:random:)``).
      let deleteMark = random.uniform(0...1) < 0.25
      let corners: [CGPoint]
      if deleteMark {
        let (width, height) = (0.6 * size * random.uniform(0.8...1.2), 0.6 * size)
        corners = [
          .zero, CGPoint(x: width, y: height), CGPoint(x: 0, y: height), CGPoint(x: width, y: 0),
        ]
      } else {
        let segments = Int.random(in: 3...5, using: &random)
        let height = random.uniform(0.25...0.45) * size
        corners = (0...segments).map { i in
          CGPoint(x: size * Double(i) / Double(segments), y: i.isMultiple(of: 2) ? 0 : height)
        }
      }
      var shape = truth()
      let placed = place(
        centered(corners), rotation: random.uniform(-15...15) * degree, center: center)
      shape.vertices = pairs(placed)
      guard deleteMark, Bool.random(using: &random) else { return open(shape, edges: true) }
      return ShapePlan(
        truth: shape, paths: [roundedTurns(placed, random: &random)], ends: .free)
    case .none:
      break
    }
    return ShapePlan(truth: truth(), paths: [], ends: .free)
  }
}
