import DuctusTestSupport
import Foundation
import OpenPencilKit
import Testing

@testable import InkFormats

@Suite("UNIPEN")
struct UnipenReaderTests {
  /// A fresh folder holding the given files (relative path → text).
  static func folder(_ files: [String: String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("unipen-\(UUID().uuidString)")
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return root
  }

  static func errorIs(
    _ kind: InkFormatError.Kind, file: String, record: String?
  ) -> (any Error) -> Bool {
    { error in
      guard let error = error as? InkFormatError else { return false }
      return error.kind == kind && error.file == file && error.record == record
    }
  }

  static let document = """
    .VERSION 1.0
    .COMMENT a comment
             that runs on
    .HIERARCHY TEXT CHARACTER
    .COORD X Y
    .Y_DIM 100
    .X_POINTS_PER_INCH 200
    .POINTS_PER_SECOND 50
    .WRITER_ID w1
    .STYLE PRINTED
    .PEN_DOWN
    10 90
    11 89
    12 88
    .PEN_UP
    13 87
    .DT 100
    .PEN_DOWN
    20 80
    21 79
    .PEN_UP
    .PEN_DOWN
    30 70
    .PEN_UP

    """

  @Test func segmentsBecomeLabelledRecordsWithFlippedYAndTimes() throws {
    let root = try Self.folder([
      "one.dat": Self.document + """
        .SEGMENT CHARACTER 0 ? "a"
        .SEGMENT CHARACTER 2-3 GOOD "b c"
        .SEGMENT WORD 0:1-2:0,3 ? "ab"

        """
    ])
    let records = try UnipenReader.records(contentsOf: root.appendingPathComponent("one.dat"))
    #expect(records.map(\.key) == ["one.dat#0", "one.dat#1", "one.dat#2"])
    #expect(records.map(\.label) == ["a", "b c", "ab"])
    #expect(records[1].metadata["quality"] == "GOOD")
    #expect(records[2].metadata["level"] == "WORD")
    #expect(records[2].metadata["delineation"] == "0:1-2:0,3")
    // Component 1 is the pen-up sample (13, 87) after three samples at 50 a second: in-air,
    // not ink, and only in the segment that spans it.
    #expect(records[2].metadata[UnipenReader.inAirMetadataKey] == "13.0 13.0 0.06")
    #expect(records[0].metadata[UnipenReader.inAirMetadataKey] == nil)
    #expect(records[1].metadata[UnipenReader.inAirMetadataKey] == nil)
    #expect(records[0].metadata["writer"] == "w1")
    #expect(records[0].metadata["style"] == "PRINTED")
    #expect(records[0].metadata["xPointsPerInch"] == "200")
    #expect(records[0].metadata["samplingRate"] == "50")

    let a = records[0].drawing.strokes
    #expect(a.count == 1)
    #expect(
      a[0].path.map(\.location) == [
        CGPoint(x: 10, y: 10), CGPoint(x: 11, y: 11), CGPoint(x: 12, y: 12),
      ])
    #expect(a[0].path.map(\.timeOffset) == [0, 0.02, 0.04])

    let b = records[1].drawing.strokes
    #expect(b.map(\.path.count) == [2, 1])
    // Three pen-down and one pen-up sample, then a 100 ms pause: 4 / 50 + 0.1 s.
    #expect(abs(b[0].path.creationDate.timeIntervalSinceReferenceDate - 0.18) < 1e-12)
    #expect(abs(b[1].path.creationDate.timeIntervalSinceReferenceDate - 0.22) < 1e-12)

    let ab = records[2].drawing.strokes
    #expect(
      ab.map { $0.path.map(\.location) } == [
        [CGPoint(x: 11, y: 11), CGPoint(x: 12, y: 12)], [CGPoint(x: 20, y: 20)],
        [CGPoint(x: 30, y: 30)],
      ])
    #expect(abs(ab[0].path.creationDate.timeIntervalSinceReferenceDate - 0.02) < 1e-12)
  }

  @Test func includesAreFoundInIncludeFoldersAndFilesWithoutSegmentsAreOneRecord() throws {
    let root = try Self.folder([
      "include/w/w.doc": ".X_DIM 1000\n",
      "include/w/data/d.dat": ".PEN_DOWN\n1 2\n3 4\n.PEN_UP\n.PEN_DOWN\n5 6\n.PEN_UP\n",
      "data/1a/w/s.dat": """
      .INCLUDE w/w.doc
      .INCLUDE w/data/d.dat
      .SEGMENT CHARACTER 1 ? "x"

      """,
      "data/1a/w/notes.txt": "not UNIPEN at all",
    ])
    var reader = try UnipenReader(url: root)
    let record = try #require(try reader.next())
    #expect(record.key == "data/1a/w/s.dat#0")
    #expect(record.label == "x")
    #expect(record.metadata["samplingRate"] == "assumed")
    #expect(record.drawing.strokes.map { $0.path.map(\.location) } == [[CGPoint(x: 5, y: -6)]])
    // Two earlier samples at the assumed 100 a second.
    #expect(record.drawing.strokes[0].path.creationDate.timeIntervalSinceReferenceDate == 0.02)
    #expect(try reader.next() == nil)

    let whole = try UnipenReader.records(
      contentsOf: root.appendingPathComponent("include/w/data/d.dat"))
    #expect(whole.count == 1)
    #expect(whole[0].key == "d.dat")
    #expect(whole[0].label == nil)
    #expect(whole[0].drawing.strokes.map(\.path.count) == [2, 1])
  }

  /// A path that climbs with `..` (as `<repository>/../shared/…` does) once made the search
  /// for `.INCLUDE`s climb for ever.
  @Test func includesAreFoundThroughPathsWithDotDot() throws {
    let root = try Self.folder([
      "include/w/w.doc": ".X_DIM 1000\n",
      "data/1a/w/s.dat": """
      .INCLUDE w/w.doc
      .PEN_DOWN
      1 2
      .PEN_UP
      .SEGMENT CHARACTER 0 ? "x"

      """,
      "data/1a/w/t.dat": ".INCLUDE w/absent.doc\n",
    ])
    let detour = root.appendingPathComponent("data/1a/../1a/w/./")
    let records = try UnipenReader.records(contentsOf: detour.appendingPathComponent("s.dat"))
    #expect(records.map(\.label) == ["x"])
    #expect(throws: InkFormatError.self) {
      try UnipenReader.records(contentsOf: detour.appendingPathComponent("t.dat"))
    }
  }

  @Test func enclosingFoldersResolveDotDotAndStopBelowTheRoot() {
    let folders = URL(fileURLWithPath: "/a/b/../c/./d.dat").enclosingFolders
    #expect(folders.map(\.path) == ["/a/c", "/a"])
    #expect(URL(fileURLWithPath: "/d.dat").enclosingFolders.isEmpty)
    #expect(URL(fileURLWithPath: "/../../d.dat").enclosingFolders.isEmpty)
  }

  /// Found by `ductus inspect` of fuzzed UNIPEN files: a segment whose argument runs on over
  /// the point lines after it was quoted whole, making an error of several lines.
  @Test func aSegmentThatCannotBeReadIsQuotedOnOneLine() throws {
    let root = try Self.folder([
      "a.dat": ".PEN_DOWN\n1 2\n.PEN_UP\n.SEGMENT WORD 3:1-0 ? \"\n\t378\t283\n\t378\t283\n"
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    var corpus = try InkFileFormat.openCorpus(
      at: root.appendingPathComponent("a.dat"), as: .unipen)
    do {
      _ = try corpus.next()
      Issue.record("a broken segment was read")
    } catch let error as InkFormatError {
      #expect(error.message == "cannot read the segment \" WORD 3:1-0 ? \"\"")
      #expect(error.file == root.appendingPathComponent("a.dat").path)
      #expect(!error.description.contains("\n"))
    }
  }

  @Test func errorsNameTheFileAndLineAndTheReaderMovesOn() throws {
    let root = try Self.folder([
      "a.dat": ".PEN_DOWN\n1 2\n3 x\n.PEN_UP\n",
      "b.dat":
        ".PEN_DOWN\n1 2\n.PEN_UP\n.SEGMENT CHARACTER 4 ? \"q\"\n.SEGMENT CHARACTER 0 ? \"p\"\n",
      "c.dat": ".INCLUDE nowhere.dat\n",
      "d.dat": ".INCLUDE d.dat\n",
      "e.dat": ".SEGMENT CHARACTER 2-1 ? \"z\"\n",
      "f.dat": "stray text\n.PEN_DOWN\n",
      "g.dat": ".PEN_DOWN\n0:5-0:9\n",
      "h.dat": ".PEN_DOWN\n1 2\n.SEGMENT CHARACTER 0:0-0:3 ? \"r\"\n",
    ])
    var reader = try UnipenReader(url: root)
    #expect(
      performing: { try reader.next() },
      throws: Self.errorIs(.malformed, file: "a.dat", record: "line 3"))
    #expect(
      performing: { try reader.next() },
      throws: Self.errorIs(.invalidValue, file: "b.dat", record: "line 4"))
    #expect(try reader.next()?.label == "p")
    #expect(
      performing: { try reader.next() },
      throws: Self.errorIs(.malformed, file: "c.dat", record: "line 1"))
    #expect(
      performing: { try reader.next() },
      throws: Self.errorIs(.malformed, file: "d.dat", record: "line 1"))
    #expect(
      performing: { try reader.next() },
      throws: Self.errorIs(.malformed, file: "e.dat", record: "line 1"))
    #expect(
      performing: { try reader.next() },
      throws: Self.errorIs(.malformed, file: "f.dat", record: "line 1"))
    #expect(
      performing: { try reader.next() },
      throws: Self.errorIs(.malformed, file: "g.dat", record: "line 2"))
    #expect(
      performing: { try reader.next() },
      throws: Self.errorIs(.invalidValue, file: "h.dat", record: "line 3"))
    #expect(try reader.next() == nil)
  }

  @Test func segmentGrammar() throws {
    let segment = try #require(
      UnipenSegment(arguments: " CHARACTER 3:10-4:25,7 ? \"\\\"\"", line: 9))
    #expect(
      segment.spans == [
        .init(firstComponent: 3, firstPoint: 10, lastComponent: 4, lastPoint: 25),
        .init(firstComponent: 7, firstPoint: nil, lastComponent: 7, lastPoint: nil),
      ])
    #expect(segment.label == "\\\"")
    #expect(UnipenSegment(arguments: "WORD 5", line: 1)?.label == nil)
    #expect(UnipenSegment(arguments: "WORD 5", line: 1)?.quality == nil)
    for bad in [
      "", "CHARACTER", "CHARACTER a ? \"x\"", "CHARACTER 1-2-3", "CHARACTER -1", "CHARACTER 1,,2",
    ] {
      #expect(UnipenSegment(arguments: bad, line: 1) == nil)
    }
  }

  static var dataSet: URL { SharedData.url("datasets/unipen-apa") }

  @Test(
    "every segment file of data/1a, 1b, 1c reads",
    .enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.skipMessage)))
  func readsEverySegment() throws {
    var reader = try UnipenReader(url: Self.dataSet)
    var perFolder: [String: Int] = [:]
    var labels: Set<String> = []
    var first: CorpusRecord?
    while let record = try reader.next() {
      first = first ?? record
      perFolder[String(record.key.split(separator: "/")[1]), default: 0] += 1
      labels.insert(record.label ?? "")
      #expect(!record.drawing.strokes.isEmpty)
    }
    #expect(perFolder == ["1a": 692, "1b": 2_236, "1c": 7_414])
    #expect(labels.count == 10 + 26 + 26)

    let nine = try #require(first)
    #expect(nine.key == "data/1a/apa/apa00/app0032.dat#0")
    #expect(nine.label == "9")
    #expect(nine.metadata["writer"] == "ArloReeves")
    #expect(nine.metadata["samplingRate"] == "60")
    let stroke = nine.drawing.strokes[0]
    #expect(nine.drawing.strokes.count == 1)
    #expect(stroke.path.count == 57)
    #expect(stroke.path[0].location == CGPoint(x: 92, y: 500 - 380))
    #expect(stroke.path[56].location == CGPoint(x: 103, y: 500 - 401))
    #expect(abs(stroke.path[56].timeOffset - 56.0 / 60) < 1e-12)
  }

  @Test(
    "every included data file reads on its own",
    .enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.skipMessage)))
  func readsEveryIncludedFile() throws {
    var reader = try UnipenReader(url: Self.dataSet.appendingPathComponent("include/apa/data"))
    var files = 0
    var components = 0
    while let record = try reader.next() {
      files += 1
      components += record.drawing.strokes.count
      #expect(record.label == nil)
    }
    #expect(files == 527)
    #expect(components == 16_631)
  }
}
