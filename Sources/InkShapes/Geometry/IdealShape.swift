import Foundation
import OpenPencilKit

/// The perfect form of a ``DetectedShape``: its outline as polylines in drawing coordinates,
/// computed from the shape's parameters alone (see <doc:IdealGeometry> for the keys each kind
/// reads and the conventions of each outline).
///
/// ```swift
/// let square = DetectedShape(
///   kind: .quadrilateral, subkind: .square, confidence: 1, strokes: [0],
///   vertices: [[0, 0], [10, 0], [10, 10], [0, 10]])
/// let ideal = try IdealShape(square)
/// ideal.pieces        // [[(0, 0), (10, 0), (10, 10), (0, 10), (0, 0)]]
/// ideal.size          // 14.142… (the diagonal of the bounds)
/// ```
///
/// Most kinds are one piece; an arrow is two (its shaft, then its head). A closed piece ends
/// with its first point again. Straight edges are kept as their two ends and curves are
/// flattened into chords of at most 1/128 of a turn; ``densified(spacing:)`` adds points along
/// the edges for drawing the outline as ink.
public struct IdealShape: Hashable, Sendable {
  /// The kind the outline was made for.
  public var kind: ShapeKind
  /// The outline: one polyline a piece, in drawing coordinates.
  public var pieces: [[CGPoint]]

  /// The ideal outline of a shape.
  ///
  /// - Throws: ``IdealShapeError`` when a key the kind needs is missing or malformed (a point
  ///   that is not two numbers, fewer vertices than the kind has), for ``ShapeKind/none``, and
  ///   when the outline has no size.
  public init(_ shape: DetectedShape) throws(IdealShapeError) {
    let parameters = ShapeParameters(shape)
    kind = shape.kind
    pieces = try parameters.outline()
    let size = size
    guard size > 0, size.isFinite else {
      throw IdealShapeError(kind: kind, problem: "the parameters give an outline of no size")
    }
  }

  /// The smallest upright rectangle holding the outline.
  public var bounds: CGRect {
    guard let first = pieces.first(where: { !$0.isEmpty })?[0] else { return .null }
    var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
    for piece in pieces {
      for point in piece {
        minX = min(minX, point.x)
        maxX = max(maxX, point.x)
        minY = min(minY, point.y)
        maxY = max(maxY, point.y)
      }
    }
    return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// The size of the shape: the diagonal of its ``bounds``, the unit of ``ShapeFit``.
  public var size: Double {
    let box = bounds
    return box.isNull ? 0 : hypot(Double(box.width), Double(box.height))
  }

  /// The length of the outline, all pieces together.
  public var length: Double {
    pieces.reduce(0) { total, piece in
      total + zip(piece, piece.dropFirst()).reduce(0) { $0 + Self.distance($1.0, $1.1) }
    }
  }

  /// The pieces with points added along each segment so that neighbours are at most `spacing`
  /// apart; every point of ``pieces`` (the corners) is kept.
  ///
  /// - Parameter spacing: The largest gap, in drawing units; a spacing that is not positive
  ///   leaves the pieces as they are.
  public func densified(spacing: Double) -> [[CGPoint]] {
    guard spacing > 0, spacing.isFinite else { return pieces }
    return pieces.map { piece in
      guard let first = piece.first else { return [] }
      var dense = [first]
      for (a, b) in zip(piece, piece.dropFirst()) {
        let steps = max(Int((Self.distance(a, b) / spacing).rounded(.up)), 1)
        for step in 1...steps {
          let f = CGFloat(step) / CGFloat(steps)
          dense.append(CGPoint(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f))
        }
      }
      return dense
    }
  }

  /// The distance between two points.
  static func distance(_ a: CGPoint, _ b: CGPoint) -> Double {
    hypot(Double(b.x - a.x), Double(b.y - a.y))
  }
}
