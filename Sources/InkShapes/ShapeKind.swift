/// What a group of strokes was drawn as: the union of the kinds of Notes and Freeform's shape
/// recognition, PaperKit's shape types, Windows Ink Analysis, PaleoSketch's primitives and the
/// classes of the $1 gesture logs, or ``none`` for writing, scribbles and doodles.
///
/// The raw value is the `kind` of the JSON that `ductus shapes detect` writes.
public enum ShapeKind: String, CaseIterable, Codable, Sendable, Comparable {
  /// A straight segment (PaleoSketch's line; PaperKit's `.line`).
  case line
  /// Straight segments joined at corners, open, that are not one of the named open kinds.
  case polyline
  /// Part of a circle (PaleoSketch's arc).
  case arc
  /// A closed round shape of equal radii.
  case circle
  /// A closed round shape of unequal radii, possibly rotated (PaperKit's `.ellipse`).
  case ellipse
  /// A planar spiral: turns of growing radius about one centre.
  case spiral
  /// A helix: loops whose centres move along a line (PaleoSketch's helix, a spring drawn flat).
  case helix
  /// A smooth open curve that is none of the above (PaleoSketch's curve).
  case curve
  /// Three sides, closed; subkinds equilateral, isosceles, right, scalene.
  case triangle
  /// Four sides, closed; subkinds square, rectangle, diamond, parallelogram, trapezoid.
  case quadrilateral
  /// A rectangle whose corners are rounded (PaperKit's `.roundedRectangle`).
  case roundedRectangle
  /// Five sides, closed.
  case pentagon
  /// Six sides, closed.
  case hexagon
  /// Seven or more sides, closed (PaperKit's `.regularPolygon` when the sides are equal); the
  /// number of sides is reported with it.
  case polygon
  /// A star of n points (PaperKit's `.star`).
  case star
  /// A shaft with a head at one end (PaperKit's `.arrowShape`).
  case arrow
  /// A heart.
  case heart
  /// A cloud: a closed outline of outward bumps.
  case cloud
  /// A speech balloon: a closed outline with a tail (PaperKit's `.chatBubble`).
  case chatBubble
  /// A tick: a short stroke down, then a long stroke up ($1's check).
  case check
  /// An inverted V: up, then down ($1's caret).
  case caret
  /// Three or more straight segments turning alternately left and right ($1's zig-zag).
  case zigzag
  /// Not a shape: writing, a scribble, a doodle, or the best candidate below the confidence
  /// asked for. An app should not snap it.
  case none

  /// Whether the kind's outline is closed.
  public var isClosed: Bool {
    switch self {
    case .circle, .ellipse, .triangle, .quadrilateral, .roundedRectangle, .pentagon, .hexagon,
      .polygon, .star, .heart, .cloud, .chatBubble:
      true
    case .line, .polyline, .arc, .spiral, .helix, .curve, .arrow, .check, .caret, .zigzag, .none:
      false
    }
  }

  /// The subkinds the kind can carry; empty when it has none.
  public var subkinds: [ShapeSubkind] {
    ShapeSubkind.allCases.filter { $0.kind == self }
  }

  /// Kinds order as declared.
  public static func < (lhs: ShapeKind, rhs: ShapeKind) -> Bool {
    let order = allCases
    return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
  }
}
