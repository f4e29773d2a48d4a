import Foundation
import OpenPaperKit
import OpenPencilKit
import Testing

@Suite("The outlines of PaperKit's shapes")
struct ShapeOutlineTests {
  func shape(_ type: ShapeConfiguration.Shape, rotation: CGFloat = 0) -> ShapeMarkup {
    ShapeMarkup(
      configuration: ShapeConfiguration(type: type),
      frame: CGRect(x: 10, y: 20, width: 60, height: 40), rotation: rotation)
  }

  func bounds(_ points: [CGPoint]) -> CGRect {
    points.reduce(CGRect.null) { $0.union(CGRect(origin: $1, size: .zero)) }
  }

  func close(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = 1e-9) -> Bool {
    abs(a.minX - b.minX) < tolerance && abs(a.minY - b.minY) < tolerance
      && abs(a.maxX - b.maxX) < tolerance && abs(a.maxY - b.maxY) < tolerance
  }

  @Test(arguments: [
    ShapeConfiguration.Shape.rectangle, .roundedRectangle, .ellipse, .arrowShape, .regularPolygon,
  ])
  func closedShapesSpanTheirFrameAcross(type: ShapeConfiguration.Shape) {
    let outline = shape(type).outline
    let span = bounds(outline)
    #expect(abs(span.minX - 10) < 1e-9 && abs(span.maxX - 70) < 1e-9 || type == .regularPolygon)
    #expect(span.minY >= 20 - 1e-9 && span.maxY <= 60 + 1e-9)
  }

  @Test func aRectangleIsItsFrameAndTurnsAboutItsCentre() {
    #expect(close(bounds(shape(.rectangle).outline), CGRect(x: 10, y: 20, width: 60, height: 40)))
    let turned = bounds(shape(.rectangle, rotation: .pi / 2).outline)
    #expect(close(turned, CGRect(x: 20, y: 10, width: 40, height: 60)))
  }

  @Test func starsAndPolygonsHaveTheirCounts() {
    var star = shape(.star)
    star.starPoints = 7
    star.starInnerRadius = 0.5
    #expect(star.outline.count == 14)
    // The first point at the top middle, the second at half the radius.
    #expect(abs(star.outline[0].x - 40) < 1e-9 && abs(star.outline[0].y - 20) < 1e-9)
    let second = star.outline[1]
    let dx = (second.x - 40) / 30
    let dy = (second.y - 40) / 20
    #expect(abs((dx * dx + dy * dy).squareRoot() - 0.5) < 1e-9)
    var polygon = shape(.regularPolygon)
    polygon.polygonSides = 6
    #expect(polygon.outline.count == 6)
    polygon.polygonSides = .max
    #expect(polygon.outline.count == PaperMarkupLimits.maximumVertices)
  }

  @Test func roundedCornersAreRoundInPaperSpace() {
    var rounded = shape(.roundedRectangle)
    rounded.cornerRadius = 0.25
    // Radius 10 points (a quarter of 40): the top edge starts 10 points in from the left.
    let top = rounded.outline.filter { abs($0.y - 20) < 1e-9 }
    #expect(abs(top.map(\.x).min()! - 20) < 1e-9 && abs(top.map(\.x).max()! - 60) < 1e-9)
    let left = rounded.outline.filter { abs($0.x - 10) < 1e-9 }
    #expect(abs(left.map(\.y).min()! - 30) < 1e-9 && abs(left.map(\.y).max()! - 50) < 1e-9)
  }

  @Test func theChatBubbleTailReachesItsTip() {
    var bubble = shape(.chatBubble)
    bubble.chatBubbleTailLocation = CGPoint(x: 0.5, y: 1.5)
    #expect(bubble.outline.contains(CGPoint(x: 40, y: 80)))
    bubble.chatBubbleTailLocation = CGPoint(x: 0.9, y: -0.5)
    #expect(bubble.outline.contains { abs($0.x - 64) < 1e-9 && abs($0.y - 0) < 1e-9 })
  }

  @Test func theArrowPointsRightFromItsCorner() {
    let arrow = shape(.arrowShape).outline
    #expect(arrow.count == 7)
    #expect(arrow[3] == CGPoint(x: 70, y: 40))
    #expect(abs(arrow[1].x - 46) < 1e-9 && abs(arrow[1].y - 32) < 1e-9)
  }

  @Test func aLineIsItsEnds() {
    var markup = PaperMarkup(bounds: .zero)
    markup.insertNewLine(
      configuration: ShapeConfiguration(type: .line), from: CGPoint(x: 1, y: 2),
      to: CGPoint(x: 3, y: 4))
    guard case .shape(let line) = markup.elements[0] else {
      Issue.record("not a shape")
      return
    }
    #expect(line.outline == [CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4)])
  }
}
