import Foundation
import OpenPencilKit

extension PKDrawing {
  /// PNG bytes of the part of the drawing inside `rect` (drawing coordinates), at `scale`
  /// pixels a point, on a transparent background, as PencilKit's `image(from:scale:)`.
  ///
  /// PencilKit returns a `UIImage` and cannot fail; here the PNG's bytes come back and bad
  /// requests throw. A drawing without strokes gives a transparent picture of the rectangle.
  ///
  /// ```swift
  /// let png = try drawing.image(from: drawing.bounds, scale: 2)
  /// ```
  ///
  /// - Throws: ``InkRender/RenderError/invalidRegion(_:)``,
  ///   ``InkRender/RenderError/invalidScale(_:)``,
  ///   ``InkRender/RenderError/imageTooLarge(width:height:maximumPixelCount:)`` or
  ///   ``InkRender/RenderError/cairo(operation:status:)``.
  public func image(from rect: CGRect, scale: CGFloat) throws -> Data {
    var options = RenderOptions()
    options.scale = scale
    return try DrawingRenderer(options: options).render(self, framing: .region(rect), as: .png)
  }
}
