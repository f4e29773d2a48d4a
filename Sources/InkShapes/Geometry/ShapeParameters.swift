import Foundation

/// A ``DetectedShape``'s parameters read as geometry, each key checked when it is asked for, so
/// that one error names the kind and the key at fault.
struct ShapeParameters {
  let shape: DetectedShape
  var kind: ShapeKind { shape.kind }

  init(_ shape: DetectedShape) { self.shape = shape }

  /// An error naming this shape's kind.
  func failure(_ problem: String) -> IdealShapeError {
    IdealShapeError(kind: kind, problem: problem)
  }

  /// The point a key holds, `nil` when the key is absent.
  func optionalPoint(_ value: [Double]?, key: String) throws(IdealShapeError) -> CGPoint? {
    guard let value else { return nil }
    guard value.count == 2, value.allSatisfy(\.isFinite) else {
      throw failure("the key \"\(key)\" is not two finite numbers")
    }
    return CGPoint(x: value[0], y: value[1])
  }

  /// The point a key holds.
  func point(_ value: [Double]?, key: String) throws(IdealShapeError) -> CGPoint {
    guard let point = try optionalPoint(value, key: key) else {
      throw failure("the key \"\(key)\" is missing")
    }
    return point
  }

  /// The centre.
  func center() throws(IdealShapeError) -> CGPoint { try point(shape.center, key: "center") }

  /// The two radii, finite and positive; a single radius stands for both.
  func radii() throws(IdealShapeError) -> (x: Double, y: Double) {
    guard let radii = shape.radii else { throw failure("the key \"radii\" is missing") }
    guard (1...2).contains(radii.count), radii.allSatisfy({ $0.isFinite && $0 > 0 }) else {
      throw failure("the key \"radii\" is not one or two positive numbers")
    }
    return (radii[0], radii.count == 2 ? radii[1] : radii[0])
  }

  /// The rotation; 0 when absent.
  func rotation() throws(IdealShapeError) -> Double {
    guard let rotation = shape.rotation else { return 0 }
    guard rotation.isFinite else { throw failure("the key \"rotation\" is not a finite number") }
    return rotation
  }

  /// The vertices, at least `minimum` of them; `nil` when the key is absent.
  func optionalVertices(minimum: Int) throws(IdealShapeError) -> [CGPoint]? {
    guard let vertices = shape.vertices else { return nil }
    var points: [CGPoint] = []
    for vertex in vertices {
      guard let point = try optionalPoint(vertex, key: "vertices") else { continue }
      points.append(point)
    }
    guard points.count >= minimum else {
      throw failure("the key \"vertices\" has \(points.count) points, fewer than \(minimum)")
    }
    return points
  }

  /// The vertices, at least `minimum` of them.
  func vertices(minimum: Int) throws(IdealShapeError) -> [CGPoint] {
    guard let vertices = try optionalVertices(minimum: minimum) else {
      throw failure("the key \"vertices\" is missing")
    }
    return vertices
  }

  /// A count key (`points`, `sides`) of 3 to `maximum`, or `fallback` when absent.
  func count(_ value: Int?, key: String, fallback: Int?, maximum: Int = 1_000)
    throws(IdealShapeError) -> Int
  {
    guard let count = value ?? fallback else { throw failure("the key \"\(key)\" is missing") }
    guard (3...maximum).contains(count) else {
      throw failure("the key \"\(key)\" is \(count), not 3 to \(maximum)")
    }
    return count
  }

  /// The number of turns, finite and not zero.
  func turns() throws(IdealShapeError) -> Double {
    guard let turns = shape.turns else { throw failure("the key \"turns\" is missing") }
    guard turns.isFinite, turns != 0, abs(turns) <= 1_000 else {
      throw failure("the key \"turns\" is not a number of turns (not zero, at most 1000)")
    }
    return turns
  }

  /// The number of sides a polygon kind has by its name, `nil` for ``ShapeKind/polygon``.
  var sidesOfKind: Int? {
    switch kind {
    case .triangle: 3
    case .quadrilateral: 4
    case .pentagon: 5
    case .hexagon: 6
    default: nil
    }
  }

  /// The point at `angle` on an ellipse of radii `rx`, `ry` about `center`, turned by the
  /// rotation whose cosine and sine are `turn` (``turn(_:)``, computed once for all the points of
  /// an outline; angles clockwise on screen, y down).
  static func onEllipse(
    center: CGPoint, rx: Double, ry: Double, turn: (cos: Double, sin: Double), angle: Double
  ) -> CGPoint {
    let x = rx * cos(angle)
    let y = ry * sin(angle)
    let (c, s) = turn
    return CGPoint(x: Double(center.x) + c * x - s * y, y: Double(center.y) + s * x + c * y)
  }

  /// The cosine and sine of a rotation, for ``onEllipse(center:rx:ry:turn:angle:)``.
  static func turn(_ rotation: Double) -> (cos: Double, sin: Double) {
    (cos(rotation), sin(rotation))
  }
}
