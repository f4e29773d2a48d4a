import CCairo
import Foundation
import OpenPencilKit

/// The pixels of a picture, read back from PNG bytes or from a PNG ``Canvas``: 8-bit RGBA with
/// straight (not premultiplied) alpha, row by row from the top.
///
/// ```swift
/// let image = try RasterImage(pngData: try drawing.image(from: rect, scale: 2))
/// let inked = image.count(in: CGRect(x: 0, y: 0, width: 10, height: 10)) { $0.alpha > 0 }
/// ```
public struct RasterImage: Hashable, Sendable {
  /// The width in pixels.
  public let width: Int
  /// The height in pixels.
  public let height: Int
  /// `width·height·4` bytes: red, green, blue, alpha for each pixel.
  public let rgba: [UInt8]

  /// Decodes PNG bytes (through Cairo's PNG reader). The size the header declares is checked
  /// before any pixel memory is taken.
  ///
  /// - Throws: ``RenderError/invalidPNG(reason:)`` when the bytes lack the PNG signature or
  ///   an IHDR header, or Cairo cannot read them;
  ///   ``RenderError/imageTooLarge(width:height:maximumPixelCount:)`` when the header declares
  ///   more than `maximumPixelCount` pixels.
  public init(
    pngData: Data, maximumPixelCount: Int = RenderOptions.defaultMaximumPixelCount
  ) throws {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard pngData.count >= 8, Array(pngData.prefix(8)) == signature else {
      throw RenderError.invalidPNG(reason: "the PNG signature is missing")
    }
    let header = [UInt8](pngData.dropFirst(8).prefix(16))
    guard header.count == 16, String(decoding: header[4..<8], as: UTF8.self) == "IHDR" else {
      throw RenderError.invalidPNG(reason: "the IHDR header is missing")
    }
    func bigEndian(_ offset: Int) -> Double {
      Double(header[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
    }
    try Canvas.checkPixelCount(
      width: bigEndian(8), height: bigEndian(12), limit: maximumPixelCount)
    let source = ByteSink(data: pngData)
    guard let decoded = cairo_image_surface_create_from_png_stream(ByteSink.read, source.closure)
    else { throw RenderError.invalidPNG(reason: "no memory") }
    defer { cairo_surface_destroy(decoded) }
    let status = cairo_surface_status(decoded)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw RenderError.invalidPNG(reason: Canvas.text(of: status))
    }
    let width = Int(cairo_image_surface_get_width(decoded))
    let height = Int(cairo_image_surface_get_height(decoded))
    // Cairo decodes to ARGB32, RGB24 or A8 by the PNG's colour type: paint onto ARGB32.
    guard let argb = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
    else { throw RenderError.invalidPNG(reason: "no memory") }
    defer { cairo_surface_destroy(argb) }
    let context = cairo_create(argb)
    cairo_set_source_surface(context, decoded, 0, 0)
    cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
    cairo_paint(context)
    let paintStatus = cairo_status(context)
    cairo_destroy(context)
    guard paintStatus == CAIRO_STATUS_SUCCESS else {
      throw RenderError.invalidPNG(reason: Canvas.text(of: paintStatus))
    }
    cairo_surface_flush(argb)
    self.init(imageSurface: argb)
  }

  /// Copies an ARGB32 image surface (premultiplied, native-endian words) into straight RGBA.
  init(imageSurface surface: OpaquePointer) {
    width = Int(cairo_image_surface_get_width(surface))
    height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    var rgba = [UInt8](repeating: 0, count: width * height * 4)
    if let data = cairo_image_surface_get_data(surface) {
      let raw = UnsafeRawPointer(data)
      for y in 0..<height {
        for x in 0..<width {
          let word = raw.loadUnaligned(fromByteOffset: y * stride + x * 4, as: UInt32.self)
          let alpha = word >> 24
          let index = (y * width + x) * 4
          rgba[index + 3] = UInt8(alpha)
          guard alpha > 0 else { continue }
          for (offset, shift) in [(0, 16), (1, 8), (2, 0)] as [(Int, UInt32)] {
            let premultiplied = (word >> shift) & 0xFF
            rgba[index + offset] = UInt8(min((premultiplied * 255 + alpha / 2) / alpha, 255))
          }
        }
      }
    }
    self.rgba = rgba
  }

  /// The colour of the pixel in column `x`, row `y` (components in `0…1`).
  public func color(x: Int, y: Int) -> PKColor {
    precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside")
    let index = (y * width + x) * 4
    return PKColor(
      red: CGFloat(rgba[index]) / 255, green: CGFloat(rgba[index + 1]) / 255,
      blue: CGFloat(rgba[index + 2]) / 255, alpha: CGFloat(rgba[index + 3]) / 255)
  }

  /// How many pixels inside a rectangle of pixel coordinates (clipped to the image) satisfy a
  /// test; a pixel belongs to the rectangle when its centre does.
  public func count(in rect: CGRect, where test: (PKColor) -> Bool) -> Int {
    let area = rect.intersection(CGRect(x: 0, y: 0, width: width, height: height))
    guard !area.isNull else { return 0 }
    var total = 0
    let xs = Int((area.minX - 0.5).rounded(.up))..<Int((area.maxX - 0.5).rounded(.up))
    let ys = Int((area.minY - 0.5).rounded(.up))..<Int((area.maxY - 0.5).rounded(.up))
    for y in ys {
      for x in xs where test(color(x: x, y: y)) { total += 1 }
    }
    return total
  }
}
