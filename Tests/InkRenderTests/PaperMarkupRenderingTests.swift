import Foundation
import InkRender
import OpenPaperKit
import OpenPencilKit
import Testing

@Suite("PaperKit markup drawn by InkRender")
struct PaperMarkupRenderingTests {
  /// A 200 × 120 paper: a blue-filled, blue-stroked rectangle, a red line with an end marker, an
  /// image of one green pixel and a pen stroke.
  var paper: PaperMarkup {
    var markup = PaperMarkup(bounds: CGRect(x: 0, y: 0, width: 200, height: 120))
    markup.insertNewShape(
      configuration: ShapeConfiguration(
        type: .rectangle, fillColor: UIColor.systemBlue.withAlphaComponent(0.2).cgColor,
        strokeColor: UIColor.systemBlue.cgColor, lineWidth: 4),
      frame: CGRect(x: 10, y: 10, width: 80, height: 40))
    markup.insertNewLine(
      configuration: ShapeConfiguration(
        type: .line, strokeColor: UIColor.red.cgColor, lineWidth: 2),
      from: CGPoint(x: 110, y: 30), to: CGPoint(x: 190, y: 30), endMarker: true)
    markup.insertNewImage(
      CGImage(width: 1, height: 1, rgbaPixels: Data([0, 255, 0, 255]))!,
      frame: CGRect(x: 10, y: 70, width: 40, height: 40))
    let points = [CGPoint(x: 120, y: 90), CGPoint(x: 180, y: 90)].enumerated().map {
      PKStrokePoint(
        location: $1, timeOffset: Double($0), size: CGSize(width: 6, height: 6), opacity: 1,
        force: 1, azimuth: 0, altitude: .pi / 2)
    }
    markup.append(
      contentsOf: PKDrawing(strokes: [
        PKStroke(
          ink: PKInk(.monoline, color: .black),
          path: PKStrokePath(controlPoints: points, creationDate: Date()))
      ]))
    return markup
  }

  func image(_ markup: PaperMarkup) throws -> RasterImage {
    var options = RenderOptions()
    options.background = .white
    let png = try DrawingRenderer(options: options).render(markup, as: .png)
    return try RasterImage(pngData: png)
  }

  func near(_ a: PKColor, _ b: PKColor, _ tolerance: CGFloat = 2.0 / 255) -> Bool {
    abs(a.red - b.red) <= tolerance && abs(a.green - b.green) <= tolerance
      && abs(a.blue - b.blue) <= tolerance && abs(a.alpha - b.alpha) <= tolerance
  }

  @Test func shapesLinesImagesAndInkLandWhereTheModelSays() throws {
    let picture = try image(paper)
    #expect(picture.width == 200 && picture.height == 120)
    // Inside the rectangle: 20% systemBlue over white.
    let tint = PKColor(red: 0.8, green: 0.8 + 0.2 * 122 / 255, blue: 1, alpha: 1)
    #expect(near(picture.color(x: 50, y: 30), tint), "\(picture.color(x: 50, y: 30))")
    // On its left edge (x 8…12): systemBlue.
    #expect(near(picture.color(x: 10, y: 30), .systemBlue))
    // The line, and its head three widths (at least 10 points) long and as wide at the end.
    #expect(near(picture.color(x: 130, y: 30), .red))
    #expect(near(picture.color(x: 183, y: 28), .red))
    #expect(near(picture.color(x: 130, y: 27), .white))
    // The image's one pixel stretched over 40 × 40.
    #expect(near(picture.color(x: 12, y: 72), PKColor(red: 0, green: 1, blue: 0, alpha: 1)))
    #expect(near(picture.color(x: 48, y: 108), PKColor(red: 0, green: 1, blue: 0, alpha: 1)))
    // The ink.
    #expect(picture.color(x: 150, y: 90).red < 0.2)
    // Nothing elsewhere.
    #expect(near(picture.color(x: 100, y: 110), .white))
  }

  @Test func aTurnedShapeIsDrawnTurned() throws {
    var markup = PaperMarkup(bounds: CGRect(x: 0, y: 0, width: 100, height: 100))
    markup.insertNewShape(
      configuration: ShapeConfiguration(type: .rectangle, fillColor: .black),
      frame: CGRect(x: 20, y: 45, width: 60, height: 10), rotation: .pi / 2)
    let picture = try image(markup)
    #expect(near(picture.color(x: 50, y: 25), .black))
    #expect(near(picture.color(x: 25, y: 50), .white))
  }

  @Test func everyShapeTypeInksInsideItsFrameOnly() throws {
    for type in ShapeConfiguration.Shape.allCases where type != .line {
      var markup = PaperMarkup(bounds: CGRect(x: 0, y: 0, width: 100, height: 100))
      markup.insertNewShape(
        configuration: ShapeConfiguration(type: type, fillColor: .black),
        frame: CGRect(x: 20, y: 20, width: 60, height: 40))
      let picture = try image(markup)
      let inked = picture.count(in: CGRect(x: 0, y: 0, width: 100, height: 100)) { $0.red < 0.5 }
      let inside = picture.count(in: CGRect(x: 20, y: 20, width: 60, height: 40)) { $0.red < 0.5 }
      // The chat bubble's tail reaches below its frame, to (35, 70).
      if type == .chatBubble {
        #expect(inked > inside && inside > 1_000, "\(type)")
      } else {
        #expect(inked == inside && inside > 400, "\(type): \(inked) inked, \(inside) inside")
      }
    }
  }

  @Test func theContentsFrameCanFrameThePicture() throws {
    var options = RenderOptions()
    options.margin = 0
    let png = try DrawingRenderer(options: options).render(
      paper, framing: .drawingBounds, as: .png)
    let picture = try RasterImage(pngData: png)
    let frame = paper.contentsRenderFrame
    #expect(picture.width == Int(frame.width.rounded(.up)))
    #expect(picture.height == Int(frame.height.rounded(.up)))
    #expect(throws: RenderError.emptyDrawing) {
      try DrawingRenderer().render(PaperMarkup(bounds: .zero), framing: .drawingBounds, as: .png)
    }
  }
}
