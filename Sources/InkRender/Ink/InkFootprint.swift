import Foundation

/// What an ink lays down at one point of a stroke: the width of the mark and its opacity.
public struct InkFootprint: Hashable, Sendable {
  /// The width of the mark across the stroke, in the stroke's coordinates.
  public var width: CGFloat
  /// The opacity the ink colour's own alpha is multiplied by (the product is capped at 1).
  public var opacity: CGFloat

  /// Creates a footprint.
  public init(width: CGFloat, opacity: CGFloat) {
    self.width = width
    self.opacity = opacity
  }
}
