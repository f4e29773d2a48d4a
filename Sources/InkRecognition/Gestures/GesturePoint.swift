/// A point of a gesture as the $-family recognizers see it: a position and the stroke it
/// belongs to (the `ID` of the $P and $Q papers' points).
struct GesturePoint: Hashable, Sendable {
  /// The horizontal coordinate.
  var x: Double
  /// The vertical coordinate.
  var y: Double
  /// The stroke's index in the gesture.
  var stroke: Int

  /// The Euclidean distance to another point.
  func distance(to other: GesturePoint) -> Double {
    ((other.x - x) * (other.x - x) + (other.y - y) * (other.y - y)).squareRoot()
  }

  /// The squared Euclidean distance to another point ($Q's `SqrEuclideanDistance`).
  func squaredDistance(to other: GesturePoint) -> Double {
    (other.x - x) * (other.x - x) + (other.y - y) * (other.y - y)
  }
}
