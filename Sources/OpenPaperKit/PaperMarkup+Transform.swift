import Foundation
import OpenPencilKit

extension PaperMarkup {
  /// Transforms every element with `transform`; the bounds stay.
  ///
  /// As in PaperKit, skew is ignored: a framed element's centre moves with the transform, its
  /// width and height scale by the lengths of the transform's columns, and its rotation turns by
  /// the angle of the first column. Line ends and ink map through the full transform.
  public mutating func transformContent(_ transform: CGAffineTransform) {
    elements = elements.map { $0.transformed(by: transform) }
  }
}

extension MarkupElement {
  /// The element moved, scaled and turned by `transform` (skew ignored for framed elements).
  func transformed(by transform: CGAffineTransform) -> MarkupElement {
    switch self {
    case .shape(var shape):
      if shape.configuration.type == .line {
        shape.setLine(
          from: shape.lineStart.applying(transform), to: shape.lineEnd.applying(transform))
      } else {
        (shape.frame, shape.rotation) = Self.place(shape.frame, shape.rotation, by: transform)
      }
      return .shape(shape)
    case .textbox(var box):
      (box.frame, box.rotation) = Self.place(box.frame, box.rotation, by: transform)
      return .textbox(box)
    case .image(var image):
      (image.frame, image.rotation) = Self.place(image.frame, image.rotation, by: transform)
      return .image(image)
    case .drawing(let drawing):
      return .drawing(drawing.transformed(using: transform))
    }
  }

  /// A frame and rotation after a similarity-like transform: the centre mapped, the sides
  /// scaled by the column lengths, the rotation turned by the first column's angle.
  static func place(_ frame: CGRect, _ rotation: CGFloat, by t: CGAffineTransform) -> (
    CGRect, CGFloat
  ) {
    let centre = CGPoint(x: frame.midX, y: frame.midY).applying(t)
    let width = frame.width * (t.a * t.a + t.b * t.b).squareRoot()
    let height = frame.height * (t.c * t.c + t.d * t.d).squareRoot()
    let turn = CGFloat(atan2(Double(t.b), Double(t.a)))
    return (
      CGRect(x: centre.x - width / 2, y: centre.y - height / 2, width: width, height: height),
      rotation + turn
    )
  }
}
