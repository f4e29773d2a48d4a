import Foundation
import InkSampling
import Testing

@testable import InkShapes

/// A closed polygon's vertices without its sides too short to be sides
/// (``ShapeClassifier/withoutShortSides(_:)``), without its vertices too flat to be corners
/// (``ShapeClassifier/withoutFlatVertices(_:)``), and both as a loop's polygon is read
/// (``ShapeClassifier/simplified(_:)``).
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

  @Test func aBendInASideIsNoCorner() {
    // A triangle whose base bends by 30° at its middle, where its corners turn by 127–132°.
    let vertices = [(0.0, 0.0), (50, 13.4), (100, 0), (50, 100)]
    let kept = ShapeClassifier.withoutFlatVertices(vertices)
    #expect(kept.count == 3)
    #expect(kept.map(\.0) == [0, 100, 50])
  }

  @Test func aFlatRhombusKeepsItsBluntCorners() {
    // A rhombus of 40° and 140° corners: its blunt corners turn by 40°, as little as each other.
    let (c, s) = (100 * cos(20 * Double.pi / 180), 100 * sin(20 * Double.pi / 180))
    let rhombus = [(c, 0.0), (0, s), (-c, 0), (0, -s)]
    #expect(ShapeClassifier.withoutFlatVertices(rhombus).count == 4)
  }

  @Test func aShortSideMadeOneCornerInLineIsDropped() throws {
    // A square drawn from its corner (0, 0) whose bottom side jogs by 4 over a side 9.8 long
    // (over the corner merge's 0.06 × 141, under the shortest side's 0.025 × 400): made one
    // corner, the jog's middle stands in line with the bottom's ends.
    let square = try #require(
      InkPath(strokes: [try SampleBuffer(xs: [0, 100, 100, 0, 0], ys: [0, 0, 100, 100, 0])]))
    let vertices = [(0.0, 0.0), (100, 0), (100, 100), (62, 100), (53, 104), (0, 100)]
    let kept = ShapeClassifier(path: square).simplified(vertices)
    #expect(kept.count == 4)
    #expect(kept.map(\.0) == [0, 100, 100, 0])
  }
}
