import DuctusTestSupport
import Foundation
import InkRender
import OpenPencilKit
import Testing

/// Pictures of real drawings: the first drawings of a few Quick, Draw! categories
/// (`datasets/quickdraw-dev`, NDJSON with per stroke `[[xs], [ys], [ts_ms]]`), parsed here ad hoc.
@Suite(
  "Quick, Draw! pictures",
  .enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.skipMessage)))
struct QuickDrawRenderingTests {
  static let categories = ["cat", "bicycle", "house", "flower", "clock", "key"]

  /// The drawing on line `line` of a category's file, drawn with one ink.
  func drawing(_ category: String, line: Int = 0, ink: PKInk.InkType = .pen) throws -> PKDrawing {
    let url = SharedData.url("datasets/quickdraw-dev/\(category).ndjson")
    let text = try String(contentsOf: url, encoding: .utf8)
    let record = try #require(text.split(separator: "\n").dropFirst(line).first)
    let json = try JSONSerialization.jsonObject(with: Data(record.utf8)) as? [String: Any]
    let strokes = try #require(json?["drawing"] as? [[[Double]]])
    return PKDrawing(
      strokes: strokes.map { triple in
        let points = zip(zip(triple[0], triple[1]), triple[2]).map { xy, t in
          PKStrokePoint(
            location: CGPoint(x: xy.0, y: xy.1), timeOffset: (t - triple[2][0]) / 1000,
            size: CGSize(width: 3, height: 3), opacity: 1, force: 1, azimuth: .pi / 4,
            altitude: .pi / 2)
        }
        return PKStroke(
          ink: PKInk(ink, color: .black),
          path: PKStrokePath(controlPoints: points, creationDate: Date(timeIntervalSince1970: 0)))
      })
  }

  @Test("thumbnails of real drawings are centred and fill their box", arguments: categories)
  func thumbnail(category: String) throws {
    let drawing = try drawing(category)
    var options = RenderOptions()
    options.background = .white
    options.minimumInkWidth = 1
    let png = try DrawingRenderer(options: options).render(
      drawing, framing: .thumbnail(width: 160, height: 120), as: .png)
    if let folder = ProcessInfo.processInfo.environment["DUCTUS_GALLERY"] {
      try png.write(to: URL(fileURLWithPath: folder).appendingPathComponent("\(category).png"))
    }
    let image = try RasterImage(pngData: png)
    #expect((image.width, image.height) == (160, 120))
    var box = CGRect.null
    for y in 0..<image.height {
      for x in 0..<image.width where image.color(x: x, y: y).red < 0.5 {
        box = box.union(CGRect(x: x, y: y, width: 1, height: 1))
      }
    }
    #expect(abs(box.midX - 80) <= 2 && abs(box.midY - 60) <= 2)
    #expect(box.width >= 150 || box.height >= 110)
  }

  @Test("a real drawing in every ink and format")
  func inksAndFormats() throws {
    let inks = PKInk.InkType.allCases
    for (index, ink) in inks.enumerated() {
      let drawing = try drawing(Self.categories[index % Self.categories.count], ink: ink)
      var options = RenderOptions()
      options.scale = 0.5
      let renderer = DrawingRenderer(options: options)
      let png = try renderer.render(drawing, as: .png)
      let pdf = try renderer.render(drawing, as: .pdf)
      let svg = try renderer.render(drawing, as: .svg)
      if let folder = ProcessInfo.processInfo.environment["DUCTUS_GALLERY"] {
        let base = URL(fileURLWithPath: folder).appendingPathComponent("quickdraw-\(ink.name)")
        try png.write(to: base.appendingPathExtension("png"))
        try pdf.write(to: base.appendingPathExtension("pdf"))
        try svg.write(to: base.appendingPathExtension("svg"))
      }
      let bounds = drawing.bounds.union(drawing.inkBounds)
      let expected = PNGHeader(
        width: Int((bounds.width * 0.5 + 8).rounded(.up)),
        height: Int((bounds.height * 0.5 + 8).rounded(.up)))
      #expect(PNGHeader(png) == expected)
      #expect(String(decoding: pdf.prefix(5), as: UTF8.self) == "%PDF-")
      #expect(String(decoding: svg.prefix(200), as: UTF8.self).contains("<svg"))
    }
  }
}
