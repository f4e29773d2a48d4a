import DuctusTestSupport
import Foundation
import OpenPencilKit
import Testing

/// The drawings Apple's PencilKit wrote (`../shared/fixtures/pkdrawing/`), decoded and compared
/// with what PencilKit's own API read back from them (`*.truth.json`).
@Suite(
  "PencilKit binary fixtures",
  .enabled(
    if: FileManager.default.fileExists(
      atPath: SharedData.url("fixtures/pkdrawing/case00-empty.pkdrawing").path),
    Comment(rawValue: SharedData.skipMessage)))
struct PencilKitBinaryFixtureTests {
  static let folder = SharedData.url("fixtures/pkdrawing")
  static let cases = ["case00-empty", "case01-dot", "case04-pressure-ramp", "case06-inks"]

  static func blob(_ name: String) throws -> Data {
    try Data(contentsOf: folder.appendingPathComponent("\(name).pkdrawing"))
  }

  static func truth(_ name: String) throws -> PencilKitTruth {
    try PencilKitTruth(contentsOf: folder.appendingPathComponent("\(name).truth.json"))
  }

  /// Every value PencilKit reported, exactly (the u16 channels too, though the format only
  /// promises them within one step).
  static func expectMatches(_ drawing: PKDrawing, truth: PencilKitTruth) throws {
    #expect(drawing.strokes.count == truth.strokeCount)
    #expect(drawing.strokes.count == truth.strokes.count)
    for (stroke, expected) in zip(drawing.strokes, truth.strokes) {
      #expect(stroke.ink.inkType.rawValue == expected.ink)
      let color = expected.color
      #expect(Double(stroke.ink.color.red) == color["r"])
      #expect(Double(stroke.ink.color.green) == color["g"])
      #expect(Double(stroke.ink.color.blue) == color["b"])
      #expect(Double(stroke.ink.color.alpha) == color["a"])
      let bounds = expected.renderBounds
      #expect(Double(stroke.renderBounds.origin.x) == bounds["x"])
      #expect(Double(stroke.renderBounds.origin.y) == bounds["y"])
      #expect(Double(stroke.renderBounds.width) == bounds["w"])
      #expect(Double(stroke.renderBounds.height) == bounds["h"])
      let points = expected.controlPoints
      #expect(stroke.path.count == points.count)
      #expect(stroke.path.count == expected.controlPointCount)
      for (point, values) in zip(stroke.path, points) {
        #expect(Double(point.location.x) == values["x"])
        #expect(Double(point.location.y) == values["y"])
        #expect(Double(point.timeOffset) == values["t"])
        #expect(Double(point.size.width) == values["w"])
        #expect(Double(point.secondaryScale) == values["secondaryScale"])
        #expect(Double(point.size.height) == values["h"])
        #expect(Double(point.force) == values["force"])
        #expect(Double(point.azimuth) == values["azimuth"])
        #expect(Double(point.altitude) == values["altitude"])
        #expect(Double(point.opacity) == values["opacity"])
      }
    }
  }

  @Test("each fixture decodes to PencilKit's own values", arguments: cases)
  func decodesToTruth(name: String) throws {
    let drawing = try PKDrawing(data: Self.blob(name))
    try Self.expectMatches(drawing, truth: Self.truth(name))
  }

  @Test(
    "re-encoding a fixture's drawing and decoding it again gives the same values",
    arguments: cases)
  func reencodes(name: String) throws {
    let drawing = try PKDrawing(data: Self.blob(name))
    let again = try PKDrawing(data: drawing.dataRepresentation())
    #expect(again == drawing)
    try Self.expectMatches(again, truth: Self.truth(name))
  }

  @Test(
    "re-encoding writes PencilKit's own bytes, apart from the 16-byte identifiers",
    arguments: cases)
  func sameBytes(name: String) throws {
    let apple = try Self.blob(name)
    let drawing = try PKDrawing(data: apple)
    let ours = drawing.dataRepresentation()
    #expect(ours.count == apple.count)
    // The drawing's identifier; with strokes, the replica's and each stroke's and path's.
    let identifiers = 1 + (drawing.strokes.isEmpty ? 0 : 1 + 2 * drawing.strokes.count)
    let differing = zip(apple, ours).filter { $0 != $1 }.count
    #expect(differing <= 16 * identifiers)
  }

  @Test("the inks of case06 share one table and keep their order")
  func inkTable() throws {
    let drawing = try PKDrawing(data: Self.blob("case06-inks"))
    #expect(drawing.strokes.map(\.ink.inkType) == [.pen, .pencil, .marker])
    #expect(drawing.strokes[2].ink.color == .yellow)
    #expect(
      drawing.strokes.allSatisfy {
        $0.path.creationDate.timeIntervalSinceReferenceDate == 721_692_800
      })
  }
}
