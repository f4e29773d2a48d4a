import Foundation

extension SVGPathData.Subpath {
  /// The length of the subpath's control polygon (start, every control point, every end point):
  /// at least the length of the curve, so a bound on how many points flattening makes.
  /// Infinite when the coordinates are too large to subtract.
  public var controlPolygonLength: Double {
    var total = 0.0
    var current = start
    for segment in segments {
      switch segment {
      case .line(let end):
        total += Self.distance(current, end)
        current = end
      case .cubic(let c1, let c2, let end):
        total += Self.distance(current, c1) + Self.distance(c1, c2) + Self.distance(c2, end)
        current = end
      }
    }
    return total.isNaN ? .infinity : total
  }

  /// The subpath as a polyline: lines as they are, each cubic evaluated at equal parameter
  /// steps, enough that no step is longer than `1 / density` units along the control polygon
  /// (which bounds the curve's length), so a chord is never longer than that; at most 65,536
  /// steps a cubic. Check ``controlPolygonLength`` first when the input is untrusted.
  public func polyline(density: Double = 8) -> [CGPoint] {
    var vertices = [start]
    var current = start
    for segment in segments {
      switch segment {
      case .line(let end):
        vertices.append(end)
        current = end
      case .cubic(let c1, let c2, let end):
        let hull = Self.distance(current, c1) + Self.distance(c1, c2) + Self.distance(c2, end)
        let wanted = hull * density
        let steps = wanted.isFinite ? Int(min(max(wanted, 1), 65_536).rounded(.up)) : 65_536
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

  private static func distance(_ a: CGPoint, _ b: CGPoint) -> Double {
    hypot(b.x - a.x, b.y - a.y)
  }
}
