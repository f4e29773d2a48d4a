import DuctusTestSupport
import Foundation
import OpenPencilKit
import Testing
import _DuctusSupport

@testable import InkFormats

@Suite("Read limits and number ranges")
struct ReadLimitsTests {
  /// A Ductus NDJSON line of one stroke with `count` points, keyed `key`.
  func ndjsonLine(_ key: String, points count: Int, x: String? = nil) -> String {
    let xs = (0..<count).map { x != nil && $0 == count - 1 ? x! : "\($0)" }
    let ys = (0..<count).map { _ in "1" }
    return
      #"{"key":"\#(key)","drawing":{"strokes":[{"points":{"x":[\#(xs.joined(separator: ","))],"y":[\#(ys.joined(separator: ","))]}}]}}"#
  }

  /// Every record of a corpus, with each failure as its description, in order.
  func readAll(_ url: URL, limits: InkReadLimits = .default) throws -> [String] {
    var reader = try InkFileFormat.openCorpus(at: url, limits: limits)
    var outcomes: [String] = []
    while true {
      do {
        guard let record = try reader.next() else { return outcomes }
        outcomes.append("ok \(record.key) \(record.drawing.strokes.map(\.path.count))")
      } catch let error as InkFormatError where error.record != nil {
        outcomes.append(error.description)
      }
    }
  }

  @Test func ndjsonStrokeOverThePointLimitFailsAloneAndTheNextIsRead() throws {
    let folder = try TemporaryFolder()
    let file = try folder.file(
      "a.ndjson",
      [ndjsonLine("a", points: 3), ndjsonLine("b", points: 5), ndjsonLine("c", points: 4)]
        .joined(separator: "\n"))
    let outcomes = try readAll(file, limits: InkReadLimits(maximumStrokePoints: 4))
    #expect(outcomes.count == 3)
    #expect(outcomes[0] == "ok a [3]")
    #expect(outcomes[1].contains("record line 2"))
    #expect(
      outcomes[1].contains("more than 4 points, the limit of points a stroke"), "\(outcomes[1])")
    #expect(outcomes[1].contains("field \"x\" of stroke 0 point 4"))
    #expect(outcomes[2] == "ok c [4]")
  }

  @Test func ndjsonDrawingAndStrokeCountLimits() throws {
    let folder = try TemporaryFolder()
    let stroke = #"{"points":{"x":[1,2],"y":[3,4]}}"#
    let three = #"{"key":"three","drawing":{"strokes":[\#(stroke),\#(stroke),\#(stroke)]}}"#
    let one = #"{"key":"one","drawing":{"strokes":[\#(stroke)]}}"#
    let file = try folder.file("b.ndjson", three + "\n" + one + "\n")
    let strokes = try readAll(file, limits: InkReadLimits(maximumStrokes: 2))
    #expect(strokes[0].contains("record line 1"))
    #expect(strokes[0].contains("more than 2 strokes, the limit of strokes a drawing"))
    #expect(strokes[1] == "ok one [2]")
    let points = try readAll(file, limits: InkReadLimits(maximumDrawingPoints: 5))
    #expect(points[0].contains("more than 5 points, the limit of points a drawing"))
    #expect(points[1] == "ok one [2]")
  }

  @Test func ndjsonLineOverTheRecordBytesIsSkippedToItsEnd() throws {
    let folder = try TemporaryFolder()
    let long = ndjsonLine("long", points: 400)
    let file = try folder.file(
      "c.ndjson",
      [ndjsonLine("a", points: 2), long, ndjsonLine("b", points: 3)].joined(
        separator: "\n"))
    var limits = InkReadLimits(maximumRecordBytes: 600)
    #expect(long.utf8.count > 600)
    let lines = try LineReader(url: file, chunkSize: 64, maximumLineLength: 600)
    #expect(try lines.nextLine()?.number == 1)
    #expect(throws: InkFormatError.self) { try lines.nextLine() }
    #expect(try lines.nextLine()?.number == 3)
    #expect(try lines.nextLine() == nil)
    let outcomes = try readAll(file, limits: limits)
    #expect(outcomes.count == 3)
    #expect(outcomes[0] == "ok a [2]")
    #expect(
      outcomes[1].contains("record line 2")
        && outcomes[1].contains("longer than 600 bytes, the limit of bytes a record"),
      "\(outcomes[1])")
    #expect(outcomes[2] == "ok b [3]")
    limits.maximumRecordBytes = 1 << 20
    #expect(try readAll(file, limits: limits)[1] == "ok long [400]")
    _ = lines
  }

  @Test(arguments: [
    ("1e999", "1e999 is out of range"), ("-1e999", "-1e999 is out of range"),
    (String(repeating: "9", count: 400), "(a number of 400 characters) is out of range"),
    ("\"NaN\"", "expected a number, not a string"),
    ("\"Infinity\"", "expected a number, not a string"),
  ])
  func ndjsonNumberOutOfRangeNamesTheField(literal: String, message: String) throws {
    let folder = try TemporaryFolder()
    let file = try folder.file(
      "d.ndjson", ndjsonLine("bad", points: 3, x: literal) + "\n" + ndjsonLine("good", points: 2))
    let outcomes = try readAll(file)
    #expect(outcomes.count == 2)
    #expect(outcomes[0].contains("record line 1"))
    #expect(outcomes[0].contains("field \"x\" of stroke 0 point 2: "), "\(outcomes[0])")
    #expect(outcomes[0].contains(message), "\(outcomes[0])")
    #expect(outcomes[1] == "ok good [2]")
  }

  @Test func ductusJSONFileNamesTheFieldAndTheStroke() throws {
    let folder = try TemporaryFolder()
    let file = try folder.file(
      "e.json",
      #"{"format":"ductus-drawing","version":1,"strokes":[{"points":{"x":[1],"y":[2]}},"#
        + #"{"points":{"x":[1,2],"y":[2,3],"force":[0.5,1e400]}}]}"#)
    let error = #expect(throws: InkFormatError.self) { try InkFileFormat.readDrawing(at: file) }
    #expect(error?.message == "field \"force\" of stroke 1 point 1: 1e400 is out of range")
    #expect(error?.kind == .invalidValue)
    let negative = try folder.file(
      "f.json",
      #"{"format":"ductus-drawing","version":1,"strokes":[{"points":{"x":[1],"y":[2],"#
        + #""force":[-1]}}]}"#)
    let range = #expect(throws: InkFormatError.self) {
      try InkFileFormat.readDrawing(at: negative)
    }
    #expect(
      range?.message.hasPrefix("field \"force\" of stroke 0 point 0: -1.0 is out of range") == true)
    #expect(range?.record == "f")
  }

  @Test func singleDrawingFileOverTheRecordBytesIsRefusedBeforeReading() throws {
    let folder = try TemporaryFolder()
    let file = try folder.file(
      "big.json",
      #"{"format":"ductus-drawing","version":1,"strokes":[{"points":{"x":[1,2,3],"y":[2,3,4]}}]}"#)
    let error = #expect(throws: InkFormatError.self) {
      try InkFileFormat.readDrawing(at: file, limits: InkReadLimits(maximumRecordBytes: 40))
    }
    #expect(error?.record == "big")
    #expect(error?.message.contains("more than 40, the limit of bytes a record") == true)
  }

  @Test func quickDrawLimitsAndRanges() throws {
    let folder = try TemporaryFolder()
    let good = #"{"key_id":"1","word":"cat","drawing":[[[1,2],[3,4]]]}"#
    let bad = #"{"key_id":"2","word":"cat","drawing":[[[1,2],[3,1e999]]]}"#
    let many = #"{"key_id":"3","word":"cat","drawing":[[[1],[3]],[[1],[3]],[[1],[3]]]}"#
    let file = try folder.file("q.ndjson", [good, bad, many, good].joined(separator: "\n"))
    let outcomes = try readAll(file, limits: InkReadLimits(maximumStrokes: 2))
    #expect(outcomes.count == 4)
    #expect(outcomes[0] == "ok 1 [2]")
    #expect(outcomes[1].contains("field \"y\" of stroke 0 point 1: 1e999 is out of range"))
    #expect(outcomes[2].contains("record line 3") && outcomes[2].contains("more than 2 strokes"))
    #expect(outcomes[3] == "ok 1 [2]")
  }

  /// A drawing of one pen stroke with points at x = 1234.5, 2, 3, … (`count` points).
  func drawing(points count: Int) -> PKDrawing {
    var points: [PKStrokePoint] = []
    for index in 0..<count {
      let x: Double = index == 0 ? 1234.5 : Double(index + 1)
      let time: Double = Double(index) / 100
      points.append(
        PKStrokePoint(
          location: CGPoint(x: x, y: 7), timeOffset: time, size: CGSize(width: 2, height: 2),
          opacity: 1, force: 1, azimuth: 0, altitude: .pi / 2))
    }
    let path = PKStrokePath(controlPoints: points, creationDate: Date(timeIntervalSince1970: 0))
    return PKDrawing(strokes: [PKStroke(ink: PKInk(.pen, color: .black), path: path)])
  }

  @Test func pencilKitCountsAreCheckedBeforeDecoding() throws {
    let data = drawing(points: 50).dataRepresentation()
    let error = #expect(throws: PencilKitBinaryError.self) {
      try PKDrawing(
        data: data, maximumStrokes: 10, maximumStrokePoints: 49, maximumDrawingPoints: 100)
    }
    #expect(error?.kind == .invalidValue)
    #expect(error?.description.contains("50 points, more than 49") == true)
    let strokes = #expect(throws: PencilKitBinaryError.self) {
      try PKDrawing(
        data: data, maximumStrokes: 0, maximumStrokePoints: 100, maximumDrawingPoints: 100)
    }
    #expect(strokes?.description.contains("more than 0 strokes") == true)
    #expect(
      try PKDrawing(
        data: data, maximumStrokes: 1, maximumStrokePoints: 50, maximumDrawingPoints: 50
      ).strokes[0].path.count == 50)
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("fifty.pkdrawing")
    try data.write(to: file)
    let registry = #expect(throws: InkFormatError.self) {
      try InkFileFormat.readDrawing(at: file, limits: InkReadLimits(maximumStrokePoints: 10))
    }
    #expect(registry?.message.contains("the limit of points a stroke") == true)
    #expect(registry?.file == file.path)
  }

  @Test func pencilKitBlobWithANaNCoordinateIsRefusedNamingTheField() throws {
    var bytes = [UInt8](drawing(points: 5).dataRepresentation())
    let pattern = withUnsafeBytes(of: Float(1234.5).bitPattern.littleEndian, Array.init)
    let at = try #require(
      (0...(bytes.count - 4)).first { Array(bytes[$0..<$0 + 4]) == pattern })
    bytes[at + 2] = 0xC0  // two bytes: 0x7FC0_0000 is a quiet NaN
    bytes[at + 3] = 0x7F
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("nan.pkdrawing")
    try Data(bytes).write(to: file)
    let error = #expect(throws: InkFormatError.self) { try InkFileFormat.readDrawing(at: file) }
    #expect(
      error?.message.hasPrefix("field \"x\" of stroke 0 point 0: nan is out of range") == true,
      "\(String(describing: error))")
    #expect(error?.record == "nan")
  }

  @Test func writersRefuseNumbersOutOfRange() throws {
    var broken = drawing(points: 3)
    var points = broken.strokes[0].path.controlPoints
    points[1].force = .nan
    broken.strokes[0].path = PKStrokePath(
      controlPoints: points, creationDate: broken.strokes[0].path.creationDate)
    let folder = try TemporaryFolder()
    for format in [InkFileFormat.ductusJSON, .ductusNDJSON, .inkML, .pencilKit] {
      let file = folder.url.appendingPathComponent("out.\(format.fileExtensions[0])")
      let error = #expect(throws: InkFormatError.self) { try format.write(broken, to: file) }
      #expect(error?.message.hasPrefix("field \"force\" of stroke 0 point 1: nan") == true)
      #expect(!FileManager.default.fileExists(atPath: file.path))
    }
  }

  @Test func textFormatsRefuseOverflowingNumbers() throws {
    let folder = try TemporaryFolder()
    let svc = try folder.file("U1S1.TXT", "2\n100 200 0 1 0 0 0\n1e999 201 10 1 0 0 0\n")
    let svcError = #expect(throws: InkFormatError.self) { try InkFileFormat.readDrawing(at: svc) }
    #expect(svcError?.description.contains("line 3") == true)
    let inkml = try folder.file(
      "a.inkml",
      #"<ink xmlns="http://www.w3.org/2003/InkML"><trace>10 20, 1e999 30</trace></ink>"#)
    let inkError = #expect(throws: InkFormatError.self) {
      try InkFileFormat.readDrawing(at: inkml)
    }
    #expect(inkError?.message.contains("field \"x\" of stroke 0 point 1") == true, "\(inkError!)")
    let dollar = try folder.file(
      "g.xml",
      #"<Gesture Name="x" NumPts="2"><Point X="1" Y="2" T="0"/><Point X="1e999" Y="2" T="1"/></Gesture>"#
    )
    #expect(throws: InkFormatError.self) { try InkFileFormat.readDrawing(at: dollar) }
    let svg = try folder.file(
      "04e00.svg",
      #"<svg xmlns="http://www.w3.org/2000/svg"><g id="kvg:04e00"><path id="kvg:04e00-s1" d="M 1,2 L 1e999,3"/></g></svg>"#
    )
    let svgError = #expect(throws: InkFormatError.self) { try InkFileFormat.readDrawing(at: svg) }
    #expect(svgError?.message.contains("is out of range") == true, "\(svgError!)")
  }

  @Test func otherReadersAreCheckedAgainstThePointLimit() throws {
    let folder = try TemporaryFolder()
    let svc = try folder.file("U1S2.TXT", "3\n100 200 0 1\n101 201 10 1\n102 202 20 1\n")
    let error = #expect(throws: InkFormatError.self) {
      try InkFileFormat.readDrawing(at: svc, limits: InkReadLimits(maximumStrokePoints: 2))
    }
    #expect(error?.message == "stroke 0 has more than 2 points, the limit of points a stroke")
    #expect(error?.record == "U1S2")
    let unipen = try folder.file(
      "u.dat",
      """
      .VERSION 1.0
      .COORD X Y
      .SEGMENT CHARACTER 0 ? "a"
      .PEN_DOWN
      1 2
      3 4
      5 6
      .PEN_UP
      .SEGMENT CHARACTER 1 ? "b"
      .PEN_DOWN
      1 2
      .PEN_UP

      """)
    let outcomes = try readAll(unipen, limits: InkReadLimits(maximumStrokePoints: 2))
    #expect(outcomes.count == 2)
    #expect(outcomes[0].contains("stroke 0 has more than 2 points"), "\(outcomes)")
    #expect(outcomes[1].hasPrefix("ok "), "\(outcomes)")
  }

  @Test func lineReaderDeliversARecordBeforeTheWriterCloses() throws {
    let (readEnd, writeEnd) = try Platform.makePipe()
    // Each end is closed once: a second close would close whatever file another test running
    // at the same time has opened under the same number since.
    var isWriterOpen = true
    defer {
      Platform.closeQuietly(readEnd)
      if isWriterOpen { Platform.closeQuietly(writeEnd) }
    }
    let first = Array((ndjsonLine("first", points: 2) + "\n").utf8)
    try first.withUnsafeBytes { try Platform.write($0, to: writeEnd) }
    let reader = try LineReader(url: URL(fileURLWithPath: "/dev/fd/\(readEnd)"))
    // The writer is still open: a reader waiting for a mebibyte would block here.
    let line = try #require(try reader.nextLine())
    #expect(Array(line.bytes) == Array(first.dropLast()))
    Platform.closeQuietly(writeEnd)
    isWriterOpen = false
    #expect(try reader.nextLine() == nil)
  }

  @Test func writersNeverSpellNonFiniteNumbers() {
    #expect(JSONTextWriter.number(.nan) == "null")
    #expect(JSONTextWriter.number(-.infinity) == "null")
    #expect(JSONTextWriter.numbers([1, .infinity, 0.5]) == "[1,null,0.5]")
    #expect(CSVText.number(.nan) == "")
    #expect(CSVText.number(.infinity) == "")
    #expect(CSVText.number(2.5) == "2.5")
  }

  @Test func defaultsAreFarAboveTheSharedDataAndFixtures() throws {
    let limits = InkReadLimits.default
    #expect(limits.maximumStrokePoints == 1_000_000)
    #expect(limits.maximumStrokes == 100_000)
    #expect(limits.maximumDrawingPoints == 2_000_000)
    #expect(limits.maximumRecordBytes == 128 << 20)
    var corpus = try InkFileFormat.openCorpus(
      at: SharedData.repositoryRoot.appendingPathComponent("Datasets/samples"))
    var count = 0
    while let record = try corpus.next() {
      try limits.check(record.drawing)
      count += 1
    }
    #expect(count > 0)
  }
}
