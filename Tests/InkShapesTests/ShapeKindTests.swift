import Foundation
import InkShapes
import Testing

@Suite struct ShapeKindTests {
  @Test func everySubkindRefinesAKindThatListsIt() {
    for subkind in ShapeSubkind.allCases {
      #expect(subkind.kind.subkinds.contains(subkind))
    }
    #expect(ShapeKind.triangle.subkinds == [.equilateral, .isosceles, .right, .scalene])
    #expect(ShapeKind.circle.subkinds.isEmpty)
  }

  @Test func closedKindsAreTheOutlines() {
    #expect(ShapeKind.allCases.filter(\.isClosed).count == 12)
    #expect(!ShapeKind.arrow.isClosed)
    #expect(ShapeKind.star.isClosed)
  }

  @Test func aShapeWritesOnlyTheKeysItHas() throws {
    let shape = DetectedShape(
      kind: .circle, confidence: 0.93, strokes: [0], center: [10, 20], radii: [5, 5],
      hotPoints: [[10, 20]])
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let text = String(decoding: try encoder.encode(shape), as: UTF8.self)
    #expect(
      text
        == #"{"center":[10,20],"confidence":0.93,"hotPoints":[[10,20]],"kind":"circle","radii":[5,5],"strokes":[0]}"#
    )
    #expect(try JSONDecoder().decode(DetectedShape.self, from: Data(text.utf8)) == shape)
  }
}

@Suite struct DetectedShapeRoundingTests {
  @Test func roundsEveryNumberButTheCounts() {
    let shape = DetectedShape(
      kind: .star, confidence: 0.987_654, strokes: [2], center: [1.234_56, -9.876_54],
      radii: [10.006, 4.001], rotation: 0.333_33, vertices: [[1.111_11, 2.222_22]], points: 5,
      hotPoints: [[3.141_59, 2.718_28]],
      fit: ShapeFit(meanDeviation: 0.012_34, maximumDeviation: 0.056_78, coverage: 0.999_99))
    let rounded = shape.rounded(places: 2)
    #expect(rounded.confidence == 0.99)
    #expect(rounded.center == [1.23, -9.88])
    #expect(rounded.radii == [10.01, 4])
    #expect(rounded.rotation == 0.33)
    #expect(rounded.vertices == [[1.11, 2.22]])
    #expect(rounded.hotPoints == [[3.14, 2.72]])
    #expect(rounded.fit == ShapeFit(meanDeviation: 0.01, maximumDeviation: 0.06, coverage: 1))
    #expect(rounded.points == 5 && rounded.strokes == [2] && rounded.kind == .star)
  }
}
