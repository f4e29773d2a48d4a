import Foundation
import OpenPaperKit
import OpenPencilKit
import Testing

@testable import InkShapes

@Suite struct ShapeBeautifierTests {
  /// A stroke of a few points in `ink`, `width` wide.
  func scribble(_ ink: PKInk, width: CGFloat, from x: CGFloat) -> PKStroke {
    let points = (0..<5).map { i in
      PKStrokePoint(
        location: CGPoint(x: x + CGFloat(i) * 3, y: CGFloat(i % 2) * 4), timeOffset: Double(i) / 60,
        size: CGSize(width: width, height: width), opacity: 1, force: 0.5, azimuth: 0,
        altitude: 1)
    }
    return PKStroke(
      ink: ink,
      path: PKStrokePath(
        controlPoints: points, creationDate: Date(timeIntervalSinceReferenceDate: 0)))
  }

  /// Writing before and after a synthetic shape, the shape's truth moved to its strokes.
  func page(kind: ShapeKind, strokes: ClosedRange<Int>) -> (PKDrawing, DetectedShape) {
    let specimen = ShapeSynthesizer(seed: 21).specimen(kind: kind, index: 1, strokes: strokes)
    let before = scribble(PKInk(.pencil, color: .systemRed), width: 1.5, from: 0)
    let after = scribble(PKInk(.fountainPen, color: .systemPurple), width: 6, from: 40)
    var truth = specimen.truth
    truth.strokes = truth.strokes.map { $0 + 1 }
    return (PKDrawing(strokes: [before] + specimen.drawing.strokes + [after]), truth)
  }

  @Test func aShapesStrokesBecomeItsIdealInTheSameInkAndWidth() throws {
    let (drawing, arrow) = page(kind: .arrow, strokes: 2...2)
    #expect(arrow.strokes == [1, 2])
    let snapped = try ShapeBeautifier().drawing(drawing, shapes: [arrow])
    #expect(snapped.strokes.count == 4)
    // The other strokes are untouched, byte for byte.
    #expect(snapped.strokes[0] == drawing.strokes[0])
    #expect(snapped.strokes[3] == drawing.strokes[3])
    #expect(
      PKDrawing(strokes: [snapped.strokes[0], snapped.strokes[3]]).dataRepresentation()
        == PKDrawing(strokes: [drawing.strokes[0], drawing.strokes[3]]).dataRepresentation())
    let shaft = snapped.strokes[1]
    let head = snapped.strokes[2]
    let ink = drawing.strokes[1].ink
    #expect(shaft.ink == ink && head.ink == ink)
    let widths =
      (drawing.strokes[1].path.map(\.size.width) + drawing.strokes[2].path.map(\.size.width))
      .sorted()
    #expect(shaft.path.allSatisfy { $0.size.width == widths[widths.count / 2] })
    let tail = try #require(arrow.tail)
    let tip = try #require(arrow.head)
    #expect(shaft.path.first?.location == CGPoint(x: tail[0], y: tail[1]))
    #expect(shaft.path.last?.location == CGPoint(x: tip[0], y: tip[1]))
    #expect(head.path.contains { $0.location == CGPoint(x: tip[0], y: tip[1]) })
    // Dense enough that neighbours are at most 1% of the size (or 2 units) apart.
    let gap = zip(shaft.path, shaft.path.dropFirst()).map {
      hypot($0.0.location.x - $0.1.location.x, $0.0.location.y - $0.1.location.y)
    }.max()!
    #expect(gap <= min(0.01 * (try IdealShape(arrow)).size, 2) + 1e-9)
  }

  @Test func aPaperKeepsInkAsDrawingsAndShapesAsPaperKitShapes() async throws {
    let (drawing, circle) = page(kind: .circle, strokes: 1...1)
    var heart = ShapeSynthesizer(seed: 21).specimen(kind: .heart, index: 2, strokes: 2...2)
    heart.truth.strokes = [3, 4]
    let whole = PKDrawing(strokes: drawing.strokes + heart.drawing.strokes)
    let paper = try ShapeBeautifier().paperMarkup(whole, shapes: [heart.truth, circle])
    #expect(paper.bounds == whole.bounds)
    #expect(paper.elements.count == 3)
    guard case .drawing(let before) = paper.elements[0],
      case .shape(let record) = paper.elements[1],
      case .drawing(let rest) = paper.elements[2]
    else {
      Issue.record("elements \(paper.elements)")
      return
    }
    #expect(before.strokes == [whole.strokes[0]])
    #expect(record.configuration.type == .ellipse)
    #expect(record.configuration.fillColor == nil)
    #expect(record.configuration.strokeColor == whole.strokes[1].ink.color.cgColor)
    let widths = whole.strokes[1].path.map(\.size.width).sorted()
    #expect(record.configuration.lineWidth == widths[widths.count / 2])
    let radius = try #require(circle.radii)[0]
    #expect(abs(record.frame.width - 2 * radius) < 1e-9)
    // The heart, which PaperKit has no type for, is its ideal ink; the writing after it stays.
    #expect(rest.strokes.count == 2)
    #expect(rest.strokes[0] == whole.strokes[2])
    #expect(rest.strokes[1].ink == whole.strokes[3].ink)
    #expect(rest.strokes[1] != whole.strokes[3])
    let read = try PaperMarkup(dataRepresentation: try await paper.dataRepresentation())
    var quantized = paper
    quantized.elements = paper.elements.map {
      if case .drawing(let drawing) = $0 { .drawing(drawing.quantized()) } else { $0 }
    }
    #expect(read == quantized)
  }

  @Test func badShapesAreNamed() throws {
    let (drawing, arrow) = page(kind: .arrow, strokes: 1...1)
    var far = arrow
    far.strokes = [9]
    #expect(
      throws: ShapeBeautifierError(
        shape: 0, kind: .arrow, problem: "stroke 9 is not in the drawing, which has 3")
    ) { try ShapeBeautifier().drawing(drawing, shapes: [far]) }
    #expect(
      throws: ShapeBeautifierError(shape: 1, kind: .arrow, problem: "stroke 1 is shape 0's already")
    ) { try ShapeBeautifier().drawing(drawing, shapes: [arrow, arrow]) }
    var strokeless = arrow
    strokeless.strokes = []
    #expect(
      throws: ShapeBeautifierError(shape: 0, kind: .arrow, problem: "it names no strokes")
    ) { try ShapeBeautifier().drawing(drawing, shapes: [strokeless]) }
    var headless = arrow
    headless.head = nil
    let error = ShapeBeautifierError(shape: 0, kind: .arrow, problem: "the key \"head\" is missing")
    #expect(throws: error) { try ShapeBeautifier().paperMarkup(drawing, shapes: [headless]) }
    #expect(error.description == "shape 0 (arrow): the key \"head\" is missing")
    let writing = DetectedShape(kind: .none, confidence: 0.3, strokes: [0, 1, 2])
    #expect(try ShapeBeautifier().drawing(drawing, shapes: [writing]) == drawing)
  }
}
