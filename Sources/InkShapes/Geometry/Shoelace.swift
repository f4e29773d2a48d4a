/// The shoelace formula: the signed area a closed polygon goes round.
enum Shoelace {
  /// Twice the signed area a closed polygon's vertices go round
  /// (``twiceSignedArea(xs:ys:points:)``): its sign is the way they wind (positive clockwise on
  /// screen, y down), 0 for a polygon of no area or fewer than three vertices.
  static func twiceSignedArea(_ vertices: [(Double, Double)]) -> Double {
    guard var previous = vertices.last else { return 0 }
    var twice = 0.0
    for vertex in vertices {
      twice += previous.0 * vertex.1 - vertex.0 * previous.1
      previous = vertex
    }
    return twice
  }

  /// Twice the signed area the points `points` of `xs, ys` go round in their order, the last
  /// joined back to the first: positive clockwise on screen (y down), 0 for fewer than three
  /// points or none.
  static func twiceSignedArea<Points: BidirectionalCollection<Int>>(
    xs: [Double], ys: [Double], points: Points
  ) -> Double {
    guard var previous = points.last else { return 0 }
    var twice = 0.0
    for i in points {
      twice += xs[previous] * ys[i] - xs[i] * ys[previous]
      previous = i
    }
    return twice
  }
}
