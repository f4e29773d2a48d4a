import Foundation

/// A drawing tool: an ink type, a colour and a width, as PencilKit's `PKInkingTool`.
public struct PKInkingTool: Hashable, Sendable {
  /// The kinds of ink, shared with `PKInk`.
  public typealias InkType = PKInk.InkType

  /// The tool's ink.
  public var ink: PKInk
  /// The tool's width in points, clamped to the ink type's valid range.
  public var width: CGFloat

  /// Creates a tool; a `nil` width takes the type's default, and any width is clamped to
  /// `type.validWidthRange`.
  public init(_ type: InkType, color: UIColor = .black, width: CGFloat? = nil) {
    self.ink = PKInk(type, color: color)
    let range = type.validWidthRange
    self.width = min(max(width ?? type.defaultWidth, range.lowerBound), range.upperBound)
  }

  /// Creates a tool from an ink and a width.
  public init(ink: PKInk, width: CGFloat) {
    self.init(ink.inkType, color: ink.color, width: width)
  }

  /// The tool's ink type.
  public var inkType: InkType { ink.inkType }
  /// The tool's colour.
  public var color: UIColor { ink.color }
  /// The content version a device needs for this tool's strokes.
  public var requiredContentVersion: PKContentVersion { ink.requiredContentVersion }
}
