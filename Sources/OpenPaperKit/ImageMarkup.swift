import Foundation

/// An image on the paper, stretched over its frame, as PaperKit 27's `ImageMarkup`.
public struct ImageMarkup: Hashable, Sendable {
  /// The pixels.
  public var image: CGImage
  /// The unrotated frame, in paper coordinates.
  public var frame: CGRect
  /// The rotation in radians about the centre of the frame.
  public var rotation: CGFloat

  /// Creates an image element.
  public init(image: CGImage, frame: CGRect, rotation: CGFloat = 0) {
    self.image = image
    self.frame = frame
    self.rotation = rotation
  }
}
