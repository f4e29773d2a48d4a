import Foundation
import InkRender
import OpenPencilKit
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite("Drawing renderer")
struct DrawingRendererTests {
  let horizontal = TestDrawings.line(from: CGPoint(x: 10, y: 20), to: CGPoint(x: 90, y: 20))
  let frame = CGRect(x: 0, y: 0, width: 100, height: 40)

  func renderer(scale: CGFloat = 1, background: PKColor = .clear) -> DrawingRenderer {
    var options = RenderOptions()
    options.scale = scale
    options.background = background
    return DrawingRenderer(options: options)
  }

  func image(_ drawing: PKDrawing, framing: RenderFraming, scale: CGFloat = 1) throws
    -> RasterImage
  {
    try RasterImage(pngData: renderer(scale: scale).render(drawing, framing: framing, as: .png))
  }

  /// The smallest pixel rectangle holding every pixel with some ink.
  func inkBox(_ image: RasterImage, columns: Range<Int>? = nil) -> CGRect {
    var box = CGRect.null
    for y in 0..<image.height {
      for x in columns ?? 0..<image.width where image.color(x: x, y: y).alpha > 0 {
        box = box.union(CGRect(x: x, y: y, width: 1, height: 1))
      }
    }
    return box
  }

  func inked(_ image: RasterImage, _ rect: CGRect) -> Int {
    image.count(in: rect) { $0.alpha > 0 }
  }

  @Test("a horizontal pen stroke paints its line and nothing else")
  func horizontalStroke() throws {
    let image = try image(PKDrawing(strokes: [horizontal]), framing: .region(frame))
    #expect((image.width, image.height) == (100, 40))
    // Along the line, solid ink; the pen at force 1 is 4 wide with round ends.
    let solid = image.count(in: CGRect(x: 10, y: 18, width: 80, height: 4)) { $0.alpha > 0.99 }
    #expect(solid == 320)
    #expect(inkBox(image) == CGRect(x: 8, y: 18, width: 84, height: 4))
    #expect(image.color(x: 50, y: 19) == .black)
  }

  @Test("the background fills the corners; transparent by default")
  func background() throws {
    let drawing = PKDrawing(strokes: [horizontal])
    let white = try RasterImage(
      pngData: renderer(background: .white).render(drawing, framing: .region(frame), as: .png))
    for (x, y) in [(0, 0), (99, 0), (0, 39), (99, 39)] {
      #expect(white.color(x: x, y: y) == .white)
    }
    let clear = try image(drawing, framing: .region(frame))
    #expect(clear.color(x: 0, y: 0).alpha == 0)
  }

  @Test("the whole drawing is framed by its bounds and the margin")
  func drawingBounds() throws {
    let drawing = PKDrawing(strokes: [horizontal])
    let image = try image(drawing, framing: .drawingBounds, scale: 2)
    // Bounds 8…92 × 18…22, four pixels of margin each side, at scale 2.
    #expect((image.width, image.height) == (84 * 2 + 8, 4 * 2 + 8))
    #expect(inkBox(image) == CGRect(x: 4, y: 4, width: 168, height: 8))
  }

  @Test("framing the whole drawing keeps a marker's chisel ends inside the picture")
  func inkBoundsFraming() throws {
    let marker = TestDrawings.line(
      from: CGPoint(x: 0, y: 0), to: CGPoint(x: 50, y: 0), ink: .marker, width: 15)
    let drawing = PKDrawing(strokes: [marker])
    // The chisel reaches 0.8w = 12 past the ends and w/3 = 5 above and below.
    #expect(drawing.inkBounds == CGRect(x: -12, y: -12, width: 74, height: 24))
    #expect(drawing.bounds == CGRect(x: -7.5, y: -7.5, width: 65, height: 15))
    var options = RenderOptions()
    options.margin = 2
    let image = try RasterImage(
      pngData: DrawingRenderer(options: options).render(drawing, as: .png))
    #expect((image.width, image.height) == (78, 28))
    #expect(inkBox(image) == CGRect(x: 2, y: 9, width: 74, height: 10))
    #expect(PKDrawing().inkBounds.isNull)
  }

  @Test(
    "a thumbnail has the requested size with the content fitted and centred",
    arguments: [
      (120, 80), (80, 120), (33, 200), (64, 64),
    ])
  func thumbnail(width: Int, height: Int) throws {
    let square = TestDrawings.stroke(
      [CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 50), CGPoint(x: 100, y: 50)], ink: .monoline,
      width: 2)
    let png = try renderer().render(
      PKDrawing(strokes: [square]), framing: .thumbnail(width: width, height: height), as: .png)
    #expect(PNGHeader(png) == PNGHeader(width: width, height: height))
    let box = inkBox(try RasterImage(pngData: png))
    #expect(abs(box.midX - CGFloat(width) / 2) <= 1)
    #expect(abs(box.midY - CGFloat(height) / 2) <= 1)
    // Bounds 102 × 52: the wider side fills the picture less the 4-pixel margins.
    let fitted = min(CGFloat(width - 8) / 102, CGFloat(height - 8) / 52)
    #expect(abs(box.width - 102 * fitted) <= 2)
    #expect(abs(box.height - 52 * fitted) <= 2)
  }

  @Test("a margin wider than a tiny thumbnail leaves it one pixel of content")
  func tinyThumbnail() throws {
    var options = RenderOptions()
    options.minimumInkWidth = 1
    let png = try DrawingRenderer(options: options).render(
      PKDrawing(strokes: [horizontal]), framing: .thumbnail(width: 3, height: 3), as: .png)
    let image = try RasterImage(pngData: png)
    #expect((image.width, image.height) == (3, 3))
    #expect(image.color(x: 1, y: 1).alpha > 0)
  }

  @Test("an empty drawing cannot be framed, but a region of it is a blank picture")
  func emptyDrawing() throws {
    let empty = PKDrawing()
    #expect(throws: RenderError.emptyDrawing) { try renderer().render(empty, as: .png) }
    #expect(throws: RenderError.emptyDrawing) {
      try renderer().render(empty, framing: .thumbnail(width: 64, height: 64), as: .svg)
    }
    #expect(throws: RenderError.invalidSize(width: 64, height: -1)) {
      try renderer().render(empty, framing: .thumbnail(width: 64, height: -1), as: .png)
    }
    let blank = try image(empty, framing: .region(frame))
    #expect(blank.count(in: frame) { $0.alpha > 0 } == 0)
  }

  @Test("PDF output is a PDF document")
  func pdf() throws {
    let data = try renderer().render(PKDrawing(strokes: [horizontal]), as: .pdf)
    #expect(String(decoding: data.prefix(5), as: UTF8.self) == "%PDF-")
    #expect(String(decoding: data.suffix(6), as: UTF8.self).contains("%%EOF"))
  }

  @Test("SVG output parses and holds the stroke as a path of the picture's size")
  func svg() throws {
    let data = try renderer(scale: 2).render(
      PKDrawing(strokes: [horizontal]), framing: .region(frame), as: .svg)
    let collector = ElementCollector()
    let parser = XMLParser(data: data)
    parser.delegate = collector
    #expect(parser.parse())
    #expect(collector.names.first == "svg")
    #expect(collector.names.contains("path"))
    #expect(collector.rootAttributes["width"] == "200")
    #expect(collector.rootAttributes["height"] == "80")
  }

  @Test("image(from:scale:) gives PNG bytes of the rectangle times the scale")
  func imageFromRect() throws {
    let drawing = PKDrawing(strokes: [horizontal])
    let png = try drawing.image(from: CGRect(x: 40, y: 10, width: 50, height: 20), scale: 3)
    #expect(PNGHeader(png) == PNGHeader(width: 150, height: 60))
    let image = try RasterImage(pngData: png)
    // The stroke crosses the rectangle at y = 20, i.e. rows 24…35 at scale 3.
    #expect(image.color(x: 75, y: 30).alpha == 1)
    #expect(inked(image, CGRect(x: 0, y: 0, width: 150, height: 23)) == 0)
    #expect(throws: RenderError.invalidScale(-1)) {
      try drawing.image(from: CGRect(x: 0, y: 0, width: 1, height: 1), scale: -1)
    }
  }

  @Test("huge requests are refused before any memory is taken")
  func tooLarge() throws {
    let drawing = PKDrawing(strokes: [horizontal])
    #expect(throws: RenderError.self) { try drawing.image(from: frame, scale: 1e9) }
    var options = RenderOptions()
    options.maximumPixelCount = 1000
    #expect(throws: RenderError.imageTooLarge(width: 100, height: 40, maximumPixelCount: 1000)) {
      try DrawingRenderer(options: options).render(drawing, framing: .region(frame), as: .png)
    }
  }

  @Test("writing a file is atomic, names its format by the extension, and reports failures")
  func writing() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "inkrender-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let drawing = PKDrawing(strokes: [horizontal])
    let target = folder.appendingPathComponent("line.svg")
    try Data("old".utf8).write(to: target)
    try renderer().write(drawing, to: target)
    let written = try String(contentsOf: target, encoding: .utf8)
    #expect(written.contains("<svg"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["line.svg"])
    let unknown = folder.appendingPathComponent("line.gif")
    #expect(throws: RenderError.unknownFormat(path: unknown.path)) {
      try renderer().write(drawing, to: unknown)
    }
    let missing = folder.appendingPathComponent("absent/line.png")
    #expect {
      try renderer().write(drawing, to: missing)
    } throws: { error in
      guard case RenderError.fileWrite(let path, _) = error else { return false }
      return path == missing.path
    }
  }

  @Test("a stroke's transform moves its ink")
  func transform() throws {
    var moved = horizontal
    moved.transform = CGAffineTransform(translationX: 0, y: 10)
    let image = try image(PKDrawing(strokes: [moved]), framing: .region(frame))
    #expect(inkBox(image) == CGRect(x: 8, y: 28, width: 84, height: 4))
    var doubled = horizontal
    doubled.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
    // Scaled by one half: from 5 to 45 at y 10, and half as wide.
    #expect(
      inkBox(try self.image(PKDrawing(strokes: [doubled]), framing: .region(frame)))
        == CGRect(x: 4, y: 9, width: 42, height: 2))
  }

  @Test("a stroke's mask clips its ink; an empty mask or a flat transform paints nothing")
  func mask() throws {
    var masked = horizontal
    masked.mask = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 50, height: 40))
    masked.transform = CGAffineTransform(translationX: 5, y: 0)
    let image = try self.image(PKDrawing(strokes: [masked]), framing: .region(frame))
    // The mask is in the stroke's coordinates: it ends at x 50 + 5 on the drawing.
    #expect(inkBox(image) == CGRect(x: 13, y: 18, width: 42, height: 4))
    var erased = horizontal
    erased.mask = UIBezierPath()
    var flat = horizontal
    flat.transform = CGAffineTransform(scaleX: 0, y: 1)
    let nothing = try self.image(PKDrawing(strokes: [erased, flat]), framing: .region(frame))
    #expect(inked(nothing, frame) == 0)
  }

  @Test("points that are not finite are left out, the rest is drawn")
  func notFinite() throws {
    var stroke = TestDrawings.stroke(
      [CGPoint(x: 10, y: 20), CGPoint(x: 50, y: 20), CGPoint(x: 90, y: 20)])
    let path = stroke.path
    var points = Array(path)
    points.append(
      PKStrokePoint(
        location: CGPoint(x: CGFloat.nan, y: 0), timeOffset: 1, size: CGSize(width: 4, height: 4),
        opacity: 1, force: .nan, azimuth: 0, altitude: 1))
    stroke.path = PKStrokePath(controlPoints: points, creationDate: path.creationDate)
    let image = try image(PKDrawing(strokes: [stroke]), framing: .region(frame))
    #expect(image.color(x: 30, y: 19).alpha == 1)
  }

  @Test("a tap is a dot of the ink's width; repeated points are one dot")
  func dots() throws {
    let tap = TestDrawings.stroke([CGPoint(x: 20, y: 20)], width: 10)
    let repeated = TestDrawings.stroke(
      Array(repeating: CGPoint(x: 70, y: 20), count: 5), ink: .fountainPen, width: 10)
    let image = try image(PKDrawing(strokes: [tap, repeated]), framing: .region(frame))
    #expect(inkBox(image, columns: 0..<50) == CGRect(x: 15, y: 15, width: 10, height: 10))
    let solid = image.count(in: CGRect(x: 0, y: 0, width: 50, height: 40)) { $0.alpha >= 0.5 }
    #expect(abs(Double(solid) - .pi * 25) < 6)
    #expect(image.color(x: 70, y: 20).alpha == 1)
  }

  @Test("a very long stroke is sampled coarsely enough to stay quick, and still drawn")
  func longStroke() throws {
    let long = TestDrawings.stroke(
      [CGPoint(x: -1e7, y: 20), CGPoint(x: 0, y: 20), CGPoint(x: 1e7, y: 20)], width: 4)
    let image = try image(PKDrawing(strokes: [long]), framing: .region(frame))
    #expect(image.count(in: CGRect(x: 0, y: 18, width: 100, height: 4)) { $0.alpha > 0.99 } == 400)
  }

  @Test("ink pixels scale with the square of the scale")
  func scaleProperty() throws {
    let wave = TestDrawings.wave(ink: .pen, width: 3)
    let region = CGRect(x: -10, y: -25, width: 120, height: 50)
    func inkArea(_ scale: CGFloat) throws -> Double {
      let image = try image(PKDrawing(strokes: [wave]), framing: .region(region), scale: scale)
      var total = 0.0
      for y in 0..<image.height {
        for x in 0..<image.width { total += Double(image.color(x: x, y: y).alpha) }
      }
      return total / Double(scale * scale)
    }
    let one = try inkArea(1)
    #expect(abs(try inkArea(2) / one - 1) < 0.02)
    #expect(abs(try inkArea(3) / one - 1) < 0.02)
  }

  @Test("moving drawing and region together by whole pixels gives the same picture")
  func translationProperty() throws {
    var random = SeededRandom(seed: 42)
    for _ in 0..<5 {
      let points = (0..<8).map { _ in
        CGPoint(x: random.unit() * 80 + 10, y: random.unit() * 30 + 5)
      }
      let ink = [PKInk.InkType.pen, .pencil, .marker, .fountainPen][Int(random.unit() * 4)]
      let drawing = PKDrawing(strokes: [TestDrawings.stroke(points, ink: ink, width: 5)])
      let dx = CGFloat(Int(random.unit() * 200) - 100)
      let dy = CGFloat(Int(random.unit() * 200) - 100)
      let moved = drawing.transformed(using: CGAffineTransform(translationX: dx, y: dy))
      let original = try image(drawing, framing: .region(frame))
      let shifted = try image(moved, framing: .region(frame.offsetBy(dx: dx, dy: dy)))
      #expect(original == shifted)
      #expect(inked(original, frame) > 100)
    }
  }

  @Test("every pixel of ink lies inside the stroke's render bounds")
  func renderBoundsProperty() throws {
    var random = SeededRandom(seed: 7)
    for _ in 0..<10 {
      let points = (0..<6).map { _ in
        CGPoint(x: random.unit() * 60 + 20, y: random.unit() * 20 + 10)
      }
      let width = 1 + random.unit() * 8
      let stroke = TestDrawings.stroke(points, ink: .monoline, width: width)
      let image = try image(PKDrawing(strokes: [stroke]), framing: .region(frame))
      // Antialiasing may touch the pixel the bounds' edge falls in, no further.
      let bounds = stroke.renderBounds
      let box = inkBox(image)
      #expect(box.minX >= bounds.minX.rounded(.down) && box.minY >= bounds.minY.rounded(.down))
      #expect(box.maxX <= bounds.maxX.rounded(.up) && box.maxY <= bounds.maxY.rounded(.up))
      #expect(box.width >= 2 * width - 1)
    }
  }

  @Test("a minimum ink width keeps hairlines visible")
  func minimumInkWidth() throws {
    let hair = TestDrawings.line(
      from: CGPoint(x: 10, y: 20.5), to: CGPoint(x: 90, y: 20.5), ink: .monoline, width: 0.1)
    var options = RenderOptions()
    let faint = try RasterImage(
      pngData: DrawingRenderer(options: options).render(
        PKDrawing(strokes: [hair]), framing: .region(frame), as: .png))
    options.minimumInkWidth = 1
    let visible = try RasterImage(
      pngData: DrawingRenderer(options: options).render(
        PKDrawing(strokes: [hair]), framing: .region(frame), as: .png))
    #expect(faint.color(x: 50, y: 20).alpha < 0.15)
    #expect(visible.color(x: 50, y: 20).alpha > 0.95)
  }
}

/// Collects the element names and the root's attributes of an XML document.
final class ElementCollector: NSObject, XMLParserDelegate {
  var names: [String] = []
  var rootAttributes: [String: String] = [:]

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String]
  ) {
    if names.isEmpty { rootAttributes = attributes }
    names.append(elementName)
  }
}

/// A seeded generator for the property tests (SplitMix64).
struct SeededRandom {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  /// A uniform value in `0..<1`.
  mutating func unit() -> CGFloat {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return CGFloat((z ^ (z >> 31)) >> 11) / CGFloat(1 << 53)
  }
}

extension DrawingRendererTests {
  @Test("rendering is deterministic, also from several threads at once")
  func deterministic() throws {
    let drawing = PKDrawing(
      strokes: PKInk.InkType.allCases.enumerated().map { index, ink in
        TestDrawings.wave(ink: ink, width: 6, y: CGFloat(index) * 20)
      })
    let renderer = renderer(scale: 1.5, background: .white)
    let reference = try renderer.render(drawing, as: .png)
    let results = ResultBox(count: 8)
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      results.store(index, try? renderer.render(drawing, as: .png))
    }
    #expect(results.values.allSatisfy { $0 == reference })
  }
}

/// Results written from `concurrentPerform`, one slot an iteration, under a lock.
final class ResultBox: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [Data?]

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func store(_ index: Int, _ value: Data?) {
    lock.lock()
    slots[index] = value
    lock.unlock()
  }

  var values: [Data?] {
    lock.lock()
    defer { lock.unlock() }
    return slots
  }
}
