import DuctusTestSupport
import Foundation
import OpenPencilKit
import Testing

@testable import InkFormats

@Suite struct JSONScannerTests {
  func scan<T>(_ text: String, _ body: (inout JSONScanner) throws -> T) throws -> T {
    try Array(text.utf8).withUnsafeBytes { bytes in
      var scanner = JSONScanner(bytes)
      return try body(&scanner)
    }
  }

  @Test func stringsWithEscapes() throws {
    let text = #""a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00 \u0041""#
    #expect(try scan(text) { try $0.readString() } == "a\"b\\c/d\u{8}\u{C}\n\r\té😀 A")
    #expect(try scan(#""plain""#) { try $0.readString() } == "plain")
  }

  @Test func badStringsAreErrorsWithOffsets() {
    for (text, offset) in [
      (#""a\x""#, 3), ("\"a\u{1}\"", 2), (#""\ud800\u0041""#, 13), ("\"abc", 4),
    ] {
      #expect {
        _ = try scan(text) { try $0.readString() }
      } throws: { ($0 as? InkFormatError)?.offset == offset }
    }
  }

  @Test func skipsAnyValueAndLimitsNesting() throws {
    let text = #"{"a":[1,{"b":null,"c":[true,false,"x"]}],"d":-2.5e3} 7"#
    #expect(
      try scan(text) {
        try $0.skipValue()
        return try $0.readNumber()
      } == 7)
    let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    #expect {
      _ = try scan(deep) { try $0.skipValue() }
    } throws: { ($0 as? InkFormatError)?.message == "values nested too deeply" }
  }

  @Test func leadingMembersOfATruncatedHead() {
    let members = JSONScanner.leadingMembers(
      of: Array(#"{"format":"ductus-drawing","version":1,"strokes":[{"ink":"pe"#.utf8))
    #expect(members["format"] == .some("ductus-drawing"))
    #expect(members["version"] == .some(nil))
    #expect(members["strokes"] == .some(nil))
    #expect(members.count == 3)
    #expect(JSONScanner.leadingMembers(of: Array("[1,2]".utf8)).isEmpty)
  }

  /// Every proper prefix of a document is an error, never a crash or a drawing.
  @Test func everyTruncationIsAnError() throws {
    var drawing = InkSamples.randomDrawing(strokeCount: 2, seed: 11)
    for index in drawing.strokes.indices {
      drawing.strokes[index].path = PKStrokePath(
        controlPoints: drawing.strokes[index].path.prefix(3),
        creationDate: drawing.strokes[index].path.creationDate)
    }
    let bytes = [UInt8](DuctusJSONWriter(breaksLinesBetweenStrokes: false).data(for: drawing))
    let end = bytes.count - 1  // the final line feed
    for length in 0..<end {
      #expect(throws: InkFormatError.self) {
        _ = try DuctusJSONReader().drawing(from: Data(bytes[0..<length]))
      }
    }
    #expect(try DuctusJSONReader().drawing(from: Data(bytes[0..<end])) == drawing)
  }

  /// Random byte flips give an error or a drawing, never a crash or a hang.
  @Test func randomCorruptionNeverCrashes() {
    let drawing = InkSamples.randomDrawing(strokeCount: 4, seed: 12)
    let original = [UInt8](DuctusJSONWriter().data(for: drawing))
    var generator = SplitMix64(seed: 13)
    var errors = 0
    for _ in 0..<2000 {
      var bytes = original
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
          in: 0...255, using: &generator)
      }
      do {
        _ = try DuctusJSONReader().drawing(from: Data(bytes))
      } catch {
        errors += 1
      }
    }
    #expect(errors > 1000)
  }
}
