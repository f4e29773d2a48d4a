import Foundation
import OpenPencilKit
import Testing

@testable import InkFormats

/// UNIPEN as the format definition numbers components (every `.PEN_DOWN` and `.PEN_UP` block
/// that holds samples), and `.INCLUDE`s kept inside the distribution.
@Suite("UNIPEN pen-up components and includes")
struct UnipenPenUpAndIncludeTests {
  /// A tablet that records hover: pen-up trajectories between the strokes, as the format
  /// definition's examples do, and an empty `.PEN_UP` (no component).
  static let hovering = """
    .VERSION 1.0
    .COORD X Y
    .POINTS_PER_SECOND 100
    .Y_DIM 100
    .PEN_UP
    0 0
    1 1
    .PEN_DOWN
    10 90
    11 89
    .PEN_UP
    12 88
    13 87
    14 86
    .PEN_DOWN
    20 80
    .PEN_UP
    .PEN_DOWN
    30 70
    31 69
    .PEN_UP
    32 68

    """

  @Test func penUpBlocksAreComponentsButNeverStrokes() throws {
    let root = try UnipenReaderTests.folder([
      "h.dat": Self.hovering + """
        .SEGMENT CHARACTER 1 ? "a"
        .SEGMENT CHARACTER 1-3 ? "b"
        .SEGMENT WORD 2:1-4:0 ? "c"
        .SEGMENT CHARACTER 0 ? "hover"
        .SEGMENT CHARACTER 5 ? "last"
        .SEGMENT CHARACTER 6 ? "past"

        """
    ])
    var reader = try UnipenReader(url: root)
    // Component 1 is the first pen-down block: the pen-up block before it is component 0.
    let a = try #require(try reader.next())
    #expect(
      a.drawing.strokes.map { $0.path.map(\.location) } == [
        [.init(x: 10, y: 10), .init(x: 11, y: 11)]
      ])
    #expect(a.metadata[UnipenReader.inAirMetadataKey] == nil)
    // Two samples in the air came first, at 100 a second.
    #expect(
      abs(a.drawing.strokes[0].path.creationDate.timeIntervalSinceReferenceDate - 0.02) < 1e-12)

    // 1-3 spans the hover between the strokes: two strokes, one in-air trajectory.
    let b = try #require(try reader.next())
    #expect(b.drawing.strokes.map(\.path.count) == [2, 1])
    #expect(b.drawing.strokes[1].path[0].location == CGPoint(x: 20, y: 20))
    #expect(
      b.metadata[UnipenReader.inAirMetadataKey] == "12.0 12.0 0.04,13.0 13.0 0.05,14.0 14.0 0.06")

    // From point 1 of the hover to point 0 of the last stroke: the empty .PEN_UP is no component.
    let c = try #require(try reader.next())
    #expect(
      c.drawing.strokes.map { $0.path.map(\.location) } == [
        [.init(x: 20, y: 20)], [.init(x: 30, y: 30)],
      ])
    #expect(c.metadata[UnipenReader.inAirMetadataKey] == "13.0 13.0 0.05,14.0 14.0 0.06")

    let hover = try #require(try reader.next())
    #expect(hover.drawing.strokes.isEmpty)
    #expect(hover.metadata[UnipenReader.inAirMetadataKey] == "0.0 100.0 0.0,1.0 99.0 0.01")

    let last = try #require(try reader.next())
    #expect(last.drawing.strokes.isEmpty)
    #expect(last.metadata[UnipenReader.inAirMetadataKey] == "32.0 32.0 0.1")

    // Six components (0 … 5): 6 is past the end, and the error says so.
    #expect {
      try reader.next()
    } throws: { error in
      (error as? InkFormatError)?.message == "segment 5 names component 6, but the file has 6"
        && (error as? InkFormatError)?.file == "h.dat"
    }
    #expect(try reader.next() == nil)

    // Read whole (no segments), pen-up samples stay out of the ink too.
    let whole = try UnipenReader.records(
      contentsOf: try UnipenReaderTests.folder(["w.dat": Self.hovering]).appendingPathComponent(
        "w.dat"))
    #expect(whole.count == 1)
    #expect(whole[0].drawing.strokes.map(\.path.count) == [2, 1, 2])
    #expect(whole[0].metadata[UnipenReader.inAirMetadataKey]?.split(separator: ";").count == 3)
  }

  /// Segment files that name components of an included data file with hover, as the CD-ROM
  /// lays them out: the numbering runs across the include.
  @Test func componentNumbersRunAcrossIncludesWithPenUpBlocks() throws {
    let root = try UnipenReaderTests.folder([
      "include/w/data/d.dat": Self.hovering,
      "data/1a/w/s.dat": """
      .INCLUDE w/data/d.dat
      .SEGMENT CHARACTER 3-5 ? "x"

      """,
    ])
    var reader = try UnipenReader(url: root.appendingPathComponent("data/1a"))
    let record = try #require(try reader.next())
    #expect(
      record.drawing.strokes.map { $0.path.map(\.location) } == [
        [.init(x: 20, y: 20)], [.init(x: 30, y: 30), .init(x: 31, y: 31)],
      ])
    #expect(record.metadata[UnipenReader.inAirMetadataKey] == "32.0 32.0 0.1")
    #expect(try reader.next() == nil)
  }

  @Test func includesCannotLeaveTheDistribution() throws {
    let root = try UnipenReaderTests.folder([
      "include/w/w.doc": ".X_DIM 1000\n",
      "data/1a/w/climb.dat": ".INCLUDE ../../../../etc/passwd\n",
      "data/1a/w/absolute.dat": ".INCLUDE /etc/passwd\n",
      "data/1a/w/link.dat": ".INCLUDE w/outside.doc\n",
      "data/1a/w/ok.dat": ".INCLUDE w/../w/w.doc\n.PEN_DOWN\n1 2\n.SEGMENT CHARACTER 0 ? \"k\"\n",
    ])
    let outside = try UnipenReaderTests.folder(["secret.doc": ".X_DIM 7\n"])
    try FileManager.default.createSymbolicLink(
      at: root.appendingPathComponent("include/w/outside.doc"),
      withDestinationURL: outside.appendingPathComponent("secret.doc"))
    var reader = try UnipenReader(url: root)
    var messages: [String: String] = [:]
    var labels: [String] = []
    while true {
      do {
        guard let record = try reader.next() else { break }
        labels.append(record.label ?? "")
      } catch let error as InkFormatError {
        #expect(error.record == "line 1")
        messages[error.file ?? ""] = error.message
      }
    }
    #expect(labels == ["k"])
    #expect(
      messages == [
        "data/1a/w/absolute.dat":
          "included path /etc/passwd is absolute; .INCLUDE paths are relative to the distribution",
        "data/1a/w/climb.dat":
          "included path ../../../../etc/passwd climbs out of the distribution with ..",
        "data/1a/w/link.dat":
          "included file w/outside.doc leads out of the distribution through a symbolic link",
      ])
  }

  /// No `include/` above a plain folder: the ancestors searched stop at the folder read.
  @Test func includesAreNotLookedUpAboveTheFolderRead() throws {
    let root = try UnipenReaderTests.folder([
      "include/x.doc": ".X_DIM 1\n",
      "corpus/s.dat": ".INCLUDE x.doc\n",
    ])
    #expect(throws: InkFormatError.self) {
      var reader = try UnipenReader(url: root.appendingPathComponent("corpus"))
      _ = try reader.next()
    }
  }

  /// Under 1.5 kB that names 10⁸ inclusions (ten levels each including the next ten times), and a
  /// loop through another file: both end at once with an error naming the file.
  @Test(.timeLimit(.minutes(1))) func includeBombsAndLoopsEndFast() throws {
    var files: [String: String] = ["bomb/l8.dat": ".PEN_DOWN\n1 2\n"]
    for level in 0..<8 {
      files["bomb/l\(level).dat"] = String(
        repeating: ".INCLUDE l\(level + 1).dat\n", count: 10)
    }
    files["bomb/l0.dat"]! += ".SEGMENT CHARACTER 0 ? \"b\"\n"
    files["loop/a.dat"] = ".INCLUDE b.dat\n.SEGMENT CHARACTER 0 ? \"a\"\n"
    files["loop/b.dat"] = ".PEN_DOWN\n1 2\n.INCLUDE a.dat\n"
    let root = try UnipenReaderTests.folder(files)
    let size = try (0...8).reduce(0) {
      $0 + (try Data(contentsOf: root.appendingPathComponent("bomb/l\($1).dat"))).count
    }
    #expect(size < 1_500)

    let started = Date()
    var reader = try UnipenReader(url: root.appendingPathComponent("bomb"))
    #expect {
      try reader.next()
    } throws: { error in
      guard let error = error as? InkFormatError else { return false }
      return error.file == "l0.dat" && error.record?.hasPrefix("l7.dat line ") == true
        && error.message.hasPrefix(
          "includes more than 10000 files (the include limit; stopped at l0.dat → l1.dat →")
    }
    #expect(Date().timeIntervalSince(started) < 20)

    // A lower limit stops sooner; the byte limit counts too.
    var small = try UnipenReader(
      url: root.appendingPathComponent("bomb/l0.dat"),
      includeLimits: UnipenIncludeLimits(maximumFiles: 1_000_000, maximumBytes: 2_000))
    #expect {
      try small.next()
    } throws: { error in
      (error as? InkFormatError)?.message.hasPrefix("includes more than 2000 bytes") == true
    }

    var loop = try UnipenReader(url: root.appendingPathComponent("loop/a.dat"))
    #expect {
      try loop.next()
    } throws: { error in
      guard let error = error as? InkFormatError else { return false }
      return error.file == "a.dat" && error.record == "b.dat line 3"
        && error.message == "includes itself: a.dat → b.dat → a.dat"
    }
  }
}
