import OpenPaperKit

/// One shape found in a drawing: what it is, how sure, which strokes made it, its fitted
/// parameters in drawing coordinates, and its ideal form as a PaperKit shape.
///
/// It is the element of `shapes` in the JSON of `ductus shapes detect`; keys that do not apply to
/// the kind are left out (the <doc:InkShapes> article lists each kind's keys). Points are
/// `[x, y]` pairs in the drawing's coordinates (y down), angles in radians, clockwise on screen.
public struct DetectedShape: Codable, Sendable, Hashable {
  /// What the strokes were drawn as; ``ShapeKind/none`` when they are not a shape.
  public var kind: ShapeKind
  /// The finer name, where the kind has one.
  public var subkind: ShapeSubkind?
  /// How sure, `0…1`, comparable across kinds and calibrated: of shapes reported at 0.9, about
  /// 90% are what they are said to be.
  public var confidence: Double
  /// The indices, in the drawing, of the strokes the shape was made from, ascending.
  public var strokes: [Int]
  /// The centre (circles, ellipses, arcs, spirals, polygons, stars, hearts, clouds, bubbles).
  public var center: [Double]?
  /// The radii `[rx, ry]` before rotation (circles, ellipses, arcs, spirals' outer turn; stars'
  /// outer and inner radius; the half sides of rectangles, rounded rectangles, chat bubbles'
  /// bodies, hearts and clouds; see <doc:IdealGeometry> for every kind).
  public var radii: [Double]?
  /// The rotation of the shape about its centre.
  public var rotation: Double?
  /// The corners in drawing order (lines' and polylines' ends and corners, polygons', stars'
  /// outer and inner points, arrows' shaft and head points).
  public var vertices: [[Double]]?
  /// Stars: the number of points.
  public var points: Int?
  /// Polygons: the number of sides.
  public var sides: Int?
  /// Arrows: the tip of the head.
  public var head: [Double]?
  /// Arrows: the far end of the shaft.
  public var tail: [Double]?
  /// Points an app can snap to or attach to: stroke ends, corners, the centre.
  public var hotPoints: [[Double]]
  /// How well the ink follows the ideal shape.
  public var fit: ShapeFit?
  /// The ideal shape as a PaperKit shape (type, frame, rotation, the type's parameters), in the
  /// element form of Ductus PaperMarkup JSON (always a `.shape`); absent for kinds PaperKit has
  /// no type for.
  public var paperKit: MarkupElement?
  /// Spirals and helices: the number of turns, positive when they turn clockwise on screen.
  public var turns: Double?
  /// Rounded rectangles: the radius of the corners, in drawing units.
  public var cornerRadius: Double?

  /// A shape from its fields; the optional ones default to absent.
  public init(
    kind: ShapeKind, subkind: ShapeSubkind? = nil, confidence: Double, strokes: [Int],
    center: [Double]? = nil, radii: [Double]? = nil, rotation: Double? = nil,
    vertices: [[Double]]? = nil, points: Int? = nil, sides: Int? = nil, head: [Double]? = nil,
    tail: [Double]? = nil, hotPoints: [[Double]] = [], fit: ShapeFit? = nil,
    paperKit: MarkupElement? = nil, turns: Double? = nil, cornerRadius: Double? = nil
  ) {
    self.kind = kind
    self.subkind = subkind
    self.confidence = confidence
    self.strokes = strokes
    self.center = center
    self.radii = radii
    self.rotation = rotation
    self.vertices = vertices
    self.points = points
    self.sides = sides
    self.head = head
    self.tail = tail
    self.hotPoints = hotPoints
    self.fit = fit
    self.paperKit = paperKit
    self.turns = turns
    self.cornerRadius = cornerRadius
  }
}
