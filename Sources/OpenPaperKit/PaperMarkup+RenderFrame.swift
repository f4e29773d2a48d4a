import Foundation
import OpenPencilKit

extension PaperMarkup {
  /// The rectangle that holds everything drawn on the paper; `.null` when the paper is empty.
  ///
  /// Each framed element counts with its rotated frame, a shape's outset by half its line width,
  /// a line's ends outset by half its width and, with a marker, by the marker's length
  /// (``MarkupElement/arrowHeadLength(lineWidth:)``); ink counts with its strokes' render bounds.
  public var contentsRenderFrame: CGRect {
    elements.reduce(CGRect.null) { $0.union($1.renderFrame) }
  }
}

extension MarkupElement {
  /// The length of a line's arrow head: three line widths, at least 10 points.
  public static func arrowHeadLength(lineWidth: CGFloat) -> CGFloat { max(3 * lineWidth, 10) }

  /// The rectangle that holds what this element draws.
  var renderFrame: CGRect {
    switch self {
    case .shape(let shape):
      let stroke = shape.configuration.strokeColor == nil ? 0 : shape.configuration.lineWidth / 2
      if shape.configuration.type == .line {
        let marker =
          shape.startMarker || shape.endMarker
          ? Self.arrowHeadLength(lineWidth: shape.configuration.lineWidth) : 0
        let outset = max(stroke, marker)
        return shape.frame.insetBy(dx: -outset, dy: -outset)
      }
      return Self.rotatedBounds(shape.frame, shape.rotation).insetBy(dx: -stroke, dy: -stroke)
    case .textbox(let box): return Self.rotatedBounds(box.frame, box.rotation)
    case .image(let image): return Self.rotatedBounds(image.frame, image.rotation)
    case .drawing(let drawing): return drawing.bounds
    }
  }

  /// The bounds of `frame` turned by `rotation` about its centre.
  static func rotatedBounds(_ frame: CGRect, _ rotation: CGFloat) -> CGRect {
    guard rotation != 0 else { return frame }
    let turn = CGAffineTransform(translationX: -frame.midX, y: -frame.midY)
      .concatenating(CGAffineTransform(rotationAngle: rotation))
      .concatenating(CGAffineTransform(translationX: frame.midX, y: frame.midY))
    return frame.applying(turn)
  }
}
