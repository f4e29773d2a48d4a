import Foundation
import OpenPencilKit
import Testing

@Suite("PKStroke and PKDrawing")
struct PKDrawingTests {
  let line = PKStroke(
    ink: PKInk(.pen, color: .black),
    path: ModelFixtures.path([ModelFixtures.point(0, 0), ModelFixtures.point(100, 0)]))

  @Test func emptyDrawingHasNullBounds() {
    let drawing = PKDrawing()
    #expect(drawing.bounds.isNull)
    #expect(drawing.bounds.size == .zero || drawing.bounds.isNull)
    #expect(drawing.requiredContentVersion == .version1)
  }

  @Test func boundsIncludeTheInkWidthAfterTheTransform() {
    let bounds = PKDrawing(strokes: [line]).bounds
    #expect(bounds == CGRect(x: -2.5, y: -2.5, width: 105, height: 5))
    var moved = line
    moved.transform = CGAffineTransform(translationX: 10, y: 20)
    #expect(moved.renderBounds == CGRect(x: 7.5, y: 17.5, width: 105, height: 5))
  }

  @Test func appendingAndTransforming() {
    var drawing = PKDrawing(strokes: [line])
    drawing.append(PKDrawing(strokes: [line]))
    #expect(drawing.strokes.count == 2)
    #expect(PKDrawing().appending(drawing).strokes.count == 2)
    let scaled = drawing.transformed(using: CGAffineTransform(scaleX: 2, y: 2))
    #expect(scaled.strokes[0].transform == CGAffineTransform(scaleX: 2, y: 2))
    #expect(abs(scaled.bounds.width - 210) < 1e-9)
    drawing.transform(using: CGAffineTransform(translationX: 1, y: 0))
    drawing.transform(using: CGAffineTransform(scaleX: 2, y: 1))
    #expect(drawing.strokes[1].transform == CGAffineTransform(a: 2, b: 0, c: 0, d: 1, tx: 2, ty: 0))
  }

  @Test func contentVersionFollowsInksAndBarrelRoll() {
    var stroke = line
    stroke.ink = PKInk(.watercolor, color: .blue)
    #expect(PKDrawing(strokes: [line, stroke]).requiredContentVersion == .version2)
    stroke.ink = PKInk(.reed, color: .blue)
    #expect(stroke.requiredContentVersion == .version4)
    var rolled = line
    var points = Array(rolled.path)
    points[0].threshold = 0.5
    rolled.path = ModelFixtures.path(points)
    #expect(rolled.requiredContentVersion == .version3)
  }

  @Test func inkIdentifiersAndSubstitutes() {
    #expect(PKInk.InkType.pen.rawValue == "com.apple.ink.pen")
    #expect(PKInk.InkType.reed.rawValue == "com.apple.ink.reedcalligraphy")
    #expect(PKInk.InkType(name: "fountainPen") == .fountainPen)
    #expect(PKInk.InkType(name: "com.apple.ink.crayon") == .crayon)
    for type in PKInk.InkType.allCases {
      var current = type
      while current.requiredContentVersion > .version1, let older = current.olderSubstitute {
        #expect(older.requiredContentVersion < current.requiredContentVersion)
        current = older
      }
      #expect(current.requiredContentVersion == .version1)
    }
  }

  @Test func inkingToolClampsItsWidth() {
    let tool = PKInkingTool(.pen, color: .red, width: 1000)
    #expect(tool.width == PKInk.InkType.pen.validWidthRange.upperBound)
    #expect(PKInkingTool(.marker).width == PKInk.InkType.marker.defaultWidth)
    #expect(tool.ink == PKInk(.pen, color: .red))
  }

  @Test func maskedPathRangesKeepThePartsInsideTheMask() {
    #expect(line.maskedPathRanges == [0...1])
    var masked = line
    masked.mask = PKBezierPath(rect: CGRect(x: 25, y: -10, width: 50, height: 20))
    let ranges = masked.maskedPathRanges
    #expect(ranges.count == 1)
    #expect(abs(ranges[0].lowerBound - 0.25) < 1e-3)
    #expect(abs(ranges[0].upperBound - 0.75) < 1e-3)
    #expect(abs(masked.renderBounds.minX - 22.5) < 1e-9)
  }

  @Test func coloursParseAndPrint() {
    #expect(PKColor(hex: "#FF000080")?.alpha == CGFloat(128) / 255)
    #expect(PKColor.yellow.hexString == "#FFFF00FF")
    #expect(PKColor(hex: "nonsense") == nil)
  }
}
