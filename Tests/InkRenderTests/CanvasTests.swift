import Foundation
import InkRender
import OpenPencilKit
import Testing

@Suite("Canvas")
struct CanvasTests {
  func canvas(width: Int = 100, height: Int = 50) throws -> Canvas {
    try Canvas(format: .png, pixelWidth: width, pixelHeight: height, origin: .zero, scale: 1)
  }

  func inked(_ image: RasterImage, _ rect: CGRect? = nil) -> Int {
    image.count(in: rect ?? CGRect(x: 0, y: 0, width: image.width, height: image.height)) {
      $0.alpha > 0
    }
  }

  @Test("a butt-capped line covers exactly its rectangle of pixels")
  func line() throws {
    let canvas = try canvas()
    canvas.strokeLine(
      from: CGPoint(x: 10, y: 25), to: CGPoint(x: 90, y: 25),
      style: LineStyle(width: 4, color: .black, cap: .butt))
    let image = try canvas.rasterImage()
    #expect(inked(image) == 80 * 4)
    #expect(inked(image, CGRect(x: 10, y: 23, width: 80, height: 4)) == 320)
    #expect(image.color(x: 50, y: 24) == .black)
  }

  @Test("a dashed line inks half of its length")
  func dashedLine() throws {
    let canvas = try canvas()
    canvas.strokeLine(
      from: CGPoint(x: 0, y: 25), to: CGPoint(x: 100, y: 25),
      style: LineStyle(width: 2, color: .red, dash: [10, 10], cap: .butt))
    let image = try canvas.rasterImage()
    #expect(inked(image, CGRect(x: 0, y: 24, width: 100, height: 1)) == 50)
    #expect(image.color(x: 5, y: 24) == .red)
    #expect(image.color(x: 15, y: 24).alpha == 0)
  }

  @Test("a dash pattern Cairo would reject draws a solid line and no error")
  func badDash() throws {
    let canvas = try canvas()
    canvas.strokeLine(
      from: CGPoint(x: 0, y: 25), to: CGPoint(x: 100, y: 25),
      style: LineStyle(width: 2, color: .red, dash: [-3, 4], cap: .butt))
    canvas.strokeLine(
      from: CGPoint(x: 0, y: 10), to: CGPoint(x: 100, y: 10),
      style: LineStyle(width: 2, color: .red, dash: [0, 0], cap: .butt))
    let image = try canvas.rasterImage()
    #expect(inked(image) == 400)
    #expect(PNGHeader(try canvas.finish()) == PNGHeader(width: 100, height: 50))
  }

  @Test("a disc covers about πr² pixels, centred")
  func disc() throws {
    let canvas = try canvas()
    canvas.fillCircle(center: CGPoint(x: 50, y: 25), radius: 10, color: .blue)
    let image = try canvas.rasterImage()
    let solid = image.count(in: CGRect(x: 0, y: 0, width: 100, height: 50)) { $0.alpha >= 0.5 }
    #expect(abs(Double(solid) - .pi * 100) < 8)
    #expect(inked(image, CGRect(x: 0, y: 0, width: 39, height: 50)) == 0)
    #expect(inked(image, CGRect(x: 61, y: 0, width: 39, height: 50)) == 0)
  }

  @Test("a circle's outline leaves its centre empty")
  func circleOutline() throws {
    let canvas = try canvas()
    canvas.strokeCircle(
      center: CGPoint(x: 50, y: 25), radius: 10, style: LineStyle(width: 2, color: .black))
    let image = try canvas.rasterImage()
    #expect(inked(image, CGRect(x: 45, y: 20, width: 10, height: 10)) == 0)
    #expect(image.color(x: 60, y: 25).alpha > 0.4)
  }

  @Test("an arrow's head is as wide as it is long and ends at the tip")
  func arrow() throws {
    let canvas = try canvas()
    canvas.drawArrow(
      from: CGPoint(x: 10, y: 25), to: CGPoint(x: 90, y: 25), headLength: 20,
      style: LineStyle(width: 2, color: .black))
    let image = try canvas.rasterImage()
    // Shaft: 2 pixels high. Just behind the head's base: about 20 pixels high.
    #expect(inked(image, CGRect(x: 40, y: 0, width: 1, height: 50)) == 2)
    let nearBase = image.count(in: CGRect(x: 71, y: 0, width: 1, height: 50)) { $0.alpha >= 0.5 }
    #expect(abs(nearBase - 19) <= 1)
    #expect(inked(image, CGRect(x: 91, y: 0, width: 9, height: 50)) == 0)
    #expect(image.color(x: 88, y: 24).alpha > 0.5)
  }

  @Test("a text label is centred on its point")
  func text() throws {
    let canvas = try canvas()
    canvas.drawText("12", centeredAt: CGPoint(x: 50, y: 25), fontSize: 20, color: .black)
    let image = try canvas.rasterImage()
    var xs: [Int] = []
    var ys: [Int] = []
    for y in 0..<image.height {
      for x in 0..<image.width where image.color(x: x, y: y).alpha > 0.5 {
        xs.append(x)
        ys.append(y)
      }
    }
    let left = try #require(xs.min())
    let right = try #require(xs.max())
    let top = try #require(ys.min())
    let bottom = try #require(ys.max())
    #expect(right - left > 10)
    #expect(abs(Double(left + right) / 2 - 49.5) <= 1.5)
    #expect(abs(Double(top + bottom) / 2 - 24.5) <= 1.5)
  }

  @Test("shapes with coordinates that are not finite are skipped")
  func notFinite() throws {
    let canvas = try canvas()
    let style = LineStyle(width: 2, color: .black)
    canvas.strokeLine(from: CGPoint(x: CGFloat.nan, y: 0), to: CGPoint(x: 10, y: 10), style: style)
    canvas.fillCircle(center: CGPoint(x: 10, y: 10), radius: .infinity, color: .black)
    canvas.drawArrow(from: .zero, to: .zero, headLength: 4, style: style)
    canvas.drawText("x", centeredAt: CGPoint(x: 10, y: CGFloat.infinity), fontSize: 9, color: .red)
    canvas.strokeLine(
      from: .zero, to: CGPoint(x: 10, y: 10), style: LineStyle(width: -1, color: .black))
    #expect(inked(try canvas.rasterImage()) == 0)
    #expect(PNGHeader(try canvas.finish()) != nil)
  }

  @Test("a region is rounded up to whole pixels, without rounding error")
  func regionSize() throws {
    let half = try Canvas(
      format: .png, region: CGRect(x: 3, y: 4, width: 10.5, height: 7.25), scale: 2)
    #expect((half.pixelWidth, half.pixelHeight) == (21, 15))
    let exact = try Canvas(
      format: .png, region: CGRect(x: 0.1, y: 0.2, width: 0.1 + 0.2, height: 0.3), scale: 10)
    #expect((exact.pixelWidth, exact.pixelHeight) == (3, 3))
  }

  @Test("bad sizes, scales and regions throw typed errors")
  func badRequests() throws {
    #expect(throws: RenderError.invalidScale(0)) {
      try Canvas(format: .png, region: CGRect(x: 0, y: 0, width: 1, height: 1), scale: 0)
    }
    #expect(throws: RenderError.invalidRegion(CGRect(x: 0, y: 0, width: 0, height: 5))) {
      try Canvas(format: .svg, region: CGRect(x: 0, y: 0, width: 0, height: 5), scale: 1)
    }
    #expect(throws: RenderError.invalidSize(width: 0, height: 5)) {
      try Canvas(format: .png, pixelWidth: 0, pixelHeight: 5, origin: .zero, scale: 1)
    }
    #expect(
      throws: RenderError.imageTooLarge(width: 40_000, height: 1, maximumPixelCount: 50_000_000)
    ) {
      try Canvas(format: .png, pixelWidth: 40_000, pixelHeight: 1, origin: .zero, scale: 1)
    }
    #expect(throws: RenderError.imageTooLarge(width: 1e12, height: 1e12, maximumPixelCount: 100)) {
      try Canvas(
        format: .pdf, region: CGRect(x: 0, y: 0, width: 1, height: 1), scale: 1e12,
        maximumPixelCount: 100)
    }
  }

  @Test("finishing twice gives the same bytes; a vector canvas has no pixels")
  func finishing() throws {
    let canvas = try Canvas(
      format: .pdf, pixelWidth: 20, pixelHeight: 20, origin: .zero, scale: 1)
    canvas.fillCircle(center: CGPoint(x: 10, y: 10), radius: 5, color: .red)
    let first = try canvas.finish()
    canvas.fillCircle(center: CGPoint(x: 5, y: 5), radius: 5, color: .red)
    #expect(try canvas.finish() == first)
    #expect(String(decoding: first.prefix(5), as: UTF8.self) == "%PDF-")
    #expect(throws: RenderError.self) { try canvas.rasterImage() }
  }
}
