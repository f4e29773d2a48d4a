import Foundation
import InkRender
import OpenPencilKit
import Testing

@Suite("Raster image")
struct RasterImageTests {
  @Test("a PNG round trip keeps straight-alpha colours to within rounding")
  func roundTrip() throws {
    let canvas = try Canvas(format: .png, pixelWidth: 4, pixelHeight: 2, origin: .zero, scale: 1)
    canvas.fill(PKColor(red: 1, green: 0.5, blue: 0, alpha: 0.5))
    canvas.fillPolygon(
      [CGPoint(x: 2, y: 0), CGPoint(x: 4, y: 0), CGPoint(x: 4, y: 2), CGPoint(x: 2, y: 2)],
      color: .blue)
    let png = try canvas.finish()
    let image = try RasterImage(pngData: png)
    #expect(image == (try canvas.rasterImage()))
    #expect((image.width, image.height) == (4, 2))
    let orange = image.color(x: 0, y: 1)
    #expect(orange.red == 1 && abs(orange.green - 0.5) < 0.01 && orange.blue == 0)
    #expect(abs(orange.alpha - 0.5) < 0.003)
    #expect(image.color(x: 3, y: 0) == .blue)
    #expect(image.count(in: CGRect(x: 1.5, y: 0, width: 2, height: 2)) { $0 == .blue } == 2)
  }

  @Test("bytes that are not a PNG, or a truncated one, throw invalidPNG")
  func invalid() throws {
    #expect(throws: RenderError.invalidPNG(reason: "the PNG signature is missing")) {
      try RasterImage(pngData: Data("GIF89a, not a PNG".utf8))
    }
    #expect(throws: RenderError.invalidPNG(reason: "the PNG signature is missing")) {
      try RasterImage(pngData: Data())
    }
    #expect(throws: RenderError.invalidPNG(reason: "the IHDR header is missing")) {
      try RasterImage(pngData: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]))
    }
    let canvas = try Canvas(format: .png, pixelWidth: 8, pixelHeight: 8, origin: .zero, scale: 1)
    let png = try canvas.finish()
    #expect {
      try RasterImage(pngData: png.prefix(png.count / 2))
    } throws: { error in
      guard case RenderError.invalidPNG = error else { return false }
      return true
    }
  }

  @Test("a header declaring a huge picture is refused before decoding")
  func hugeHeader() throws {
    let canvas = try Canvas(format: .png, pixelWidth: 8, pixelHeight: 8, origin: .zero, scale: 1)
    var png = try canvas.finish()
    // IHDR width and height at bytes 16…23: declare 30 000 × 30 000.
    let side: [UInt8] = [0, 0, 0x75, 0x30]
    png.replaceSubrange(16..<20, with: side)
    png.replaceSubrange(20..<24, with: side)
    #expect(
      throws: RenderError.imageTooLarge(
        width: 30_000, height: 30_000, maximumPixelCount: 50_000_000)
    ) { try RasterImage(pngData: png) }
    #expect(throws: RenderError.imageTooLarge(width: 8, height: 8, maximumPixelCount: 10)) {
      try RasterImage(pngData: try canvas.finish(), maximumPixelCount: 10)
    }
  }
}
