import Foundation
import OpenPaperKit

extension DetectedShape {
  /// The shape as a PaperKit shape, as PaperKit would draw it: type, frame, rotation and the
  /// type's parameters, with no fill; `nil` for kinds PaperKit has no type for.
  ///
  /// Lines and arrows are `.line` records (an arrow with an `endMarker` at its
  /// head), since a drawn arrow is a line with a head, not PaperKit's filled block arrow.
  /// Circles and ellipses are `.ellipse`; square and rectangle quadrilaterals `.rectangle`;
  /// rounded rectangles `.roundedRectangle`; equilateral triangles, pentagons, hexagons and
  /// polygons `.regularPolygon` through their corners; stars `.star`; chat bubbles
  /// `.chatBubble`. See <doc:IdealGeometry>.
  ///
  /// ```swift
  /// let record = try shape.paperKitShape(strokeColor: ink.color.cgColor, lineWidth: 3)
  /// ```
  ///
  /// - Throws: ``IdealShapeError`` when a key the kind needs is missing or malformed.
  public func paperKitShape(strokeColor: CGColor? = .black, lineWidth: CGFloat = 1)
    throws(IdealShapeError) -> ShapeMarkup?
  {
    try ShapeParameters(self).paperKitShape(strokeColor: strokeColor, lineWidth: lineWidth)
  }
}
