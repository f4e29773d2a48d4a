import DuctusTestSupport
import Foundation
import OpenPaperKit
import OpenPencilKit
import Testing

@Suite("PaperMarkup's model: insertions, features, transforms, frames")
struct PaperMarkupModelTests {
  @Test func insertionsStackInOrder() {
    let markup = MarkupSamples.everything
    #expect(markup.elements.count == 11)
    guard case .shape(let first) = markup.elements[0], case .drawing = markup.elements[10] else {
      Issue.record("the first element is not a shape or the last not a drawing")
      return
    }
    #expect(first.configuration.type == .rectangle)
    #expect(
      first.configuration.fillColor == CGColor(srgbRed: 0, green: 122 / 255, blue: 1, alpha: 0.2))
    #expect(markup.drawing.strokes.count == 1)
  }

  @Test func shapeConfigurationDefaultsArePaperKits() {
    let configuration = ShapeConfiguration(type: .ellipse)
    #expect(configuration.fillColor == .black)
    #expect(configuration.strokeColor == nil)
    #expect(configuration.lineWidth == 0)
  }

  @Test func aLineKeepsItsEndsAndSpansThem() throws {
    var markup = PaperMarkup(bounds: CGRect(x: 0, y: 0, width: 100, height: 100))
    markup.insertNewLine(
      configuration: ShapeConfiguration(type: .line, strokeColor: .black, lineWidth: 4),
      from: CGPoint(x: 80, y: 10), to: CGPoint(x: 20, y: 50), endMarker: true)
    guard case .shape(let line) = markup.elements[0] else { throw Unexpected.element }
    #expect(line.lineStart == CGPoint(x: 80, y: 10) && line.lineEnd == CGPoint(x: 20, y: 50))
    #expect(line.frame == CGRect(x: 20, y: 10, width: 60, height: 40))
    #expect(!line.startMarker && line.endMarker)
    // The marker reaches 12 points (3 line widths) beyond the ends.
    #expect(markup.contentsRenderFrame == CGRect(x: 8, y: -2, width: 84, height: 64))
  }

  @Test func aLineShapeRunsAcrossItsTurnedFrame() throws {
    var markup = PaperMarkup(bounds: .zero)
    markup.insertNewShape(
      configuration: ShapeConfiguration(type: .line, strokeColor: .black, lineWidth: 1),
      frame: CGRect(x: 0, y: 0, width: 10, height: 4), rotation: .pi / 2)
    guard case .shape(let line) = markup.elements[0] else { throw Unexpected.element }
    #expect(abs(line.lineStart.x - 5) < 1e-12 && abs(line.lineStart.y + 3) < 1e-12)
    #expect(abs(line.lineEnd.x - 5) < 1e-12 && abs(line.lineEnd.y - 7) < 1e-12)
    #expect(line.rotation == 0)
  }

  @Test func featureSetNamesWhatIsUsed() {
    let used = MarkupSamples.everything.featureSet
    #expect(used.features == [.shapeFills, .shapeStrokes, .shapeOpacity, .text, .images])
    #expect(used.shapes == Set(ShapeConfiguration.Shape.allCases))
    #expect(used.inks == [.pen])
    #expect(used.lineMarkerPositions == .single)
    #expect(used.isSubset(of: .latest))
    #expect(!used.isSubset(of: .empty))
    #expect(PaperMarkup(bounds: .zero).featureSet == .empty)
  }

  @Test func removingUnsupportedContentLeavesASubset() {
    var limited = FeatureSet.latest
    limited.features = [.shapeStrokes]
    limited.shapes = [.rectangle, .ellipse, .line]
    limited.inks = [.marker]
    limited.lineMarkerPositions = .plain
    var markup = MarkupSamples.everything
    markup.removeContentUnsupported(by: limited)
    #expect(markup.featureSet.isSubset(of: limited))
    // Left: the rectangle and the ellipse without fill, opaque, and the line without marker.
    #expect(markup.elements.count == 3)
    for case .shape(let shape) in markup.elements {
      #expect(shape.configuration.fillColor == nil)
      #expect(shape.configuration.strokeColor?.alpha == 1)
      #expect(!shape.endMarker)
    }
    markup.removeContentUnsupported(by: .empty)
    #expect(markup.elements.isEmpty)
  }

  @Test func everyRandomPaperCanBeLimitedToAnyPartOfItsFeatures() {
    for seed in UInt64(0)..<200 {
      var markup = MarkupSamples.random(seed: seed)
      var generator = SplitMix64(seed: seed)
      var limited = FeatureSet.latest
      limited.features = limited.features.filter { _ in Bool.random(using: &generator) }
      limited.shapes = limited.shapes.filter { _ in Bool.random(using: &generator) }
      limited.inks = limited.inks.filter { _ in Bool.random(using: &generator) }
      limited.lineMarkerPositions = FeatureSet.LineMarkerPositions(
        rawValue: Int.random(in: 0...7, using: &generator))
      markup.removeContentUnsupported(by: limited)
      #expect(markup.featureSet.isSubset(of: limited), "seed \(seed)")
    }
  }

  @Test func transformMovesScalesAndTurnsFramesAndMapsInk() throws {
    var markup = PaperMarkup(bounds: CGRect(x: 0, y: 0, width: 100, height: 100))
    markup.insertNewShape(
      configuration: ShapeConfiguration(type: .star),
      frame: CGRect(x: 10, y: 20, width: 30, height: 10),
      rotation: 0.1)
    markup.append(
      contentsOf: PKDrawing(strokes: [MarkupSamples.stroke(.zero, CGPoint(x: 10, y: 0))]))
    let transform = CGAffineTransform(rotationAngle: .pi / 2).concatenating(
      CGAffineTransform(scaleX: 2, y: 2)
    ).concatenating(CGAffineTransform(translationX: 5, y: 0))
    markup.transformContent(transform)
    #expect(markup.bounds == CGRect(x: 0, y: 0, width: 100, height: 100))
    guard case .shape(let star) = markup.elements[0] else { throw Unexpected.element }
    // Centre (25, 25) → rotated (-25, 25) → scaled (-50, 50) → moved (-45, 50).
    #expect(abs(star.frame.midX + 45) < 1e-9 && abs(star.frame.midY - 50) < 1e-9)
    #expect(abs(star.frame.width - 60) < 1e-9 && abs(star.frame.height - 20) < 1e-9)
    #expect(abs(star.rotation - (0.1 + .pi / 2)) < 1e-12)
    let end = markup.drawing.strokes[0].path[1].location.applying(
      markup.drawing.strokes[0].transform)
    #expect(abs(end.x - 5) < 1e-9 && abs(end.y - 20) < 1e-9)
  }

  @Test func renderFrameHoldsRotatedShapesWithTheirStrokes() {
    var markup = PaperMarkup(bounds: .zero)
    #expect(markup.contentsRenderFrame.isNull)
    markup.insertNewShape(
      configuration: ShapeConfiguration(type: .rectangle, strokeColor: .black, lineWidth: 2),
      frame: CGRect(x: 0, y: 0, width: 20, height: 10), rotation: .pi / 2)
    let frame = markup.contentsRenderFrame
    // Turned a quarter about (10, 5): x 5…15, y -5…15; then one point of stroke around.
    #expect(abs(frame.minX - 4) < 1e-9 && abs(frame.maxX - 16) < 1e-9)
    #expect(abs(frame.minY + 6) < 1e-9 && abs(frame.maxY - 16) < 1e-9)
  }

  @Test func indexableContentIsTheTextOfTheBoxes() {
    var markup = PaperMarkup(bounds: .zero)
    #expect(markup.indexableContent == nil)
    markup.insertNewTextbox(attributedText: AttributedString("one"), frame: .zero)
    markup.insertNewTextbox(
      attributedText: NSAttributedString(string: "two"), frame: .zero, rotation: 1)
    #expect(markup.indexableContent == "one\ntwo")
  }

  @Test func appendingKeepsTheBoundsAndStacksTheOther() {
    var markup = PaperMarkup(bounds: CGRect(x: 0, y: 0, width: 10, height: 10))
    var other = PaperMarkup(bounds: CGRect(x: 0, y: 0, width: 99, height: 99))
    other.insertNewTextbox(attributedText: AttributedString("x"), frame: .zero)
    markup.insertNewShape(configuration: ShapeConfiguration(type: .ellipse), frame: .zero)
    markup.append(contentsOf: other)
    #expect(markup.bounds.width == 10)
    #expect(markup.elements.count == 2)
    #expect(markup.elements[1] == other.elements[0])
  }

  @Test func systemColoursAreUIKitsLightOnes() {
    #expect(UIColor.systemBlue.cgColor == CGColor(srgbRed: 0, green: 122 / 255, blue: 1, alpha: 1))
    #expect(UIColor.systemRed.withAlphaComponent(0.5).cgColor.alpha == 0.5)
    #expect(PKColor(cgColor: UIColor.systemGreen.cgColor) == .systemGreen)
  }
}

/// A test's expectation about an element's case that did not hold.
enum Unexpected: Error { case element }
