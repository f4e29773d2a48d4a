import Foundation

/// A point of a stroke ready to paint: where it is in the stroke's coordinates, half its mark's
/// width, and its opacity.
struct InkSample {
  var location: CGPoint
  var radius: CGFloat
  var opacity: CGFloat
}
