import Foundation

/// The shape of the tip that lays an ink down.
public enum InkNib: Hashable, Sendable {
  /// A round tip: the mark is the footprint's width across in every direction, with round ends.
  case round
  /// A flat chisel held at a fixed angle, modelled as an ellipse `width·w` along the stroke's x
  /// axis and `height·w` along its y axis (`w` the point's width). The mark is the ellipse
  /// swept along the stroke, so its width depends on the direction and its ends reach half the
  /// ellipse's length past the ends of the stroke.
  case ellipse(width: CGFloat, height: CGFloat)
}
