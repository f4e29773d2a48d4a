import DuctusTestSupport
import Foundation
import InkFigures
import InkRender
import InkTracing
import OpenPencilKit
import Testing

/// The real feedback picture of a scored attempt, probed pixel by pixel: what the report says
/// about each stroke is what the picture shows where that stroke is.
@Suite struct FeedbackPictureTests {
  /// `latin/T` (stem, then bar) traced with the stem only, plus a mark below the box (or at
  /// `markY`).
  static func feedback(method: TracingMethod = .strokes, markY: Double = 94) throws
    -> TracingFeedback
  {
    let template = try TemplateLibrary.bundled.template(named: "latin/T")
    var drawing = template.drawing()
    drawing.strokes.removeLast()
    let mark = (0...20).map { i in
      PKStrokePoint(
        location: CGPoint(x: 10 + Double(i) * 0.5, y: markY), timeOffset: 2 + Double(i) * 0.01,
        size: CGSize(width: 4, height: 4), opacity: 1, force: 1, azimuth: 0, altitude: .pi / 2)
    }
    drawing.strokes.append(
      PKStroke(
        ink: PKInk(.monoline, color: .black),
        path: PKStrokePath(controlPoints: mark, creationDate: Date(timeIntervalSince1970: 0))))
    return try TracingScorer(placement: .box).feedback(drawing, against: template, method: method)
  }

  /// The picture's colour at a point of the box.
  static func color(_ image: RasterImage, _ feedback: TracingFeedback, x: Double, y: Double)
    -> PKColor
  {
    let region = FeedbackPicture.region(of: feedback)
    return image.color(
      x: Int((x - region.minX) * FeedbackPicture.scale),
      y: Int((y - region.minY) * FeedbackPicture.scale))
  }

  /// Pixels within `radius` box units of a point that pass a test.
  static func count(
    _ image: RasterImage, _ feedback: TracingFeedback, x: Double, y: Double, radius: Double,
    where test: (PKColor) -> Bool
  ) -> Int {
    let region = FeedbackPicture.region(of: feedback)
    let scale = FeedbackPicture.scale
    return image.count(
      in: CGRect(
        x: (x - radius - region.minX) * scale, y: (y - radius - region.minY) * scale,
        width: 2 * radius * scale, height: 2 * radius * scale), where: test)
  }

  static func isGreen(_ c: PKColor) -> Bool {
    c.green > 0.4 && c.green > c.red + 0.2 && c.green > c.blue + 0.2
  }
  static func isRed(_ c: PKColor) -> Bool { c.red > 0.7 && c.green < 0.3 && c.blue < 0.3 }
  static func isPurple(_ c: PKColor) -> Bool { c.blue > 0.6 && c.red > 0.4 && c.green < 0.35 }

  @Test func eachStrokeLooksAsTheReportJudgesIt() throws {
    let feedback = try Self.feedback()
    let report = feedback.report
    #expect(report.strokes[0].codes == [.ok])
    #expect(report.strokes[1].codes.contains(.missing))
    #expect(report.strokes.contains { $0.templateStroke == nil && $0.codes.contains(.extra) })
    let image = try RasterImage(pngData: FeedbackPicture.render(feedback, format: .png))
    let region = FeedbackPicture.region(of: feedback)
    #expect(image.width == Int((region.width * FeedbackPicture.scale).rounded(.up)))
    // The traced stem, on the line: green.
    #expect(Self.isGreen(Self.color(image, feedback, x: 50, y: 45)))
    // The missing bar: dashed red along it; the traced stem has none.
    #expect(Self.count(image, feedback, x: 40, y: 20, radius: 3, where: Self.isRed) > 10)
    #expect(Self.count(image, feedback, x: 50, y: 45, radius: 3, where: Self.isRed) == 0)
    // The mark beside the letter: purple extra ink.
    #expect(Self.isPurple(Self.color(image, feedback, x: 15, y: 94)))
    // Start dot 1 (green, with a white numeral) at the top of the stem, right of the numeral.
    #expect(
      Self.count(image, feedback, x: 50, y: 20, radius: 3, where: Self.isGreen) > 40)
  }

  @Test func aFarStrayMarkLeavesThePictureTheSizeOfTheExercise() throws {
    let near = try Self.feedback()
    let far = try Self.feedback(markY: 50_000)
    #expect(far.report.strokes.contains { $0.templateStroke == nil && $0.codes.contains(.extra) })
    let box = far.template.box
    let region = FeedbackPicture.region(of: far, legend: false)
    // One box height of ink beyond the box, and the 8% margin: no more.
    #expect(abs(region.maxY - (box.maxY + 1.08 * box.height)) < 1e-9)
    #expect(abs(region.width - FeedbackPicture.region(of: near).width) < 1e-9)
    let image = try RasterImage(
      pngData: FeedbackPicture.render(far, format: .png, legend: false))
    #expect(image.height == Int((region.height * FeedbackPicture.scale - 1e-6).rounded(.up)))
    #expect(Self.isGreen(Self.color(image, far, x: 50, y: 45)))
  }

  @Test func theLegendSaysWhatTheColoursMean() throws {
    let feedback = try Self.feedback()
    let with = try RasterImage(pngData: FeedbackPicture.render(feedback, format: .png))
    let without = try RasterImage(
      pngData: FeedbackPicture.render(feedback, format: .png, legend: false))
    #expect(with.width == without.width)
    #expect(with.height > without.height)
    // Under the box, the legend's swatches: green (on the line), purple (extra, as this attempt
    // has a stray mark) and red (the missing bar).
    let box = feedback.template.box
    let region = FeedbackPicture.region(of: feedback)
    // Below the box (the ink of this attempt stays inside it), every colour of the strip.
    let top = Int((box.maxY + 0.02 * box.height - region.minY) * FeedbackPicture.scale)
    var green = 0
    var purple = 0
    var red = 0
    for y in top..<with.height {
      for x in 0..<with.width {
        let c = with.color(x: x, y: y)
        if Self.isGreen(c) { green += 1 }
        if Self.isPurple(c) { purple += 1 }
        if Self.isRed(c) { red += 1 }
      }
    }
    #expect(green > 50 && purple > 50 && red > 50, "green \(green), purple \(purple), red \(red)")
    #expect(region.maxY > box.maxY + 0.1 * box.height)
  }

  @Test func startDotsNeverCoverEachOther() throws {
    let template = try TemplateLibrary.bundled.template(named: "latin/E")
    let feedback = try TracingScorer(placement: .box).feedback(
      template.drawing(), against: template)
    let dots = FeedbackPicture.startDots(of: feedback)
    #expect(dots.count == template.strokes.count)
    for i in dots.indices {
      for j in dots.indices where j > i {
        #expect(hypot(dots[i].x - dots[j].x, dots[i].y - dots[j].y) >= 7.6, "\(i) \(j)")
      }
      // Each on its own stroke.
      let stroke = template.strokes[i].points
      #expect(
        zip(stroke, stroke.dropFirst()).contains { a, b in
          Self.distance(dots[i], toSegment: a, b) < 1e-6
        })
    }
    // A stroke that starts alone keeps its dot at its start.
    #expect(dots[0] == template.strokes[0].points[0])
  }

  static func distance(_ p: CGPoint, toSegment a: CGPoint, _ b: CGPoint) -> Double {
    let (dx, dy) = (b.x - a.x, b.y - a.y)
    let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / max(dx * dx + dy * dy, 1e-12)))
    return hypot(p.x - a.x - t * dx, p.y - a.y - t * dy)
  }

  @Test func strokesDrawnOutOfOrderShowTheChildsOrder() throws {
    let template = try TemplateLibrary.bundled.template(named: "latin/E")
    var drawing = template.drawing()
    drawing.strokes.swapAt(0, 1)
    let feedback = try TracingScorer(placement: .box).feedback(drawing, against: template)
    #expect(feedback.report.codes.contains(.wrongOrder))
    let image = try RasterImage(pngData: FeedbackPicture.render(feedback, format: .png))
    let plain = try RasterImage(
      pngData: FeedbackPicture.render(
        TracingScorer(placement: .box).feedback(template.drawing(), against: template),
        format: .png))
    func oranges(_ image: RasterImage) -> Int {
      var count = 0
      for y in 0..<image.height {
        for x in 0..<image.width {
          let c = image.color(x: x, y: y)
          if c.red > 0.85 && c.green > 0.45 && c.green < 0.65 && c.blue < 0.2 { count += 1 }
        }
      }
      return count
    }
    #expect(oranges(image) > 4 * 150)
    #expect(oranges(plain) == 0)
  }

  @Test func theCoverageMethodColoursInkByItsNearestStroke() throws {
    let feedback = try Self.feedback(method: .coverage)
    #expect(feedback.report.method == "coverage")
    let image = try RasterImage(pngData: FeedbackPicture.render(feedback, format: .png))
    #expect(Self.isGreen(Self.color(image, feedback, x: 50, y: 45)))
    #expect(!feedback.ink.contains { $0.deviations == nil })
  }

  @Test func vectorPicturesAreWritten() throws {
    let feedback = try Self.feedback()
    let svg = String(decoding: try FeedbackPicture.render(feedback, format: .svg), as: UTF8.self)
    #expect(svg.hasPrefix("<?xml") && svg.contains("<svg"))
    let pdf = try FeedbackPicture.render(feedback, format: .pdf)
    #expect(pdf.starts(with: Data("%PDF".utf8)))
  }
}
