import Foundation

/// A mask outline made of straight-edged closed polygons, standing in for `UIBezierPath` in
/// `PKStroke.mask`.
///
/// PencilKit's pixel eraser stores a mask that keeps the parts of a stroke inside it. Curves are
/// not needed for that contract, so a mask here is a list of polygons filled by the even-odd
/// rule. Where UIKit is absent `UIBezierPath` is an alias, so that `move(to:)`,
/// `addLine(to:)` and `close()` read as on an iPad.
public struct PKBezierPath: Hashable, Sendable {
  /// The polygons, each a list of vertices (implicitly closed).
  public private(set) var polygons: [[CGPoint]]

  /// Creates an empty path.
  public init() { polygons = [] }

  /// Creates a path of closed polygons.
  public init(polygons: [[CGPoint]]) { self.polygons = polygons.filter { !$0.isEmpty } }

  /// Creates a path that outlines a rectangle.
  public init(rect: CGRect) {
    self.init(polygons: [
      [
        CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
        CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY),
      ]
    ])
  }

  /// Starts a new polygon at `point`.
  public mutating func move(to point: CGPoint) { polygons.append([point]) }

  /// Adds a vertex to the current polygon (starting one at `point` when there is none).
  public mutating func addLine(to point: CGPoint) {
    if polygons.isEmpty { polygons.append([]) }
    polygons[polygons.count - 1].append(point)
  }

  /// Closes the current polygon; the next `addLine(to:)` starts at its first vertex.
  public mutating func close() {
    if let first = polygons.last?.first { polygons.append([first]) }
  }

  /// Whether the path has no area.
  public var isEmpty: Bool { polygons.allSatisfy { $0.count < 3 } }

  /// The smallest rectangle holding every vertex (`.null` when empty).
  public var bounds: CGRect {
    polygons.joined().reduce(CGRect.null) {
      $0.union(CGRect(origin: $1, size: .zero))
    }
  }

  /// Whether `point` lies inside, by the even-odd rule.
  public func contains(_ point: CGPoint) -> Bool {
    var inside = false
    for polygon in polygons where polygon.count >= 3 {
      var j = polygon.count - 1
      for i in polygon.indices {
        let a = polygon[i]
        let b = polygon[j]
        if (a.y > point.y) != (b.y > point.y),
          point.x < (b.x - a.x) * (point.y - a.y) / (b.y - a.y) + a.x
        {
          inside.toggle()
        }
        j = i
      }
    }
    return inside
  }

  /// The path mapped through a transform.
  public func applying(_ transform: CGAffineTransform) -> PKBezierPath {
    PKBezierPath(polygons: polygons.map { $0.map { $0.applying(transform) } })
  }
}

#if !canImport(UIKit)
  /// `UIBezierPath` where UIKit is absent: the polygon mask of a stroke.
  public typealias UIBezierPath = PKBezierPath
#endif
