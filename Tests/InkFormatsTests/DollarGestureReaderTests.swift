import DuctusTestSupport
import Foundation
import OpenPencilKit
import Testing

@testable import InkFormats

@Suite("$1 gesture XML")
struct DollarGestureReaderTests {
  static let bom = "\u{FEFF}"

  static func gesture(_ body: String, name: String = "check02") -> String {
    bom + """
      <?xml version="1.0" encoding="utf-8" standalone="yes"?>
      <Gesture Name="\(name)" Subject="11" Speed="slow" Number="2" NumPts="3" \
      Date="Thursday, March 15, 2007" TimeOfDay="12:10:08 PM">
      \(body)
      </Gesture>
      """
  }

  @Test func readsPointsWithRelativeTimes() throws {
    let xml = Self.gesture(
      """
        <Point X="95" Y="202" T="268257274" />
        <Point X="98" Y="204" T="268257290" />
        <Point X="100" Y="205" T="268257298" />
      """)
    let record = try DollarGestureReader.record(from: Data(xml.utf8), name: "s11/slow/check02.xml")
    #expect(record.key == "s11/slow/check02.xml")
    #expect(record.label == "check")
    #expect(record.metadata["subject"] == "11")
    #expect(record.metadata["speed"] == "slow")
    #expect(record.metadata["number"] == "2")
    #expect(record.metadata["date"] == "Thursday, March 15, 2007 12:10:08 PM")
    #expect(record.metadata["timeCorrections"] == nil)
    #expect(record.drawing.strokes.count == 1)
    let points = Array(record.drawing.strokes[0].path)
    #expect(
      points.map(\.location) == [
        CGPoint(x: 95, y: 202), CGPoint(x: 98, y: 204), CGPoint(x: 100, y: 205),
      ])
    #expect(points.map(\.timeOffset) == [0, 0.016, 0.024])
  }

  @Test func gestureClassDropsOnlyTheTrailingNumber() {
    #expect(DollarGestureReader.gestureClass("left_sq_bracket10") == "left_sq_bracket")
    #expect(DollarGestureReader.gestureClass("v01") == "v")
    #expect(DollarGestureReader.gestureClass("x") == "x")
    #expect(DollarGestureReader.gestureClass("42") == "42")
  }

  @Test func backwardTimesAreMadeIncreasing() throws {
    let xml = Self.gesture(
      """
        <Point X="0" Y="0" T="1000" />
        <Point X="1" Y="0" T="1010" />
        <Point X="2" Y="0" T="1001" />
        <Point X="3" Y="0" T="1011" />
      """)
    let record = try DollarGestureReader.record(from: Data(xml.utf8), name: "g.xml")
    let times = record.drawing.strokes[0].path.map(\.timeOffset)
    #expect(times == [0, 0.010, 0.020, 0.030])
    #expect(record.metadata["timeCorrections"] == "1")
  }

  @Test func badCoordinateNamesFileAndLine() {
    let xml = Self.gesture(
      """
        <Point X="0" Y="0" T="1000" />
        <Point X="nan" Y="0" T="1010" />
      """)
    #expect {
      try DollarGestureReader.record(from: Data(xml.utf8), name: "bad.xml")
    } throws: { error in
      guard let error = error as? InkFormatError else { return false }
      return error.kind == .invalidValue && error.file == "bad.xml" && error.record == "line 4"
    }
  }

  @Test func brokenXMLAndEmptyGesturesAreErrors() {
    for (xml, kind) in [
      (
        String(Self.gesture("<Point X=\"1\" Y=\"2\" T=\"3\" />").dropLast(5)),
        InkFormatError.Kind.malformed
      ),
      (Self.gesture(""), .malformed),
      (Self.bom + "<Other/>", .malformed),
      ("", .malformed),
    ] {
      #expect {
        try DollarGestureReader.record(from: Data(xml.utf8), name: "x.xml")
      } throws: { error in
        (error as? InkFormatError)?.kind == kind && (error as? InkFormatError)?.file == "x.xml"
      }
    }
  }

  @Test(
    "all 5,280 logs of the study read",
    .enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.skipMessage)))
  func readsTheWholeDataSet() throws {
    var reader = try DollarGestureReader(url: SharedData.url("datasets/dollar-unistroke"))
    var perClass: [String: Int] = [:]
    var perSpeed: [String: Int] = [:]
    var subjects: Set<String> = []
    var points = 0
    while let record = try reader.next() {
      perClass[record.label ?? "", default: 0] += 1
      perSpeed[record.metadata["speed"] ?? "", default: 0] += 1
      subjects.insert(record.metadata["subject"] ?? "")
      #expect(record.drawing.strokes.count == 1)
      let times = record.drawing.strokes[0].path.map(\.timeOffset)
      #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
      points += times.count
    }
    #expect(perClass.count == 16)
    #expect(perClass.values.allSatisfy { $0 == 330 })
    #expect(perSpeed == ["fast": 1760, "medium": 1760, "slow": 1760])
    #expect(subjects.count == 11)
    #expect(points == 362_319 + 5_280)
  }
}
