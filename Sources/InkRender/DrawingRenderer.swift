import Foundation
import OpenPaperKit
import OpenPencilKit
import _DuctusSupport

/// Makes pictures of drawings: PNG, PDF or SVG, of the whole drawing, of a region, or as a
/// fixed-size thumbnail.
///
/// ```swift
/// var options = RenderOptions()
/// options.background = .white
/// let renderer = DrawingRenderer(options: options)
/// let png = try renderer.render(drawing, as: .png)
/// try renderer.write(drawing, framing: .thumbnail(width: 128, height: 96),
///                    to: URL(fileURLWithPath: "cat.svg"))
/// ```
///
/// For overlays, ``makeCanvas(for:framing:format:)`` gives the framed, background-filled
/// ``Canvas`` before any stroke is drawn, to draw on and ``Canvas/finish()`` yourself.
public struct DrawingRenderer: Hashable, Sendable {
  /// The settings.
  public var options: RenderOptions

  /// Creates a renderer.
  public init(options: RenderOptions = RenderOptions()) { self.options = options }

  /// The bytes of a picture of a drawing.
  ///
  /// - Throws: ``RenderError/emptyDrawing`` when framing the bounds or a thumbnail of a
  ///   drawing without strokes, and whatever ``makeCanvas(for:framing:format:)`` throws.
  public func render(
    _ drawing: PKDrawing, framing: RenderFraming = .drawingBounds, as format: RenderFormat
  ) throws -> Data {
    let canvas = try makeCanvas(for: drawing, framing: framing, format: format)
    canvas.draw(drawing)
    return try canvas.finish()
  }

  /// Writes a picture of a drawing to a file atomically, in the format of `format` or, when it
  /// is `nil`, of the file's extension.
  ///
  /// - Throws: ``RenderError/unknownFormat(path:)``, ``RenderError/fileWrite(path:reason:)``,
  ///   and whatever ``render(_:framing:as:)-(PKDrawing,_,_)`` throws.
  public func write(
    _ drawing: PKDrawing, framing: RenderFraming = .drawingBounds, to url: URL,
    format: RenderFormat? = nil
  ) throws {
    let data = try render(drawing, framing: framing, as: format ?? RenderFormat(fileURL: url))
    try RenderError.write(data, to: url)
  }

  /// The bytes of a picture of a PaperKit paper: every element in its order, framed by the
  /// paper's bounds (`framing` `nil`), a region, the bounds of what is drawn
  /// (`.drawingBounds`: the paper's `contentsRenderFrame`) or a thumbnail of it.
  ///
  /// ```swift
  /// let png = try DrawingRenderer().render(markup, as: .png)
  /// ```
  ///
  /// - Throws: ``RenderError/emptyDrawing`` when framing the contents of an empty paper, and
  ///   whatever ``makeCanvas(for:framing:format:)`` throws.
  public func render(_ markup: PaperMarkup, framing: RenderFraming? = nil, as format: RenderFormat)
    throws -> Data
  {
    let canvas = try makeCanvas(
      showing: markup.contentsRenderFrame, framing: framing ?? .region(markup.bounds),
      format: format)
    canvas.draw(markup)
    return try canvas.finish()
  }

  /// A picture of a paper given as Ductus JSON bytes (`PaperMarkup(dataRepresentation:)`),
  /// for a caller that holds the bytes and not the model: `ductus render OUT.paper.json`.
  ///
  /// - Throws: `PaperMarkupDataError` when the bytes are not a paper, and what rendering the
  ///   paper throws (``RenderError``).
  public func render(paperData data: Data, framing: RenderFraming? = nil, as format: RenderFormat)
    throws -> Data
  {
    try render(try PaperMarkup(dataRepresentation: data), framing: framing, as: format)
  }

  /// A canvas framed for a drawing and filled with the background, with no stroke drawn yet.
  ///
  /// - Throws: ``RenderError/emptyDrawing``, ``RenderError/invalidRegion(_:)``,
  ///   ``RenderError/invalidScale(_:)``, ``RenderError/invalidSize(width:height:)``,
  ///   ``RenderError/imageTooLarge(width:height:maximumPixelCount:)`` or
  ///   ``RenderError/cairo(operation:status:)``.
  public func makeCanvas(
    for drawing: PKDrawing, framing: RenderFraming, format: RenderFormat
  ) throws -> Canvas {
    try makeCanvas(
      showing: drawing.bounds.union(drawing.inkBounds), framing: framing, format: format)
  }

  /// A canvas framed for content whose bounds are `bounds`, filled with the background.
  func makeCanvas(showing bounds: CGRect, framing: RenderFraming, format: RenderFormat) throws
    -> Canvas
  {
    let canvas: Canvas
    switch framing {
    case .region(let region):
      canvas = try Canvas(
        format: format, region: region, scale: options.scale,
        maximumPixelCount: options.maximumPixelCount)
    case .drawingBounds:
      guard !bounds.isNull else { throw RenderError.emptyDrawing }
      guard options.scale.isFinite, options.scale > 0 else {
        throw RenderError.invalidScale(options.scale)
      }
      let inset = CGFloat(max(options.margin, 0)) / options.scale
      canvas = try Canvas(
        format: format, region: bounds.insetBy(dx: -inset, dy: -inset), scale: options.scale,
        maximumPixelCount: options.maximumPixelCount)
    case .thumbnail(let width, let height):
      guard width > 0, height > 0 else {
        throw RenderError.invalidSize(width: width, height: height)
      }
      guard !bounds.isNull else { throw RenderError.emptyDrawing }
      let (origin, scale) = try Self.thumbnailFrame(
        of: bounds, width: width, height: height,
        margin: options.margin)
      canvas = try Canvas(
        format: format, pixelWidth: width, pixelHeight: height, origin: origin, scale: scale,
        maximumPixelCount: options.maximumPixelCount)
    }
    canvas.minimumInkWidth = options.minimumInkWidth
    canvas.fill(options.background)
    return canvas
  }

  /// The origin and scale that fit `bounds` inside a `width × height` picture less the margin,
  /// aspect ratio kept, centred. A margin leaves at least one pixel for the content; content
  /// without extent in one direction is fitted by the other, and a bare point is shown at
  /// scale 1.
  static func thumbnailFrame(of bounds: CGRect, width: Int, height: Int, margin: Int) throws
    -> (origin: CGPoint, scale: CGFloat)
  {
    let usable = min(max(margin, 0), (min(width, height) - 1) / 2)
    let innerWidth = CGFloat(width - 2 * usable)
    let innerHeight = CGFloat(height - 2 * usable)
    let fits = [
      bounds.width > 0 ? innerWidth / bounds.width : nil,
      bounds.height > 0 ? innerHeight / bounds.height : nil,
    ].compactMap { $0 }
    let scale = fits.min() ?? 1
    guard scale.isFinite, scale > 0 else { throw RenderError.invalidRegion(bounds) }
    let origin = CGPoint(
      x: bounds.midX - CGFloat(width) / 2 / scale, y: bounds.midY - CGFloat(height) / 2 / scale)
    return (origin, scale)
  }
}
