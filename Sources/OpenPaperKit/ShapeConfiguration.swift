import Foundation

/// How a shape looks: its type, fill, stroke and line width, as PaperKit's `ShapeConfiguration`.
///
/// ```swift
/// let configuration = ShapeConfiguration(
///   type: .rectangle, fillColor: UIColor.systemBlue.withAlphaComponent(0.2).cgColor,
///   strokeColor: UIColor.systemBlue.cgColor, lineWidth: 2)
/// ```
///
/// The defaults are PaperKit's: a black fill, no stroke, a line width of 0.
public struct ShapeConfiguration: Hashable, Sendable {
  /// The type of shape.
  public var type: Shape
  /// The fill colour; `nil` for none. PaperKit's default is black.
  public var fillColor: CGColor?
  /// The stroke colour; `nil` for none.
  public var strokeColor: CGColor?
  /// The width of the stroke in paper points.
  public var lineWidth: CGFloat

  /// Creates a configuration, as `ShapeConfiguration(type:fillColor:strokeColor:lineWidth:)`.
  public init(
    type: Shape, fillColor: CGColor? = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1),
    strokeColor: CGColor? = nil, lineWidth: CGFloat = 0
  ) {
    self.type = type
    self.fillColor = fillColor
    self.strokeColor = strokeColor
    self.lineWidth = lineWidth
  }
}
