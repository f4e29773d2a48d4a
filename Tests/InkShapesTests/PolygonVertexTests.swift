import Foundation
import Testing

@testable import InkShapes

/// A closed polygon's vertices without its sides too short to be sides
/// (``ShapeClassifier/withoutShortSides(_:)``).
@Suite struct PolygonVertexTests {
  @Test func aSideUnderTheShortestIsOneCorner() {
    // A triangle whose top corner was found twice, 2 apart on a perimeter of about 322.
    let vertices = [(0.0, 0.0), (100, 0), (51, 100), (49, 100)]
    let kept = ShapeClassifier.withoutShortSides(vertices)
    #expect(kept.count == 3)
    #expect(kept[2] == (50, 100))
  }

  @Test func sidesOverTheShortestStay() {
    // A trapezoid's top of 20 on a perimeter of about 326 (0.06 of it).
    let trapezoid = [(0.0, 0.0), (100, 0), (60, 100), (40, 100)]
    #expect(ShapeClassifier.withoutShortSides(trapezoid).count == 4)
  }

  @Test func aTriangleKeepsItsThreeCorners() {
    let sliver = [(0.0, 0.0), (100, 0), (100.5, 0.5)]
    #expect(ShapeClassifier.withoutShortSides(sliver).count == 3)
  }
}
