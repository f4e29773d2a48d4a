import Foundation
import Testing

@testable import InkShapes

/// A closed polygon's seam jog and stubs (``ShapeClassifier/withoutSeamJog(_:seam:diagonal:)``,
/// ``ShapeClassifier/withoutStubs(_:)``).
@Suite struct PolygonStubTests {
  @Test func aJogAtTheSeamIsNoCorner() {
    // A triangle started mid-base: its end came back 10 below its start, a turn of 24° there.
    let vertices = [(0.0, 0.0), (40, 10), (100, 0), (50, 90)]
    let kept = ShapeClassifier.withoutSeamJog(vertices, seam: (42, 8), diagonal: 130)
    #expect(kept.count == 3)
    #expect(kept.map(\.0) == [0, 100, 50])
  }

  @Test func aCornerAtTheSeamStays() {
    // A rectangle started at its corner turns there by 90°, as at its other corners.
    let rectangle = [(0.0, 0.0), (100, 0), (100, 60), (0, 60)]
    #expect(ShapeClassifier.withoutSeamJog(rectangle, seam: (1, 1), diagonal: 117).count == 4)
    // A jog farther from the seam than its reach (30 > 0.1 × 130) is a corner like any other.
    let vertices = [(0.0, 0.0), (40, 10), (100, 0), (50, 90)]
    #expect(ShapeClassifier.withoutSeamJog(vertices, seam: (40, 40), diagonal: 130).count == 4)
    #expect(ShapeClassifier.withoutSeamJog(vertices, seam: (40, 22), diagonal: 130).count == 3)
  }

  @Test func aParallelogramsObtuseCornerAtTheSeamStays() {
    // Its 138° corners turn by 42°, under the jog's 45° and half the acute corners' 138°, but
    // stand 0.17 of the diagonal off the line between their neighbours: no jog.
    let (c, s) = (100 * cos(42 * Double.pi / 180), 100 * sin(42 * Double.pi / 180))
    let parallelogram = [(0.0, 0.0), (200, 0), (200 + c, s), (c, s)]
    let diagonal = hypot(200 + c, s)
    for seam in [parallelogram[1], parallelogram[3]] {
      #expect(
        ShapeClassifier.withoutSeamJog(parallelogram, seam: seam, diagonal: diagonal).count == 4)
    }
  }

  @Test func anOctagonsFlatSeamCornerStays() {
    // An octagon turns by about 45° at every corner; its seam corner, flattened to a 40° turn
    // (under the jog's 45°), still turns more than half the others' median: a corner.
    var octagon = (0..<8).map { k -> (Double, Double) in
      let angle = Double(k) * Double.pi / 4
      return (100 * cos(angle), 100 * sin(angle))
    }
    octagon[0] = (92.4, 0)
    #expect(ShapeClassifier.withoutSeamJog(octagon, seam: (92.4, 0), diagonal: 283).count == 8)
  }

  @Test func aHookAtACornerIsOneCorner() {
    // A rectangle whose left side ran 12 past its bottom-left corner before the bottom went
    // on to the right: a short side turning back against the rectangle.
    let vertices = [(0.0, 0.0), (100, 0), (100, 60), (10, 60), (0, 72)]
    let kept = ShapeClassifier.withoutStubs(vertices)
    #expect(kept.count == 4)
    #expect(abs(kept[3].0) < 1e-9 && abs(kept[3].1 - 60) < 1e-9)
  }

  @Test func aCutCornerIsOneCorner() {
    // A square of side 100 whose top-right corner was cut 15 from it each way: a short side
    // turning by 45° at each end, where the other corners turn by 90°.
    let vertices = [(0.0, 0.0), (85, 0), (100, 15), (100, 100), (0, 100)]
    let kept = ShapeClassifier.withoutStubs(vertices)
    #expect(kept.count == 4)
    #expect(abs(kept[1].0 - 100) < 1e-9 && abs(kept[1].1) < 1e-9)
  }

  @Test func aShortSideTurningWithThePolygonStays() {
    // An octagon drawn unevenly: its short side turns the same way as the rest, by 45° and 31°
    // at its ends where the others turn by about 45° (1.7 times their median together).
    let octagon = [
      (30.0, 0.0), (70, 0), (100, 30), (100, 70), (70, 100), (50, 100), (0, 70), (0, 30),
    ]
    #expect(ShapeClassifier.withoutStubs(octagon).count == 8)
  }
}
