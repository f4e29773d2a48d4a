import DuctusTestSupport
import Foundation
import OpenPencilKit
import Testing

@testable import InkFormats

@Suite("SVC2004 signatures")
struct SVC2004ReaderTests {
  static func read(_ text: String, name: String = "U3S25.TXT") throws -> CorpusRecord {
    try SVC2004Reader.record(from: Data(text.utf8), name: name)
  }

  @Test func buttonZeroRowsStartStrokesAndValuesAreMapped() throws {
    let record = try Self.read(
      """
      5
      2933 5678 31275775 0 1550 710 439
      2933 5679 31275785 1 1480 770 420
      3001 5851 31275795 1 1350 900 1023
      3224 4399 31276045 0 1320 580 0
      3334 4336 31276055 1 0 0 512

      """)
    #expect(record.label == "U3")
    #expect(record.metadata == ["user": "3", "signature": "25", "authenticity": "forgery"])
    let strokes = record.drawing.strokes
    #expect(strokes.map(\.path.count) == [3, 2])
    let first = strokes[0].path[0]
    #expect(first.location == CGPoint(x: 2933, y: -5678))
    #expect(abs(first.azimuth - 155 * .pi / 180) < 1e-12)
    #expect(abs(first.altitude - 71 * .pi / 180) < 1e-12)
    #expect(abs(first.force - 439.0 / 1023) < 1e-12)
    #expect(strokes[0].path[2].altitude == .pi / 2)
    #expect(strokes[0].path[2].force == 1)
    #expect(strokes[0].path.map { ($0.timeOffset * 1000).rounded() } == [0, 10, 20])
    #expect(strokes[1].path.creationDate.timeIntervalSinceReferenceDate == 0.270)
    #expect(strokes[1].path.map { ($0.timeOffset * 1000).rounded() } == [0, 10])
  }

  @Test func repeatedAndBackwardTimestampsAreCorrected() throws {
    // The pattern of U11S18 (900 then 891) and of U10S11 (1682 twice).
    let record = try Self.read(
      """
      6
      0 0 880 0 0 0 1
      1 0 890 1 0 0 1
      2 0 900 1 0 0 1
      3 0 891 1 0 0 1
      4 0 901 1 0 0 1
      5 0 901 1 0 0 1
      """, name: "U11S2.TXT")
    #expect(record.metadata["authenticity"] == "genuine")
    #expect(record.metadata["timeCorrections"] == "2")
    let times = record.drawing.strokes[0].path.map { ($0.timeOffset * 1000).rounded() }
    #expect(times == [0, 10, 20, 30, 40, 50])
  }

  @Test func taskOneFilesHaveFourColumns() throws {
    let record = try Self.read("2\n1 2 100 0\n3 4 110 1\n", name: "other.txt")
    #expect(record.label == nil)
    #expect(record.metadata.isEmpty)
    #expect(
      record.drawing.strokes[0].path.map(\.location) == [
        CGPoint(x: 1, y: -2), CGPoint(x: 3, y: -4),
      ])
  }

  @Test(
    arguments: [
      ("", "U1S1.TXT", InkFormatError.Kind.truncated, nil),
      ("x\n1 2 3 0\n", "U1S1.TXT", .malformed, "line 1"),
      ("0\n", "U1S1.TXT", .malformed, "line 1"),
      ("1e300\n1 2 3 0\n", "U1S1.TXT", .malformed, "line 1"),
      ("3\n1 2 3 0\n1 2 4 1\n", "U1S1.TXT", .truncated, "line 3"),
      ("1\n1 2 3 0\n1 2 4 1\n", "U1S1.TXT", .malformed, "line 3"),
      ("2\n1 2 3 0\n1 2 4 1 5\n", "U1S1.TXT", .malformed, "line 3"),
      ("2\n1 2 3 0\n1 2 4 1 0 0 0\n", "U1S1.TXT", .malformed, "line 3"),
      ("2\n1 2 3 0\n1 2 4 2\n", "U1S1.TXT", .invalidValue, "line 3"),
      ("2\n1 2 3 0\n1 2-4 1\n", "U1S1.TXT", .malformed, "line 3"),
      ("2\n1 2 3 0\n1 nan 4 1\n", "U1S1.TXT", .malformed, "line 3"),
    ] as [(String, String, InkFormatError.Kind, String?)])
  func malformedFilesNameTheLine(
    text: String, name: String, kind: InkFormatError.Kind, line: String?
  ) {
    #expect {
      try Self.read(text, name: name)
    } throws: { error in
      guard let error = error as? InkFormatError else { return false }
      return error.kind == kind && error.file == name && error.record == line
    }
  }

  @Test(
    "all 800 files of the Task 2 set read",
    .enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.skipMessage)))
  func readsTheWholeDataSet() throws {
    var reader = try SVC2004Reader(url: SharedData.url("datasets/svc2004-task2-dev"))
    var files = 0
    var genuine = 0
    var strokes = 0
    var points = 0
    var corrections = 0
    var users: Set<String> = []
    var maxForce = 0.0
    var maxAltitude = 0.0
    while let record = try reader.next() {
      files += 1
      users.insert(record.label ?? "")
      if record.metadata["authenticity"] == "genuine" { genuine += 1 }
      corrections += Int(record.metadata["timeCorrections"] ?? "0")!
      strokes += record.drawing.strokes.count
      for stroke in record.drawing.strokes {
        points += stroke.path.count
        let times = stroke.path.map(\.timeOffset)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        maxForce = max(maxForce, stroke.path.map(\.force).max()!)
        maxAltitude = max(maxAltitude, stroke.path.map(\.altitude).max()!)
      }
    }
    #expect(files == 800)
    #expect(genuine == 400)
    #expect(users.count == 20)
    #expect(points == 170_082 + 4_511)
    #expect(strokes == 4_511)
    #expect(corrections == 313)
    #expect(maxForce == 1)
    #expect(abs(maxAltitude - .pi / 2) < 1e-12)
  }
}
