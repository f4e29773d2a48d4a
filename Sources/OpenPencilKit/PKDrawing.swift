import Foundation

/// A drawing: strokes in z-order, as PencilKit's `PKDrawing`.
///
/// ```swift
/// var drawing = PKDrawing()
/// drawing.append(PKDrawing(strokes: [stroke]))
/// let moved = drawing.transformed(using: CGAffineTransform(translationX: 10, y: 0))
/// let bytes = drawing.dataRepresentation()   // PencilKit's own binary format
/// ```
///
/// `init(data:)` and `dataRepresentation()` read and write Apple's binary format
/// (`PKDrawing+Data.swift`), so that bytes an iPad app saved can be read here.
public struct PKDrawing: Hashable, Sendable {
  /// The strokes, back to front.
  public var strokes: [PKStroke]

  /// Creates an empty drawing.
  public init() { strokes = [] }

  /// Creates a drawing of strokes.
  public init<S: Sequence>(strokes: S) where S.Element == PKStroke {
    self.strokes = Array(strokes)
  }

  /// The union of the strokes' render bounds; `.null` (zero size) when the drawing is empty.
  public var bounds: CGRect {
    strokes.reduce(CGRect.null) { $0.union($1.renderBounds) }
  }

  /// Adds another drawing's strokes on top of this one's.
  public mutating func append(_ other: PKDrawing) { strokes += other.strokes }

  /// A drawing with another drawing's strokes on top of this one's.
  public func appending(_ other: PKDrawing) -> PKDrawing {
    var copy = self
    copy.append(other)
    return copy
  }

  /// Applies a transform to every stroke (after the stroke's own transform).
  public mutating func transform(using transform: CGAffineTransform) {
    for index in strokes.indices {
      strokes[index].transform = strokes[index].transform.concatenating(transform)
    }
  }

  /// A copy with a transform applied to every stroke.
  public func transformed(using transform: CGAffineTransform) -> PKDrawing {
    var copy = self
    copy.transform(using: transform)
    return copy
  }

  /// The newest content version any stroke needs (`.version1` for an empty drawing).
  public var requiredContentVersion: PKContentVersion {
    strokes.map(\.requiredContentVersion).max() ?? .version1
  }
}
