import Foundation
import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

/// An axis-aligned ellipse of a glyph definition (a bowl, an arch, a hook's curve), with angles
/// as on a clock face turned into degrees: 0° is 3 o'clock, 90° is 12 o'clock, 30° is
/// "2 o'clock", and angles grow counter-clockwise on the page (y grows downwards).
struct GlyphEllipse: Hashable, Sendable {
  /// The centre, in box units.
  var center: CGPoint
  /// The horizontal semi-axis.
  var radiusX: Double
  /// The vertical semi-axis.
  var radiusY: Double

  /// An ellipse; a circle when the two radii are equal.
  init(_ x: Double, _ y: Double, _ radiusX: Double, _ radiusY: Double) {
    center = CGPoint(x: x, y: y)
    self.radiusX = radiusX
    self.radiusY = radiusY
  }

  /// The point at an angle in degrees (0° at 3 o'clock, counter-clockwise on the page).
  func point(at degrees: Double) -> CGPoint {
    let radians = degrees * .pi / 180
    return CGPoint(x: center.x + radiusX * cos(radians), y: center.y - radiusY * sin(radians))
  }

  /// The angle in degrees of a point on (or near) the ellipse.
  func angle(of point: CGPoint) -> Double {
    atan2(-(point.y - center.y) / radiusY, (point.x - center.x) / radiusX) * 180 / .pi
  }
}
