import Foundation

/// The convex hull of a set of points (Andrew's monotone chain, 1979), counter-clockwise in a
/// y-up frame without collinear points, and the rectangles and strips that enclose it: the
/// smallest of each has a side on a side of the hull (Freeman & Shapira 1975), so each hull
/// edge's direction is tried against every hull point, O(h²) for h hull points (a few dozen
/// for a loop of ink; rotating calipers, Toussaint 1983, would make it O(h)).
struct ConvexHull {
  /// The hull's vertices.
  let points: [(x: Double, y: Double)]

  /// The hull of the points `xs, ys`.
  init(xs: [Double], ys: [Double]) {
    let sorted = zip(xs, ys).sorted { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
    guard sorted.count >= 3 else {
      points = sorted.map { (x: $0.0, y: $0.1) }
      return
    }
    func cross(_ o: (Double, Double), _ a: (Double, Double), _ b: (Double, Double)) -> Double {
      (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
    }
    func chain(_ run: [(Double, Double)]) -> [(Double, Double)] {
      var kept: [(Double, Double)] = []
      for p in run {
        while kept.count >= 2, cross(kept[kept.count - 2], kept[kept.count - 1], p) <= 0 {
          kept.removeLast()
        }
        kept.append(p)
      }
      return kept
    }
    let lower = chain(sorted)
    let upper = chain(sorted.reversed())
    points = (lower.dropLast() + upper.dropLast()).map { (x: $0.0, y: $0.1) }
  }

  /// The enclosing rectangle with a side along each hull edge: its centre, the edge's
  /// direction, and its half extents along and across that direction.
  private func boxes() -> [(cx: Double, cy: Double, angle: Double, along: Double, across: Double)] {
    guard points.count >= 3 else { return [] }
    return points.indices.map { e in
      let (p, q) = (points[e], points[(e + 1) % points.count])
      let angle = atan2(q.y - p.y, q.x - p.x)
      let (c, s) = (cos(angle), sin(angle))
      var (minU, maxU, minV, maxV) = (
        Double.infinity, -Double.infinity, Double.infinity, -Double.infinity
      )
      for point in points {
        let (u, v) = (c * point.x + s * point.y, -s * point.x + c * point.y)
        (minU, maxU, minV, maxV) = (min(minU, u), max(maxU, u), min(minV, v), max(maxV, v))
      }
      let (mu, mv) = ((minU + maxU) / 2, (minV + maxV) / 2)
      return (c * mu - s * mv, s * mu + c * mv, angle, (maxU - minU) / 2, (maxV - minV) / 2)
    }
  }

  /// The enclosing rectangle of least area: centre, the direction of its first side, its half
  /// sides along and across it; `nil` when the points span no area.
  func minimumAreaRectangle() -> (cx: Double, cy: Double, rotation: Double, a: Double, b: Double)? {
    guard let best = boxes().min(by: { $0.along * $0.across < $1.along * $1.across }),
      best.along * best.across > 0
    else { return nil }
    return (best.cx, best.cy, best.angle, best.along, best.across)
  }

  /// The narrowest strip enclosing the points (the hull's width): its middle line's point
  /// nearest the hull's centre, its direction, and its half width; `nil` when the points span no
  /// area.
  func minimumWidthStrip() -> (cx: Double, cy: Double, direction: Double, halfWidth: Double)? {
    guard let best = boxes().min(by: { $0.across < $1.across }), best.across > 0 else {
      return nil
    }
    return (best.cx, best.cy, best.angle, best.across)
  }
}
