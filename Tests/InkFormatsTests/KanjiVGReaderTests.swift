import DuctusTestSupport
import Foundation
import OpenPencilKit
import Testing

@testable import InkFormats

@Suite("KanjiVG")
struct KanjiVGReaderTests {
  static func svg(_ paths: String, element: String? = "二") -> Data {
    let attribute = element.map { " kvg:element=\"\($0)\"" } ?? ""
    return Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="109" height="109" viewBox="0 0 109 109">
      <g id="kvg:StrokePaths_04e8c" style="fill:none;stroke:#000000;stroke-width:3;">
      <g id="kvg:04e8c"\(attribute)>
      \(paths)
      </g>
      </g>
      </svg>
      """.utf8)
  }

  @Test func strokesFollowTheStrokeNumbersAndAreEvenlySpaced() throws {
    // Written out of order on purpose: s2 first.
    let data = Self.svg(
      """
      <path id="kvg:04e8c-s2" kvg:type="㇐" d="M10,80 H30"/>
      <path id="kvg:04e8c-s1" kvg:type="㇐" d="M20,30 h10.4"/>
      """)
    let record = try KanjiVGReader.record(from: data, name: "kanji/04e8c.svg")
    #expect(record.key == "kanji/04e8c.svg")
    #expect(record.label == "二")
    #expect(record.metadata == ["codePoint": "U+4E8C", "strokeTypes": "㇐ ㇐"])
    let strokes = record.drawing.strokes
    #expect(strokes.count == 2)
    // 10.4 units → 10 steps of 1.04 (the nearest whole number of unit steps).
    #expect(strokes[0].path.count == 11)
    #expect(strokes[0].path.first?.location == CGPoint(x: 20, y: 30))
    #expect(strokes[0].path.last?.location == CGPoint(x: 30.4, y: 30))
    #expect(abs(strokes[0].path[1].location.x - 21.04) < 1e-12)
    #expect(strokes[1].path.count == 21)
    #expect(strokes[1].path.first?.location == CGPoint(x: 10, y: 80))
    // The synthetic clock: 100 units a second, the second stroke right after the first.
    #expect(abs(strokes[0].path.last!.timeOffset - 0.104) < 1e-12)
    #expect(abs(strokes[1].path.creationDate.timeIntervalSinceReferenceDate - 0.104) < 1e-12)
  }

  @Test func theFileNameGivesTheLabelWhenTheGroupHasNone() throws {
    let record = try KanjiVGReader.record(
      from: Self.svg(#"<path id="kvg:04e8c-s1" d="M1,1 2,2"/>"#, element: nil), name: "04e8c.svg",
      spacing: 0.5, speed: 10)
    #expect(record.label == "二")
    #expect(record.metadata["strokeTypes"] == nil)
    #expect(record.drawing.strokes[0].path.count == 4)
  }

  @Test func aDotIsAOnePointStroke() throws {
    let record = try KanjiVGReader.record(
      from: Self.svg(#"<path id="kvg:04e8c-s1" d="M5,5"/>"#), name: "04e8c.svg")
    #expect(record.drawing.strokes.map(\.path.count) == [1])
  }

  @Test func badPathDataNamesFileLinePathAndOffset() {
    let data = Self.svg(
      """
      <path id="kvg:04e8c-s1" d="M1,1 2,2"/>
      <path id="kvg:04e8c-s2" d="M1,1 C2"/>
      """)
    #expect {
      try KanjiVGReader.record(from: data, name: "04e8c.svg")
    } throws: { error in
      guard let error = error as? InkFormatError else { return false }
      return error.kind == .malformed && error.file == "04e8c.svg"
        && error.record == "line 6, path kvg:04e8c-s2" && error.offset == 7
    }
  }

  @Test func aDocumentTypeWithDefaultedAttributesIsSkippedAndLinesStayRight() {
    let data = Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.0//EN" "svg10.dtd" [
      <!ATTLIST g
      xmlns:kvg CDATA #FIXED "http://kanjivg.tagaini.net"
      kvg:element CDATA #IMPLIED >
      ]>
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 109 109">
      <g id="kvg:04e00" kvg:element="一">
      <path id="kvg:04e00-s1" d="M1,1 L"/>
      </g>
      </svg>
      """.utf8)
    #expect {
      try KanjiVGReader.record(from: data, name: "04e00.svg")
    } throws: { error in
      (error as? InkFormatError)?.record == "line 9, path kvg:04e00-s1"
    }
  }

  @Test(arguments: ["M0,0 L1e12,0", "M-1e308,0 L1e308,0", "M0,0 C1e300,1e300 -1e300,1e300 0,0"])
  func hugeStrokesAreRefusedNotAllocated(data: String) {
    #expect {
      try KanjiVGReader.record(
        from: Self.svg("<path id=\"kvg:04e8c-s1\" d=\"\(data)\"/>"), name: "big.svg")
    } throws: { error in
      (error as? InkFormatError)?.kind == .invalidValue
        && (error as? InkFormatError)?.record == "line 5, path kvg:04e8c-s1"
    }
  }

  /// Found by `Scripts/fuzz kanjivg` (seed 20261202): a stroke starting at the largest Double
  /// has a short control polygon, but its flattened curve overflows to infinity (and NaN), which
  /// trapped when the resampler counted its steps.
  @Test func aStrokeAtTheLargestDoubleIsRefusedNotATrap() {
    let data = Self.svg(
      #"<path id="kvg:04e8c-s1" d="M1.7976931348623157e308,13.38c0.81,0.81,1.06,1.99,1.06,3.23"/>"#)
    #expect {
      try KanjiVGReader.record(from: data, name: "x.svg")
    } throws: { error in
      guard let error = error as? InkFormatError else { return false }
      return error.kind == .invalidValue && error.record == "line 5, path kvg:04e8c-s1"
        && error.message.hasPrefix("the stroke is inf units long")
    }
  }

  @Test func brokenFilesAreErrors() {
    for (data, record) in [
      (Self.svg(#"<path id="kvg:04e8c-s1"/>"#), Optional("line 5")),
      (Self.svg(""), nil),
      (Data("<svg>\n<g id=".utf8), Optional("line 2")),
    ] {
      #expect {
        try KanjiVGReader.record(from: data, name: "x.svg")
      } throws: { error in
        (error as? InkFormatError)?.file == "x.svg" && (error as? InkFormatError)?.record == record
      }
    }
    #expect(throws: InkFormatError.self) {
      try KanjiVGReader.record(from: Self.svg(""), name: "x.svg", spacing: 0)
    }
  }

  @Test(
    "all 373 files of the sample read",
    .enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.skipMessage)))
  func readsTheWholeSample() throws {
    var reader = try KanjiVGReader(url: SharedData.url("datasets/kanjivg-sample"))
    var files = 0
    var strokes = 0
    var byLabel: [String: CorpusRecord] = [:]
    var longestStep = 0.0
    var steps = 0
    var travelled = 0.0
    while let record = try reader.next() {
      files += 1
      strokes += record.drawing.strokes.count
      byLabel[record.label ?? ""] = record
      for stroke in record.drawing.strokes {
        let locations = stroke.path.map(\.location)
        for (a, b) in zip(locations, locations.dropFirst()) {
          let step = hypot(b.x - a.x, b.y - a.y)
          longestStep = max(longestStep, step)
          travelled += step
          steps += 1
        }
        #expect(locations.allSatisfy { (0...109).contains($0.x) && (0...109).contains($0.y) })
      }
    }
    #expect(files == 373)
    #expect(strokes == 1_259)
    // Length / round(length) steps: never longer than 1.5, and 1 on average.
    #expect(longestStep <= 1.5)
    #expect(abs(travelled / Double(steps) - 1) < 0.01)
    for (character, count) in ["一": 1, "二": 2, "三": 3, "中": 4, "人": 2, "九": 2, "A": 3, "あ": 3] {
      #expect(byLabel[character]?.drawing.strokes.count == count, "\(character)")
    }
    // 一 runs left to right, starting where its path data starts.
    let one = try #require(byLabel["一"]?.drawing.strokes.first)
    #expect(one.path.first?.location == CGPoint(x: 11, y: 54.25))
    #expect(one.path.last!.location.x > 96)
  }
}
