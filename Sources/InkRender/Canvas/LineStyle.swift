import Foundation
import OpenPencilKit

/// How a ``Canvas`` strokes a line, circle or arrow: width, colour, dashes and caps, all lengths
/// in the canvas's drawing units.
///
/// ```swift
/// let missing = LineStyle(width: 2, color: .gray, dash: [6, 4])
/// canvas.strokePolyline(points, style: missing)
/// ```
public struct LineStyle: Hashable, Sendable {
  /// How the open ends of a line look.
  public enum Cap: Hashable, Sendable {
    /// Ends exactly at the end point.
    case butt
    /// A half disc past the end point.
    case round
    /// A half square past the end point.
    case square
  }

  /// The line's width.
  public var width: CGFloat
  /// The line's colour.
  public var color: PKColor
  /// Alternating lengths of dash and gap; empty for a solid line.
  public var dash: [CGFloat]
  /// How the ends (and each dash's ends) look.
  public var cap: Cap

  /// Creates a style; a solid round-capped line unless told otherwise.
  public init(width: CGFloat, color: PKColor, dash: [CGFloat] = [], cap: Cap = .round) {
    self.width = width
    self.color = color
    self.dash = dash
    self.cap = cap
  }
}
