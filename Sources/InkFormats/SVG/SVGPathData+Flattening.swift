import Foundation

extension SVGPathData.Subpath {
  /// The subpath as a polyline: lines as they are, each cubic evaluated at equal parameter
  /// steps, enough that no step is longer than `1 / density` units along the control polygon
  /// (which bounds the curve's length), so a chord is never longer than that.
  public func polyline(density: Double = 8) -> [CGPoint] {
    var vertices = [start]
    var current = start
    for segment in segments {
      switch segment {
      case .line(let end):
        vertices.append(end)
        current = end
      case .cubic(let c1, let c2, let end):
        let hull = distance(current, c1) + distance(c1, c2) + distance(c2, end)
        let steps = min(max(1, Int((hull * density).rounded(.up))), 1 << 16)
        for step in 1...steps {
          let t = Double(step) / Double(steps)
          let u = 1 - t
          let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
          vertices.append(
            CGPoint(
              x: a * current.x + b * c1.x + c * c2.x + d * end.x,
              y: a * current.y + b * c1.y + c * c2.y + d * end.y))
        }
        vertices[vertices.count - 1] = end
        current = end
      }
    }
    return vertices
  }

  private func distance(_ a: CGPoint, _ b: CGPoint) -> Double { hypot(b.x - a.x, b.y - a.y) }
}
