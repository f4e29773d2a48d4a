import Foundation
import OpenPencilKit

/// The settings of a ``DrawingRenderer``: scale, background, margin and limits.
///
/// ```swift
/// var options = RenderOptions()
/// options.scale = 2
/// options.background = .white
/// let png = try DrawingRenderer(options: options).render(drawing, as: .png)
/// ```
public struct RenderOptions: Hashable, Sendable {
  /// The default pixel budget: 50 million pixels (200 MB of RGBA).
  public static let defaultMaximumPixelCount = 50_000_000

  /// Pixels per drawing unit (thumbnails choose their own scale).
  public var scale: CGFloat = 1
  /// The colour under the strokes; transparent by default.
  public var background: PKColor = .clear
  /// Empty pixels around the content when framing the whole drawing or a thumbnail (a region
  /// is shown as it is). A thumbnail uses at most what leaves one pixel for the content.
  public var margin: Int = 4
  /// The narrowest mark an ink makes, in pixels (0 keeps every width as it is); 1 keeps hairlines
  /// visible in small thumbnails.
  public var minimumInkWidth: CGFloat = 0
  /// The most pixels a picture may have; larger requests throw
  /// ``RenderError/imageTooLarge(width:height:maximumPixelCount:)``.
  public var maximumPixelCount: Int = defaultMaximumPixelCount

  /// Creates the default options: scale 1, transparent, a 4-pixel margin.
  public init() {}
}
