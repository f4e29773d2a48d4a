import CCairo
import Foundation
import OpenPencilKit
import _DuctusSupport

/// A picture being drawn: a Cairo surface (an image for PNG, a page for PDF or SVG) seen through
/// the drawing's coordinates.
///
/// The canvas shows the rectangle ``region`` of a drawing; a drawing unit is ``scale`` pixels
/// (or PDF points, or SVG user units). Every length given to a drawing method (a line width, a
/// radius, a font size, a dash) is in drawing units. Cairo's error state is sticky: a failed
/// call makes the later ones do nothing, and ``finish()`` reports the first failure.
///
/// ```swift
/// let canvas = try Canvas(format: .png, region: CGRect(x: 0, y: 0, width: 200, height: 100),
///                         scale: 2)
/// canvas.fill(.white)
/// canvas.draw(drawing)                                   // inks, as PencilKit would
/// canvas.strokeLine(from: a, to: b, style: LineStyle(width: 1, color: .red, dash: [4, 2]))
/// canvas.fillCircle(center: a, radius: 6, color: .blue)
/// canvas.drawText("1", centeredAt: a, fontSize: 8, color: .white)
/// let png = try canvas.finish()
/// ```
///
/// A canvas is a reference to C resources: use it from one task at a time.
public final class Canvas {
  /// The largest side Cairo's image surfaces accept, in pixels.
  public static let maximumSide = 32_767

  /// The file format the canvas produces.
  public let format: RenderFormat
  /// The picture's width in pixels (PDF points, SVG user units).
  public let pixelWidth: Int
  /// The picture's height in pixels (PDF points, SVG user units).
  public let pixelHeight: Int
  /// Pixels per drawing unit.
  public let scale: CGFloat
  /// The rectangle of the drawing the picture shows.
  public let region: CGRect
  /// The narrowest ink ``draw(_:)-(PKStroke)`` paints, in pixels; thinner strokes are widened
  /// to it so that they stay visible in small pictures. Zero (the default) keeps every width.
  public var minimumInkWidth: CGFloat = 0

  let surface: OpaquePointer
  let context: OpaquePointer
  /// Receives PDF and SVG bytes while Cairo writes them.
  let sink = ByteSink()
  /// The bytes ``finish()`` produced, once it has run.
  private var finished: Data?

  /// Creates a canvas of a fixed pixel size whose top-left corner shows the drawing point
  /// `origin`, at `scale` pixels a drawing unit.
  ///
  /// - Throws: ``RenderError/invalidScale(_:)``, ``RenderError/invalidSize(width:height:)``,
  ///   ``RenderError/imageTooLarge(width:height:maximumPixelCount:)`` when the picture would
  ///   have more than `maximumPixelCount` pixels, or ``RenderError/cairo(operation:status:)``.
  public init(
    format: RenderFormat, pixelWidth: Int, pixelHeight: Int, origin: CGPoint, scale: CGFloat,
    maximumPixelCount: Int = RenderOptions.defaultMaximumPixelCount
  ) throws {
    guard scale.isFinite, scale > 0 else { throw RenderError.invalidScale(scale) }
    guard pixelWidth > 0, pixelHeight > 0 else {
      throw RenderError.invalidSize(width: pixelWidth, height: pixelHeight)
    }
    try Self.checkPixelCount(
      width: Double(pixelWidth), height: Double(pixelHeight), limit: maximumPixelCount)
    let region = CGRect(
      x: origin.x, y: origin.y, width: CGFloat(pixelWidth) / scale,
      height: CGFloat(pixelHeight) / scale)
    guard origin.x.isFinite, origin.y.isFinite, region.width.isFinite, region.height.isFinite
    else { throw RenderError.invalidRegion(region) }
    self.format = format
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.scale = scale
    self.region = region
    let width = Double(pixelWidth)
    let height = Double(pixelHeight)
    let created: OpaquePointer? =
      switch format {
      case .png:
        cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))
      case .pdf:
        cairo_pdf_surface_create_for_stream(ByteSink.write, sink.closure, width, height)
      case .svg:
        cairo_svg_surface_create_for_stream(ByteSink.write, sink.closure, width, height)
      }
    guard let created else {
      throw RenderError.cairo(operation: "creating a surface", status: "no memory")
    }
    let status = cairo_surface_status(created)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(created)
      throw RenderError.cairo(operation: "creating a surface", status: Self.text(of: status))
    }
    if format == .svg { cairo_svg_surface_set_document_unit(created, CAIRO_SVG_UNIT_USER) }
    surface = created
    context = cairo_create(created)
    cairo_scale(context, Double(scale), Double(scale))
    cairo_translate(context, Double(-origin.x), Double(-origin.y))
    try check("creating a drawing context")
  }

  /// Creates a canvas showing `region` of the drawing at `scale` pixels a drawing unit; the
  /// picture is `region.size × scale` rounded up to whole pixels.
  ///
  /// - Throws: ``RenderError/invalidRegion(_:)`` for a rectangle that is empty or not finite,
  ///   and whatever ``init(format:pixelWidth:pixelHeight:origin:scale:maximumPixelCount:)``
  ///   throws.
  public convenience init(
    format: RenderFormat, region: CGRect, scale: CGFloat,
    maximumPixelCount: Int = RenderOptions.defaultMaximumPixelCount
  ) throws {
    guard scale.isFinite, scale > 0 else { throw RenderError.invalidScale(scale) }
    guard !region.isNull, region.width > 0, region.height > 0, region.width.isFinite,
      region.height.isFinite, region.minX.isFinite, region.minY.isFinite
    else { throw RenderError.invalidRegion(region) }
    // A hair of tolerance so that 100.000000001 pixels stay 100.
    let width = (Double(region.width * scale) - 1e-6).rounded(.up)
    let height = (Double(region.height * scale) - 1e-6).rounded(.up)
    try Self.checkPixelCount(width: width, height: height, limit: maximumPixelCount)
    try self.init(
      format: format, pixelWidth: max(Int(width), 1), pixelHeight: max(Int(height), 1),
      origin: region.origin, scale: scale, maximumPixelCount: maximumPixelCount)
  }

  deinit {
    cairo_destroy(context)
    cairo_surface_destroy(surface)
  }

  /// Refuses sizes over the pixel budget or Cairo's side limit, before any `Int` conversion.
  static func checkPixelCount(width: Double, height: Double, limit: Int) throws {
    let side = Double(maximumSide)
    guard width.isFinite, height.isFinite, width <= side, height <= side,
      width * height <= Double(limit)
    else {
      throw RenderError.imageTooLarge(width: width, height: height, maximumPixelCount: limit)
    }
  }

  static func text(of status: cairo_status_t) -> String {
    String(cString: cairo_status_to_string(status))
  }

  /// Throws Cairo's sticky error, if the context or the surface has one.
  func check(_ operation: String) throws {
    for status in [cairo_status(context), cairo_surface_status(surface)]
    where status != CAIRO_STATUS_SUCCESS {
      throw RenderError.cairo(operation: operation, status: Self.text(of: status))
    }
  }

  /// Ends the picture and returns its bytes: PNG, PDF or SVG. Later calls return the same bytes;
  /// drawing after the first call has no effect.
  ///
  /// - Throws: ``RenderError/cairo(operation:status:)`` when any drawing call or the encoding
  ///   failed.
  public func finish() throws -> Data {
    if let finished { return finished }
    try check("drawing")
    cairo_surface_flush(surface)
    switch format {
    case .png:
      let status = cairo_surface_write_to_png_stream(surface, ByteSink.write, sink.closure)
      guard status == CAIRO_STATUS_SUCCESS else {
        throw RenderError.cairo(operation: "encoding PNG", status: Self.text(of: status))
      }
    case .pdf, .svg:
      cairo_surface_finish(surface)
      try check("writing \(format.rawValue.uppercased())")
    }
    finished = sink.data
    return sink.data
  }

  /// Ends the picture and writes it to a file atomically (a temporary file in the same folder,
  /// then a rename), so that a reader never sees half a picture.
  ///
  /// - Throws: whatever ``finish()`` throws, or ``RenderError/fileWrite(path:reason:)``.
  public func write(to url: URL) throws {
    try RenderError.write(finish(), to: url)
  }

  /// The pixels of a PNG canvas as they are now, without encoding and decoding a PNG.
  ///
  /// - Throws: ``RenderError/cairo(operation:status:)``; a vector canvas has no pixels and
  ///   throws too.
  public func rasterImage() throws -> RasterImage {
    guard format == .png else {
      throw RenderError.cairo(operation: "reading pixels", status: "a vector surface has none")
    }
    try check("drawing")
    cairo_surface_flush(surface)
    return RasterImage(imageSurface: surface)
  }
}
