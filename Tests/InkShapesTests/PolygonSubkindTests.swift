import Foundation
import Testing

@testable import InkShapes

/// The subkinds of quadrilaterals as people draw them (``PolygonSubkind/quadrilateral(_:)``):
/// corners a little off right and sides a little off equal, as in the Drawn Shapes Dataset.
@Suite struct PolygonSubkindTests {
  /// The corners of a quadrilateral turned by `degrees` about the origin.
  func turned(_ vertices: [(Double, Double)], by degrees: Double) -> [(Double, Double)] {
    let (c, s) = (cos(degrees * .pi / 180), sin(degrees * .pi / 180))
    return vertices.map { (c * $0.0 - s * $0.1, s * $0.0 + c * $0.1) }
  }

  @Test func aDrawnSquareIsASquare() {
    // 100 wide and 82 to 92 high, its top right corner pulled up: corners within 6° of right,
    // single sides of 82 to 100, the means of opposite sides 0.87 of each other.
    let square = [(0.0, 0.0), (100, -10), (100, 82), (0, 82)]
    #expect(PolygonSubkind.quadrilateral(square) == .square)
    // The same on its corner is a diamond.
    #expect(PolygonSubkind.quadrilateral(turned(square, by: 45)) == .diamond)
  }

  @Test func aLongBoxIsARectangleLevelOrNot() {
    let rectangle = [(0.0, 0.0), (160, 8), (160, 96), (0, 90)]
    #expect(PolygonSubkind.quadrilateral(rectangle) == .rectangle)
    #expect(PolygonSubkind.quadrilateral(turned(rectangle, by: 40)) == .rectangle)
  }

  @Test func aRhombusWithUnequalSingleSidesIsADiamond() {
    // Sides of 100 and 80 at 60°: no corner near right, single sides 20% apart, but its
    // opposite sides run parallel and their means are within 0.8 of each other.
    let rhombus = [
      (0.0, 0.0), (100, 0), (140, 80 * sin(Double.pi / 3)), (40, 80 * sin(Double.pi / 3)),
    ]
    #expect(PolygonSubkind.quadrilateral(rhombus) == .diamond)
  }

  @Test func slantsAndTapersKeepTheirNames() {
    // A parallelogram leaning 40° whose sides are 100 and 150: parallel pairs, unequal sides.
    let parallelogram: [(Double, Double)] = [(0, 0), (150, 0), (150 + 64, 77), (64, 77)]
    #expect(PolygonSubkind.quadrilateral(parallelogram) == .parallelogram)
    // A trapezoid whose legs lean 20° in from right: past the 15° of a drawn rectangle.
    let lean = 100 * tan(20 * Double.pi / 180)
    let trapezoid = [(0.0, 0.0), (200, 0), (200 - lean, 100), (lean, 100)]
    #expect(PolygonSubkind.quadrilateral(trapezoid) == .trapezoid)
    // The same with legs 12° in is a drawn rectangle.
    let slight = 100 * tan(12 * Double.pi / 180)
    #expect(
      PolygonSubkind.quadrilateral([(0.0, 0.0), (200, 0), (200 - slight, 100), (slight, 100)])
        == .rectangle)
    // No corner but one near right, no side parallel to its opposite within 10°.
    let irregular = [(0.0, 0.0), (100, 20), (130, 90), (-10, 100)]
    #expect(PolygonSubkind.quadrilateral(irregular) == .irregular)
  }
}
