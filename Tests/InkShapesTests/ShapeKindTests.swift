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
