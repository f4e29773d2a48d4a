/// A finer name within a ``ShapeKind``, where one exists, as Windows Ink Analysis names them.
///
/// The raw value is the `subkind` of the JSON that `ductus shapes detect` writes.
public enum ShapeSubkind: String, CaseIterable, Codable, Sendable {
  /// A triangle whose three sides are equal (within the tolerance of the article).
  case equilateral
  /// A triangle with two equal sides.
  case isosceles
  /// A triangle with a right angle.
  case right
  /// A triangle with no two sides equal and no right angle.
  case scalene
  /// A quadrilateral with four right angles and four equal sides, edges about level.
  case square
  /// A quadrilateral with four right angles and unequal neighbouring sides.
  case rectangle
  /// A quadrilateral with four equal sides standing on a corner: a rhombus, or a square turned
  /// by about 45°.
  case diamond
  /// A quadrilateral whose opposite sides are parallel, that is none of the above.
  case parallelogram
  /// A quadrilateral with exactly one pair of parallel sides.
  case trapezoid
  /// A quadrilateral with no parallel sides.
  case irregular

  /// The kind the subkind refines.
  public var kind: ShapeKind {
    switch self {
    case .equilateral, .isosceles, .right, .scalene: .triangle
    case .square, .rectangle, .diamond, .parallelogram, .trapezoid, .irregular: .quadrilateral
    }
  }
}
