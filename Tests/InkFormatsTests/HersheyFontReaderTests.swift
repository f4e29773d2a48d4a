import DuctusTestSupport
import Foundation
import OpenPencilKit
import Testing

@testable import InkFormats

@Suite("Hershey fonts")
struct HersheyFontReaderTests {
  static var fontsInstalled: Bool {
    FileManager.default.fileExists(
      atPath: HersheyFontReader.systemFontFolder.appendingPathComponent("futural.jhf").path)
  }
  static let noFonts = Comment(
    rawValue: "Debian's hershey-fonts-data is not installed (/usr/share/hershey-fonts): skipping")

  static func read(_ text: String, name: String = "t.jhf") throws -> [CorpusRecord] {
    try HersheyFontReader.records(from: Data(text.utf8), name: name)
  }

  @Test func glyphRecordsDecodeMarginsAndPenUps() throws {
    let glyph = try HersheyGlyph(jhfRecord: Array("  501  9I[RFJ[ RRFZ[ RMTWT".utf8))
    #expect(glyph.number == 501)
    #expect(glyph.leftMargin == -9)
    #expect(glyph.rightMargin == 9)
    #expect(
      glyph.strokes == [
        [SIMD2(0, -12), SIMD2(-8, 9)], [SIMD2(0, -12), SIMD2(8, 9)], [SIMD2(-5, 2), SIMD2(5, 2)],
      ])
  }

  @Test func glyphsBecomeLabelledRecordsOfDensifiedStrokes() throws {
    let records = try Self.read("12345  1JZ\n12345  6MWRFRT RRYQZ\n12345  6JZNFNM RVFVM\n")
    #expect(records.map(\.key) == ["t.jhf#0", "t.jhf#1", "t.jhf#2"])
    #expect(records.map(\.label) == [" ", "!", "\""])
    #expect(records[0].drawing.strokes.isEmpty)
    #expect(records[0].metadata == ["leftMargin": "-8", "rightMargin": "8"])
    let bang = records[1].drawing.strokes
    #expect(bang.count == 2)
    // 14 units straight down, cut at every unit; the corner-free dot stroke keeps its vertices.
    #expect(bang[0].path.map(\.location) == (0...14).map { CGPoint(x: 0, y: -12 + Double($0)) })
    #expect(bang[1].path.first?.location == CGPoint(x: 0, y: 7))
    #expect(bang[1].path.last?.location == CGPoint(x: -1, y: 8))
    #expect(bang[1].path.count == 3)
    #expect(abs(bang[0].path.last!.timeOffset - 0.14) < 1e-12)
    #expect(abs(bang[1].path.creationDate.timeIntervalSinceReferenceDate - 0.14) < 1e-12)
  }

  @Test func aRecordMayContinueOnTheNextLines() throws {
    let records = try Self.read("  501  9I[RFJ[ R\nRFZ[ \nRMTWT\n  502  1JZ\n")
    #expect(records.count == 2)
    #expect(records[0].metadata["glyphNumber"] == "501")
    #expect(records[0].drawing.strokes.count == 3)
  }

  @Test(arguments: [
    ("12345  1JZ\n12345 xx1JZ\n", "line 2, glyph 1", InkFormatError.Kind.malformed),
    ("12345  0\n", "line 1, glyph 0", .malformed),
    ("12345  3JZRF\n", "line 1, glyph 0", .truncated),
    ("12345  2JZRFRR\n", "line 1, glyph 0", .malformed),
    ("12345\n", "line 1, glyph 0", .truncated),
    ("1234a  1JZ\n", "line 1, glyph 0", .malformed),
    ("12345  2JZR\u{7F}\n", "line 1, glyph 0", .malformed),
  ])
  func malformedRecordsNameFileLineAndGlyph(
    text: String, record: String, kind: InkFormatError.Kind
  ) {
    #expect {
      try Self.read(text, name: "bad.jhf")
    } throws: { error in
      guard let error = error as? InkFormatError else { return false }
      return error.kind == kind && error.file == "bad.jhf" && error.record == record
    }
  }

  @Test("futural.jhf and rowmans.jhf read", .enabled(if: fontsInstalled, noFonts))
  func readsRealFonts() throws {
    for font in ["futural.jhf", "rowmans.jhf"] {
      var reader = try HersheyFontReader(
        url: HersheyFontReader.systemFontFolder.appendingPathComponent(font))
      var glyphs: [CorpusRecord] = []
      while let glyph = try reader.next() { glyphs.append(glyph) }
      #expect(glyphs.count == 96)
      let a = glyphs[33]
      #expect(a.label == "A")
      #expect(a.drawing.strokes.count == 3)
      // The left leg is drawn from the apex down to the left.
      #expect(a.drawing.strokes[0].path.first?.location == CGPoint(x: 0, y: -12))
      #expect(a.drawing.strokes[0].path.last?.location == CGPoint(x: -8, y: 9))
      #expect(glyphs[16].label == "0")
      #expect(glyphs[16].drawing.strokes.count == 1)
      #expect(glyphs[0].drawing.strokes.isEmpty)
    }
  }

  @Test("every font of hershey-fonts-data reads", .enabled(if: fontsInstalled, noFonts))
  func readsEveryInstalledFont() throws {
    var reader = try HersheyFontReader(url: HersheyFontReader.systemFontFolder)
    var glyphs = 0
    var strokes = 0
    var fonts: Set<Substring> = []
    while let glyph = try reader.next() {
      glyphs += 1
      strokes += glyph.drawing.strokes.count
      fonts.insert(glyph.key.split(separator: "#")[0])
      for stroke in glyph.drawing.strokes {
        let locations = stroke.path.map(\.location)
        #expect(
          zip(locations, locations.dropFirst()).allSatisfy {
            hypot($1.x - $0.x, $1.y - $0.y) <= 1 + 1e-12
          })
      }
    }
    #expect(fonts.count == 32)
    #expect(glyphs == 3_170)
    #expect(strokes == 14_754)
  }
}
