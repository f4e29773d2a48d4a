import Foundation
import OpenPencilKit
import Testing

/// Model code as PencilKit's documentation and WWDC sessions write it, compiled and run here
/// unchanged but for `import OpenPencilKit`.
@Suite("PencilKit's own model snippets compile and run")
struct PencilKitSnippetTests {
  /// WWDC20 "Inspect, modify, and construct PencilKit drawings": building a stroke from points.
  func handwrittenLine() -> PKDrawing {
    let ink = PKInk(.pen, color: .black)
    var points: [PKStrokePoint] = []
    for (index, x) in stride(from: CGFloat(10), through: 110, by: 20).enumerated() {
      let location = CGPoint(x: x, y: 50 + (index.isMultiple(of: 2) ? 0 : 8))
      let point = PKStrokePoint(
        location: location, timeOffset: TimeInterval(index) * 0.05,
        size: CGSize(width: 5, height: 5), opacity: 2, force: 1, azimuth: 0, altitude: .pi / 2)
      points.append(point)
    }
    let path = PKStrokePath(controlPoints: points, creationDate: Date())
    let stroke = PKStroke(ink: ink, path: path)
    return PKDrawing(strokes: [stroke])
  }

  @Test func constructAStrokeFromPoints() {
    let drawing = handwrittenLine()
    #expect(drawing.strokes.count == 1)
    #expect(drawing.strokes[0].path.count == 6)
    #expect(drawing.bounds.minX < 10 && drawing.bounds.maxX > 110)
  }

  /// The same session: walk every stroke at a fixed spacing, in drawing coordinates.
  @Test func interpolatedPointsAppliedThroughTheStrokeTransform() {
    var drawing = handwrittenLine()
    drawing.transform(using: CGAffineTransform(translationX: 100, y: 0))
    var locations: [CGPoint] = []
    for stroke in drawing.strokes {
      for point in stroke.path.interpolatedPoints(by: .distance(5)) {
        locations.append(point.location.applying(stroke.transform))
      }
    }
    #expect(locations.first == CGPoint(x: 110, y: 50))
    #expect(abs(locations.last!.x - 210) < 1e-9)
    #expect(locations.count > 20)
  }

  /// Recolouring every stroke, as the handwriting sample app does.
  @Test func changeTheInkOfEveryStroke() {
    let drawing = handwrittenLine()
    var newDrawingStrokes = [PKStroke]()
    for stroke in drawing.strokes {
      var stroke = stroke
      stroke.ink.color = .red
      newDrawingStrokes.append(stroke)
    }
    let recoloured = PKDrawing(strokes: newDrawingStrokes)
    #expect(recoloured.strokes.allSatisfy { $0.ink.color == UIColor.red })
  }

  /// Appending drawings and transforming them, as a canvas's undo/paste code does.
  @Test func appendAndTransformDrawings() {
    let first = handwrittenLine()
    let second = first.transformed(using: CGAffineTransform(translationX: 0, y: 100))
    let both = first.appending(second)
    #expect(both.strokes.count == 2)
    #expect(abs(both.bounds.height - (second.bounds.maxY - first.bounds.minY)) < 1e-9)
  }

  /// iOS 17: before sending a drawing to an older device, swap new inks for old ones until the
  /// drawing's required content version is low enough.
  @Test func lowerTheRequiredContentVersionBySwappingInks() {
    var drawing = handwrittenLine()
    drawing.strokes[0].ink = PKInk(.watercolor, color: .blue)
    #expect(drawing.requiredContentVersion == .version2)
    let supported = PKContentVersion.version1
    for index in drawing.strokes.indices
    where drawing.strokes[index].ink.requiredContentVersion > supported {
      var type = drawing.strokes[index].ink.inkType
      while type.requiredContentVersion > supported, let older = type.olderSubstitute {
        type = older
      }
      drawing.strokes[index].ink = PKInk(type, color: drawing.strokes[index].ink.color)
    }
    #expect(drawing.requiredContentVersion == .version1)
    #expect(drawing.strokes[0].ink.inkType == .marker)
  }

  /// Tools are made the way a tool picker makes them.
  @Test func inkingTools() {
    let tool = PKInkingTool(.marker, color: .yellow, width: 20)
    #expect(tool.ink.inkType == .marker && tool.width == 20)
    #expect(
      PKInkingTool.InkType.pen.validWidthRange.contains(PKInkingTool.InkType.pen.defaultWidth))
  }
}
