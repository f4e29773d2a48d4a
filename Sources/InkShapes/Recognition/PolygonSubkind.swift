import Foundation

/// The subkinds of triangles and quadrilaterals, as Windows Ink Analysis names them, from the
/// fitted vertices.
///
/// Tolerances: sides are equal within ``sideTolerance`` of the longer, an angle is right within
/// ``angleTolerance`` of 90°, sides are parallel within ``angleTolerance``, and a square or
/// rectangle is level (not a diamond) when its sides are within 22.5° of the axes.
enum PolygonSubkind {
  /// Two sides are equal when they differ by less than this part of the longer.
  static let sideTolerance = 0.12
  /// Angles within this many degrees are equal (right angles, parallel sides).
  static let angleTolerance = 10.0

  /// The subkind of a triangle (3 vertices) or quadrilateral (4), else `nil`.
  static func of(_ vertices: [(Double, Double)]) -> ShapeSubkind? {
    switch vertices.count {
    case 3: triangle(vertices)
    case 4: quadrilateral(vertices)
    default: nil
    }
  }

  /// Equilateral, right, isosceles or scalene, in that order of precedence.
  static func triangle(_ v: [(Double, Double)]) -> ShapeSubkind {
    let sides = (0..<3).map { side(v, $0) }
    let angles = (0..<3).map {
      ShapeClassifier.interiorAngle(v[($0 + 2) % 3], v[$0], v[($0 + 1) % 3])
    }
    let equalPairs = [(0, 1), (1, 2), (0, 2)].filter { equal(sides[$0.0], sides[$0.1]) }.count
    if equalPairs == 3 { return .equilateral }
    if angles.contains(where: { abs($0 - 90) < angleTolerance }) { return .right }
    if equalPairs >= 1 { return .isosceles }
    return .scalene
  }

  /// Square, rectangle, diamond, parallelogram, trapezoid or irregular.
  static func quadrilateral(_ v: [(Double, Double)]) -> ShapeSubkind {
    let sides = (0..<4).map { side(v, $0) }
    let angles = (0..<4).map {
      ShapeClassifier.interiorAngle(v[($0 + 3) % 4], v[$0], v[($0 + 1) % 4])
    }
    let allSidesEqual = equal(sides.min()!, sides.max()!)
    let level = levelness(v) < 22.5
    if angles.allSatisfy({ abs($0 - 90) < angleTolerance }) {
      if allSidesEqual { return level ? .square : .diamond }
      return .rectangle
    }
    if allSidesEqual { return .diamond }
    let firstPair = parallel(v, 0, 2)
    let secondPair = parallel(v, 1, 3)
    if firstPair && secondPair { return .parallelogram }
    if firstPair || secondPair { return .trapezoid }
    return .irregular
  }

  /// The length of side `k` (from vertex `k` to the next).
  static func side(_ v: [(Double, Double)], _ k: Int) -> Double {
    let a = v[k]
    let b = v[(k + 1) % v.count]
    return hypot(b.0 - a.0, b.1 - a.1)
  }

  /// Whether two lengths are equal within ``sideTolerance``.
  static func equal(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) <= sideTolerance * max(a, b)
  }

  /// Whether sides `i` and `j` are parallel within ``angleTolerance``.
  static func parallel(_ v: [(Double, Double)], _ i: Int, _ j: Int) -> Bool {
    let a = direction(v, i)
    let b = direction(v, j)
    var difference = abs(a - b).truncatingRemainder(dividingBy: 180)
    difference = min(difference, 180 - difference)
    return difference < angleTolerance
  }

  /// The direction of side `k` in degrees.
  static func direction(_ v: [(Double, Double)], _ k: Int) -> Double {
    let a = v[k]
    let b = v[(k + 1) % v.count]
    return atan2(b.1 - a.1, b.0 - a.0) * 180 / .pi
  }

  /// How far, in degrees, the sides are on average from the nearest axis (0 level, 45 on a
  /// corner).
  static func levelness(_ v: [(Double, Double)]) -> Double {
    (0..<v.count).reduce(0) { total, k in
      let a = abs(direction(v, k)).truncatingRemainder(dividingBy: 90)
      return total + min(a, 90 - a)
    } / Double(v.count)
  }
}
