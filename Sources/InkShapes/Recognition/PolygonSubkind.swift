import Foundation

/// The subkinds of triangles and quadrilaterals, as Windows Ink Analysis names them, from the
/// fitted vertices.
///
/// Triangles: sides are equal within ``sideTolerance`` of the longer, an angle is right within
/// ``angleTolerance`` of 90°. Quadrilaterals are judged with a person's hand in mind, on the
/// shapes people drew and named (the tuning day of the Drawn Shapes Dataset, see the
/// <doc:ShapeRecognition> article): the corners are right within ``rightAngleTolerance``, the
/// sides are equal when the means of the two pairs of opposite sides are within
/// ``equalSidesRatio`` (a drawn square's sides are seldom within a tenth of each other, a drawn
/// rhombus's single sides still less), sides are parallel within ``angleTolerance``, and a
/// square is level (not a diamond) when its sides are within 22.5° of the axes.
enum PolygonSubkind {
  /// A triangle's two sides are equal when they differ by less than this part of the longer;
  /// a quadrilateral's sides are equal, whatever else, when all four do.
  static let sideTolerance = 0.12
  /// Angles within this many degrees are equal (a triangle's right angle, parallel sides).
  static let angleTolerance = 10.0
  /// A quadrilateral's corners are right when each is within this many degrees of 90°. Of
  /// the squares and rectangles of the tuning day, 90% have every corner within 12° and 95%
  /// within 13.5–16°; 15° keeps the synthetic trapezoids trapezoids (98%, against 91% at 18°).
  static let rightAngleTolerance = 15.0
  /// A quadrilateral's sides are equal when the shorter mean of a pair of opposite sides is at
  /// least this part of the other: 95% of the tuning day's squares and rhombi reach 0.75, 95%
  /// of its rectangles stay under 0.65.
  static let equalSidesRatio = 0.75

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

  /// Square, rectangle, diamond, parallelogram, trapezoid or irregular: four right corners
  /// make a square (equal sides, level), a diamond (equal sides, on a corner) or a rectangle;
  /// else a rhombus (all four sides equal, or equal sides two pairs of which are parallel) is a
  /// diamond, two pairs of parallel sides a parallelogram, one pair a trapezoid.
  static func quadrilateral(_ v: [(Double, Double)]) -> ShapeSubkind {
    let sides = (0..<4).map { side(v, $0) }
    let angles = (0..<4).map {
      ShapeClassifier.interiorAngle(v[($0 + 3) % 4], v[$0], v[($0 + 1) % 4])
    }
    let (across, along) = ((sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2)
    let equalSides = min(across, along) >= equalSidesRatio * max(across, along)
    if angles.allSatisfy({ abs($0 - 90) < rightAngleTolerance }) {
      guard equalSides else { return .rectangle }
      return levelness(v) < 22.5 ? .square : .diamond
    }
    let firstPair = parallel(v, 0, 2)
    let secondPair = parallel(v, 1, 3)
    if equal(sides.min()!, sides.max()!) || (firstPair && secondPair && equalSides) {
      return .diamond
    }
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
