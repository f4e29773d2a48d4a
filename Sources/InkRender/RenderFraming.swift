import Foundation

/// Which part of a drawing a picture shows, and how large the picture is.
public enum RenderFraming: Hashable, Sendable {
  /// The drawing's bounds (with its `inkBounds`, so no ink is cut off) plus the margin, at the
  /// options' scale.
  case drawingBounds
  /// A rectangle in drawing coordinates, at the options' scale, without a margin.
  case region(CGRect)
  /// A picture of exactly `width × height` pixels: the content (bounds and ink bounds) scaled
  /// to fit inside the margin with its aspect ratio kept, and centred.
  case thumbnail(width: Int, height: Int)
}
