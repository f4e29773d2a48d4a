import Foundation
import OpenPencilKit

/// A shape or a line on the paper: its configuration, where it is, and the parameters of its
/// type.
///
/// PaperKit 26 keeps its elements private and 27 names this element `ShapeMarkup`, with the type
/// parameters inside the shape case (`.star(…)`, `.regularPolygon(sides:)`); here they are plain
/// properties, each used by one type and ignored by the others. Parameters in the unit space of
/// the frame run from `(0, 0)` at its top left to `(1, 1)` at its bottom right, before rotation.
public struct ShapeMarkup: Hashable, Sendable {
  /// The type, fill, stroke and line width.
  public var configuration: ShapeConfiguration
  /// The unrotated frame, in paper coordinates. For a line, the rectangle its ends span.
  public var frame: CGRect
  /// The rotation in radians about the centre of the frame (clockwise on screen, y down); 0 for
  /// a line, whose ends carry its direction.
  public var rotation: CGFloat

  /// `.line`: where the line starts, in paper coordinates.
  public var lineStart: CGPoint
  /// `.line`: where the line ends, in paper coordinates.
  public var lineEnd: CGPoint
  /// `.line`: whether the start has an arrow head.
  public var startMarker: Bool = false
  /// `.line`: whether the end has an arrow head.
  public var endMarker: Bool = false

  /// `.roundedRectangle`: the corner radius as a fraction of the frame's smaller side (`0…0.5`),
  /// as PaperKit 27's `cornerRadius`. The default, 0.1, is a guess at PaperKit's.
  public var cornerRadius: CGFloat = 0.1
  /// `.star`: the number of points, 3 or more (default 5).
  public var starPoints: Int = 5
  /// `.star`: the inner radius as a fraction of the outer (default 0.382, a regular pentagram's).
  public var starInnerRadius: CGFloat = 0.382
  /// `.regularPolygon`: the number of sides, 3 or more (default 5, a guess at PaperKit's).
  public var polygonSides: Int = 5
  /// `.chatBubble`: the tip of the tail in the unit space of the frame (default below the
  /// bottom left quarter, `(0.25, 1.25)`).
  public var chatBubbleTailLocation = CGPoint(x: 0.25, y: 1.25)
  /// `.chatBubble`: the angle of the tail in radians, as PaperKit 27's `tailAngle` (default 0).
  public var chatBubbleTailAngle: CGFloat = 0
  /// `.arrowShape`: the corner where the head meets the shaft, in the unit space of the frame
  /// (default `(0.6, 0.3)`: the head takes the right 40%, the shaft the middle 40% of the height).
  public var arrowCornerPoint = CGPoint(x: 0.6, y: 0.3)

  /// A shape of any type in `frame`, as `insertNewShape(configuration:frame:rotation:)` makes it;
  /// a `.line` runs across the middle of the frame from left to right, then rotated.
  public init(configuration: ShapeConfiguration, frame: CGRect, rotation: CGFloat = 0) {
    self.configuration = configuration
    self.frame = frame
    self.rotation = rotation
    lineStart = CGPoint(x: frame.minX, y: frame.midY)
    lineEnd = CGPoint(x: frame.maxX, y: frame.midY)
    if configuration.type == .line {
      let turn = CGAffineTransform(translationX: -frame.midX, y: -frame.midY)
        .concatenating(CGAffineTransform(rotationAngle: rotation))
        .concatenating(CGAffineTransform(translationX: frame.midX, y: frame.midY))
      setLine(from: lineStart.applying(turn), to: lineEnd.applying(turn))
    }
  }

  /// A line from `start` to `end`, as `insertNewLine(configuration:from:to:startMarker:endMarker:)`
  /// makes it.
  public init(
    lineConfiguration configuration: ShapeConfiguration, from start: CGPoint, to end: CGPoint,
    startMarker: Bool = false, endMarker: Bool = false
  ) {
    self.configuration = configuration
    self.configuration.type = .line
    frame = .zero
    rotation = 0
    lineStart = start
    lineEnd = end
    self.startMarker = startMarker
    self.endMarker = endMarker
    setLine(from: start, to: end)
  }

  /// Moves a line's ends, and its frame with them.
  mutating func setLine(from start: CGPoint, to end: CGPoint) {
    lineStart = start
    lineEnd = end
    rotation = 0
    frame = CGRect(
      x: min(start.x, end.x), y: min(start.y, end.y), width: abs(end.x - start.x),
      height: abs(end.y - start.y))
  }
}
