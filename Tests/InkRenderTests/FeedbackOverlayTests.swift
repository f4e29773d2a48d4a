import DuctusTestSupport
import Foundation
import InkRender
import OpenPencilKit
import Testing

/// The picture the tracing feedback will draw, built from the canvas's vocabulary: a grey
/// template, the attempt coloured by deviation, numbered start dots, direction arrows and a
/// dashed missing stroke.
@Suite("Feedback overlay")
struct FeedbackOverlayTests {
  let template = [
    [CGPoint(x: 20, y: 90), CGPoint(x: 50, y: 10), CGPoint(x: 80, y: 90)],
    [CGPoint(x: 32, y: 60), CGPoint(x: 68, y: 60)],
  ]

  func overlay(format: RenderFormat) throws -> Canvas {
    // Control points every 2 units, so that the B-spline keeps the template's corners.
    let strokes = template.map { corners in
      let points = zip(corners, corners.dropFirst()).flatMap { a, b in
        let count = Int((hypot(b.x - a.x, b.y - a.y) / 2).rounded(.up))
        return (0..<count).map { i in
          let t = CGFloat(i) / CGFloat(count)
          return CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        }
      }
      return TestDrawings.stroke(
        points + [corners[corners.count - 1]], ink: .monoline, color: .lightGray, width: 8)
    }
    var options = RenderOptions()
    options.scale = 3
    options.background = .white
    options.margin = 30
    let canvas = try DrawingRenderer(options: options).makeCanvas(
      for: PKDrawing(strokes: strokes), framing: .drawingBounds, format: format)
    canvas.draw(PKDrawing(strokes: strokes))
    // The attempt follows the first template stroke, drifting to the right as it goes down;
    // each segment is coloured from green (on the template) to red (5 units off).
    let attempt = (0...20).map { i -> CGPoint in
      let t = CGFloat(i) / 20
      let drift = t > 0.5 ? (t - 0.5) * 10 : 0
      return t <= 0.5
        ? CGPoint(x: 20 + 60 * t, y: 90 - 160 * t)
        : CGPoint(x: 20 + 60 * t + drift, y: 10 + 160 * (t - 0.5))
    }
    for (i, (a, b)) in zip(attempt, attempt.dropFirst()).enumerated() {
      let deviation = min(max(CGFloat(i) / 20 - 0.5, 0) * 10 / 5, 1)
      let color = PKColor(red: deviation, green: 0.7 * (1 - deviation), blue: 0, alpha: 1)
      canvas.strokeLine(from: a, to: b, style: LineStyle(width: 2.5, color: color))
    }
    // The second template stroke was not traced: dashed.
    canvas.strokeLine(
      from: template[1][0], to: template[1][1],
      style: LineStyle(width: 2, color: .red, dash: [4, 3], cap: .butt))
    for (number, stroke) in template.enumerated() {
      let start = stroke[0]
      canvas.drawArrow(
        from: start,
        to: CGPoint(
          x: start.x + (stroke[1].x - start.x) * 0.25,
          y: start.y + (stroke[1].y - start.y) * 0.25),
        headLength: 5, style: LineStyle(width: 1.5, color: .blue))
      canvas.fillCircle(center: start, radius: 5, color: .blue)
      canvas.drawText("\(number + 1)", centeredAt: start, fontSize: 7, color: .white)
    }
    return canvas
  }

  @Test("the overlay's parts land where they are drawn")
  func parts() throws {
    let canvas = try overlay(format: .png)
    let png = try canvas.finish()
    if let folder = ProcessInfo.processInfo.environment["DUCTUS_GALLERY"] {
      try png.write(to: URL(fileURLWithPath: folder).appendingPathComponent("feedback.png"))
    }
    let image = try RasterImage(pngData: png)
    func pixel(_ point: CGPoint) -> PKColor {
      image.color(
        x: Int((point.x - canvas.region.minX) * canvas.scale),
        y: Int((point.y - canvas.region.minY) * canvas.scale))
    }
    // The first start dot is blue at its rim and holds a white "1".
    #expect(pixel(CGPoint(x: 20, y: 86.5)) == .blue)
    let dot = CGRect(
      x: (15 - canvas.region.minX) * 3, y: (85 - canvas.region.minY) * 3, width: 30, height: 30)
    #expect(image.count(in: dot) { $0.red > 0.9 && $0.blue > 0.9 } > 10)
    // The attempt is green near the apex, red near the end; the template is grey beneath.
    #expect(pixel(CGPoint(x: 35, y: 50)).green > 0.6)
    #expect(pixel(CGPoint(x: 84.9, y: 89)).red > 0.9)
    #expect(pixel(CGPoint(x: 76, y: 89)) == .lightGray)
    // The missing stroke is dashed: red dashes over the grey template, grey between them.
    #expect(pixel(CGPoint(x: 41, y: 60)) == .red)
    #expect(pixel(CGPoint(x: 44.5, y: 60)) == .lightGray)
  }

  @Test("the overlay is a valid PDF and SVG too")
  func vectors() throws {
    let pdf = try overlay(format: .pdf).finish()
    #expect(String(decoding: pdf.prefix(5), as: UTF8.self) == "%PDF-")
    let svg = String(decoding: try overlay(format: .svg).finish(), as: UTF8.self)
    #expect(svg.contains("<svg") && svg.contains("stroke-dasharray"))
  }
}

extension FeedbackOverlayTests {
  @Test("a white background and plain shapes stay vector in PDF: no image is embedded")
  func pdfStaysVector() throws {
    let pdf = String(decoding: try overlay(format: .pdf).finish(), as: UTF8.self)
    #expect(!pdf.contains("/Subtype /Image"))
  }
}
