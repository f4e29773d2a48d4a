import Foundation
import _DuctusSupport

extension ShapePlan {
  /// One stroke round a closed polygon's `corners` (in drawing order), as writers draw it: from
  /// its first corner; three times in ten from a point 0.15–0.35 or 0.65–0.85 along its last
  /// side instead, the start and the end 0.01–0.03 of the `size` off that side on either side
  /// of it, so that the seam jogs by 20–40°; and, independently, one time in five with a small
  /// loop at one of its other corners (the pen runs 0.03–0.06 of the size past the corner, curls
  /// round outside it and comes back onto the next side). The ends are the path's only corners
  /// besides the polygon's. Fewer than three corners make an empty path.
  static func oneStrokeLoop(_ corners: [CGPoint], size: Double, random: inout SplitMix64)
    -> PenPath
  {
    let n = corners.count
    guard n >= 3 else { return PenPath([]) }
    func unit(_ a: CGPoint, _ b: CGPoint) -> CGPoint {
      let length = max(IdealShape.distance(a, b), 1e-9)
      return CGPoint(x: (b.x - a.x) / length, y: (b.y - a.y) / length)
    }
    func offset(_ p: CGPoint, _ d: CGPoint, _ amount: Double) -> CGPoint {
      CGPoint(x: p.x + amount * d.x, y: p.y + amount * d.y)
    }
    // The points, each with whether it is a corner.
    var points = (corners + [corners[0]]).map { ($0, true) }
    if random.uniform(0...1) < 0.2 {
      let k = Int.random(in: 1..<n, using: &random)
      let c = corners[k]
      let (u, v) = (unit(corners[k - 1], c), unit(c, corners[(k + 1) % n]))
      let r = random.uniform(0.03...0.06) * size
      let past = offset(c, u, r)
      let loop = [past, offset(past, v, -r), offset(c, v, -r)]
      points.insert(contentsOf: loop.map { ($0, false) }, at: k + 1)
    }
    if random.uniform(0...1) < 0.3 {
      let (a, b) = (corners[n - 1], corners[0])
      let f =
        Bool.random(using: &random) ? random.uniform(0.15...0.35) : random.uniform(0.65...0.85)
      let along = CGPoint(x: a.x + f * (b.x - a.x), y: a.y + f * (b.y - a.y))
      let d = unit(a, b)
      let normal = CGPoint(x: -d.y, y: d.x)
      let side: Double = Bool.random(using: &random) ? 1 : -1
      let start = offset(along, normal, side * random.uniform(0.01...0.03) * size)
      let end = offset(along, normal, -side * random.uniform(0.01...0.03) * size)
      points = [(start, true)] + points.dropLast() + [(end, true)]
    }
    return PenPath(
      points.map(\.0), corners: Set(points.indices.filter { points[$0].1 }))
  }

  /// An open polyline through `vertices` drawn with its turns round: each inner vertex cut by
  /// a parabolic arc (a quadratic Bézier curve with the vertex as its control point) from
  /// 0.15–0.35 of the shorter run before it to as far along the run after it, bending towards
  /// the vertex without reaching it. The ends are the path's only corners; fewer than two
  /// vertices make an empty path.
  static func roundedTurns(_ vertices: [CGPoint], random: inout SplitMix64) -> PenPath {
    guard vertices.count >= 2 else { return PenPath([]) }
    var points = [vertices[0]]
    for k in 1..<(vertices.count - 1) {
      let (a, v, b) = (vertices[k - 1], vertices[k], vertices[k + 1])
      let reach =
        random.uniform(0.15...0.35) * min(IdealShape.distance(a, v), IdealShape.distance(v, b))
      let (p, q) = (toward(v, a, by: reach), toward(v, b, by: reach))
      points += (0...8).map { step in
        let t = Double(step) / 8
        let (u, w) = ((1 - t) * (1 - t), t * t)
        let c = 2 * t * (1 - t)
        return CGPoint(
          x: u * p.x + c * v.x + w * q.x, y: u * p.y + c * v.y + w * q.y)
      }
    }
    points.append(vertices[vertices.count - 1])
    return PenPath(points)
  }

  /// The point `distance` from `a` toward `b`.
  static func toward(_ a: CGPoint, _ b: CGPoint, by distance: Double) -> CGPoint {
    let length = max(IdealShape.distance(a, b), 1e-9)
    return CGPoint(
      x: a.x + (b.x - a.x) * distance / length, y: a.y + (b.y - a.y) * distance / length)
  }

  /// The plan with its paths drawn as an oval of the same mean radius about `center`: stretched
  /// along the direction `angle` and shrunk across it so that the axes are in the `ratio`; the
  /// truth stays as it is.
  func squashed(to ratio: Double, along angle: Double, about center: CGPoint) -> ShapePlan {
    let (along, across) = (2 / (1 + ratio), 2 * ratio / (1 + ratio))
    let (c, s) = (cos(angle), sin(angle))
    var plan = self
    plan.paths = paths.map { path in
      PenPath(
        path.points.map { p in
          let (dx, dy) = (Double(p.x - center.x), Double(p.y - center.y))
          let (u, v) = (along * (dx * c + dy * s), across * (-dx * s + dy * c))
          return CGPoint(x: center.x + u * c - v * s, y: center.y + u * s + v * c)
        }, corners: path.corners)
    }
    return plan
  }
}
