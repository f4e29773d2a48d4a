import DuctusTestSupport
import Foundation
import OpenPencilKit
import Testing

/// The drawings of `Tests/Fixtures/pkdrawing-layouts/`, decoded and compared point for point
/// with what `Scripts/reference/pkdrawing_layouts.py` reads from the same bytes: synthetic
/// drawings of every layout and many channel splits, drawings with channels above bit 10, and
/// drawings that iPad apps committed to public repositories (`real/`, see `PROVENANCE.md`).
@Suite("PencilKit channel layout fixtures")
struct PencilKitLayoutFixtureTests {
  static let folder = "pkdrawing-layouts"
  static let synthetic = [
    "layout-nineChannel", "layout-tenChannel", "layout-current", "future-bit11-per-point",
    "future-bit11-constant", "future-bit12-per-point-bit11-constant", "future-bit40-ten-channel",
  ]
  static let refused = [
    "refused-two-unknown-per-point", "refused-two-unknown-constant",
    "refused-unknown-without-bytes", "refused-bit10-without-bit9",
  ]
  /// The real drawings used while the layouts were implemented.
  static let real = [
    "kineo-example-2019", "pencildataparse-single-stroke-2019", "kineo-page-2023",
    "dudl-prompt-2024", "dudl-app-2024",
  ]
  /// The real drawing kept aside until the decoder was finished, then decoded once as a check.
  static let heldOut = "dudl-random-drawing-2024"

  static func expectation(_ path: String) throws -> PencilKitLayoutExpectation {
    try Fixture.decode(PencilKitLayoutExpectation.self, from: "\(folder)/\(path).expected.json")
  }

  /// The bytes of a `real/*.b64` file: base64 text below `#` comment lines.
  static func realDrawing(_ name: String) throws -> Data {
    let path = "\(folder)/real/\(name).b64"
    let text = String(decoding: try Fixture.data(path), as: UTF8.self)
    let base64 = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.joined()
    return try #require(Data(base64Encoded: base64), "\(path) is not base64")
  }

  /// Every stroke and point value the script read, exactly.
  static func expectMatches(
    _ drawing: PKDrawing, _ expected: PencilKitLayoutExpectation,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let strokes = try #require(expected.strokes, sourceLocation: sourceLocation)
    #expect(drawing.strokes.count == strokes.count, sourceLocation: sourceLocation)
    for (stroke, want) in zip(drawing.strokes, strokes) {
      #expect(stroke.ink.inkType.rawValue == want.ink, sourceLocation: sourceLocation)
      #expect(stroke.path.count == want.count, sourceLocation: sourceLocation)
      for (index, point) in stroke.path.enumerated() where index < want.count {
        let got = [
          point.location.x, point.location.y, point.timeOffset, point.size.width,
          point.size.height, point.force, point.azimuth, point.altitude, point.opacity,
          point.secondaryScale,
        ].map { Double($0) }
        let wanted = [
          want.x, want.y, want.t, want.w, want.h, want.force, want.azimuth, want.altitude,
          want.opacity, want.secondaryScale,
        ].map { $0[index] }
        #expect(got == wanted, "\(expected.name) point \(index)", sourceLocation: sourceLocation)
      }
    }
  }

  @Test("the folder holds exactly the listed fixtures")
  func listing() throws {
    let root = SharedData.fixture(Self.folder)
    let files = try FileManager.default.contentsOfDirectory(atPath: root.path)
    let drawings = Set(files.filter { $0.hasSuffix(".pkdrawing") }.map { String($0.dropLast(10)) })
    #expect(drawings == Set(Self.synthetic + Self.refused))
    let realFiles = try FileManager.default.contentsOfDirectory(
      atPath: root.appendingPathComponent("real").path)
    let realDrawings = Set(realFiles.filter { $0.hasSuffix(".b64") }.map { String($0.dropLast(4)) })
    #expect(realDrawings == Set(Self.real + [Self.heldOut]))
  }

  @Test("each synthetic layout and split decodes to the script's values", arguments: synthetic)
  func syntheticDrawings(name: String) throws {
    let drawing = try PKDrawing(data: Fixture.data("\(Self.folder)/\(name).pkdrawing"))
    try Self.expectMatches(drawing, Self.expectation(name))
  }

  @Test(
    "channels whose sizes nothing tells are refused, naming the field and the bits",
    arguments: refused)
  func refusedDrawings(name: String) throws {
    let expected = try #require(try Self.expectation(name).error)
    let data = try Fixture.data("\(Self.folder)/\(name).pkdrawing")
    do {
      _ = try PKDrawing(data: data)
      Issue.record("\(name) decoded")
    } catch {
      #expect(error.kind.rawValue == expected.kind, "\(error)")
      #expect(error.offset == expected.offset, "\(error)")
      #expect(error.message.contains("0x" + String(expected.bits, radix: 16)), "\(error)")
    }
  }

  @Test("the format article's example refusal is the reader's own words")
  func articleExample() throws {
    let data = try Fixture.data("\(Self.folder)/refused-two-unknown-per-point.pkdrawing")
    do {
      _ = try PKDrawing(data: data)
      Issue.record("decoded")
    } catch {
      #expect(
        error.description
          == "unsupportedVersion at byte 107: the per-point mask names channels 0x1800 that this "
          + "implementation does not know, and with 2 of them the bytes cannot tell each one's size"
      )
    }
  }

  @Test("each real iPad drawing decodes to the script's values", arguments: real + [heldOut])
  func realDrawings(name: String) throws {
    let drawing = try PKDrawing(data: Self.realDrawing(name))
    let expected = try Self.expectation("real/\(name)")
    #expect(expected.source == "real")
    try Self.expectMatches(drawing, expected)
  }

  @Test(
    "a real drawing written again in its own layout reads back unchanged",
    arguments: real + [heldOut])
  func realDrawingsRewritten(name: String) throws {
    let drawing = try PKDrawing(data: Self.realDrawing(name))
    let expected = try Self.expectation("real/\(name)")
    let layout = try #require(PencilKitBinaryLayout(rawValue: expected.layout))
    let again = try PKDrawing(data: drawing.dataRepresentation(layout: layout))
    #expect(again == drawing)
    #expect(again == drawing.quantized(for: layout))
  }

  @Test("the real drawings cover the nine- and ten-channel layouts and five splits")
  func realCoverage() throws {
    var layouts: Set<String> = []
    var splits: Set<[Int]> = []
    for name in Self.real + [Self.heldOut] {
      let expected = try Self.expectation("real/\(name)")
      layouts.insert(expected.layout)
      for stroke in expected.strokes ?? [] where stroke.count > 0 {
        splits.insert([stroke.perPointMask, stroke.constantMask])
      }
    }
    #expect(layouts == ["nineChannel", "tenChannel"])
    #expect(
      splits == [[0xE7, 0x118], [0x7, 0x1F8], [0x3, 0x3FC], [0x7, 0x3F8], [0x103, 0x2FC]])
  }
}
