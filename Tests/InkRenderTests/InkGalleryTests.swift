import DuctusTestSupport
import Foundation
import InkRender
import OpenPencilKit
import Testing

@Suite("Ink gallery")
struct InkGalleryTests {
  @Test("every ink type paints its wave")
  func everyInk() throws {
    let inks = PKInk.InkType.allCases
    let colors: [PKColor] = [.black, .darkGray, .yellow, .blue, .black, .cyan, .red, .purple]
    let strokes = inks.enumerated().map { index, ink in
      TestDrawings.wave(
        ink: ink, width: ink.defaultWidth, color: colors[index],
        y: CGFloat(index) * 45)
    }
    var options = RenderOptions()
    options.scale = 2
    options.background = .white
    let drawing = PKDrawing(strokes: strokes)
    let png = try DrawingRenderer(options: options).render(drawing, as: .png)
    if let folder = ProcessInfo.processInfo.environment["DUCTUS_GALLERY"] {
      let base = URL(fileURLWithPath: folder).appendingPathComponent("inks")
      try png.write(to: base.appendingPathExtension("png"))
      let renderer = DrawingRenderer(options: options)
      try renderer.write(drawing, to: base.appendingPathExtension("pdf"))
      try renderer.write(drawing, to: base.appendingPathExtension("svg"))
    }
    let image = try RasterImage(pngData: png)
    #expect(image.width > 200)
  }
}

extension InkGalleryTests {
  @Test("sharp turns and self-crossings of translucent inks")
  func joins() throws {
    let zigzag = TestDrawings.stroke(
      [
        CGPoint(x: 0, y: 0), CGPoint(x: 20, y: 30), CGPoint(x: 40, y: 0), CGPoint(x: 45, y: 30),
        CGPoint(x: 50, y: 0),
      ], color: PKColor(red: 0, green: 0, blue: 1, alpha: 0.5), width: 8)
    let loop = TestDrawings.stroke(
      (0...60).map { i in
        let a = CGFloat(i) / 60 * 2.4 * .pi
        return CGPoint(x: 80 + 20 * cos(a) + CGFloat(i) * 0.5, y: 15 + 15 * sin(a))
      }, ink: .marker, color: .orange, width: 10)
    var pencil = TestDrawings.wave(ink: .pencil, width: 6, color: .black, y: 60)
    pencil.transform = CGAffineTransform(scaleX: 1.4, y: 1)
    let drawing = PKDrawing(strokes: [zigzag, loop, pencil])
    var options = RenderOptions()
    options.scale = 4
    options.background = .white
    let png = try DrawingRenderer(options: options).render(drawing, as: .png)
    if let folder = ProcessInfo.processInfo.environment["DUCTUS_GALLERY"] {
      try png.write(to: URL(fileURLWithPath: folder).appendingPathComponent("joins.png"))
    }
    #expect(try RasterImage(pngData: png).height > 300)
  }
}
