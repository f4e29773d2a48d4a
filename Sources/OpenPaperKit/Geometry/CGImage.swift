import Foundation

#if !canImport(CoreGraphics)
  /// A bitmap image, with CoreGraphics's name, where CoreGraphics is absent: 8-bit RGBA pixels,
  /// not premultiplied, in rows from the top.
  ///
  /// PaperKit's ``PaperMarkup/insertNewImage(_:frame:rotation:)`` takes a `CGImage`. On Apple's
  /// platforms it is a reference type with many pixel layouts and a data provider; here it is
  /// a value holding the one layout that Ductus JSON stores (see <doc:PaperMarkupJSON>).
  public struct CGImage: Hashable, Sendable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// The pixels, `width × height × 4` bytes: red, green, blue, alpha, row by row from the top.
    public let rgbaPixels: Data

    /// Creates an image from its pixels; `nil` when a dimension is not positive or the byte count
    /// is not `width × height × 4`.
    public init?(width: Int, height: Int, rgbaPixels: Data) {
      guard width > 0, height > 0 else { return nil }
      let row = width.multipliedReportingOverflow(by: 4)
      let total = row.partialValue.multipliedReportingOverflow(by: height)
      guard !row.overflow, !total.overflow, total.partialValue == rgbaPixels.count else {
        return nil
      }
      self.width = width
      self.height = height
      self.rgbaPixels = rgbaPixels
    }

    /// Bits in a pixel component: 8.
    public var bitsPerComponent: Int { 8 }
    /// Bits in a pixel: 32.
    public var bitsPerPixel: Int { 32 }
    /// Bytes in a row: `width × 4`.
    public var bytesPerRow: Int { width * 4 }
  }
#endif
