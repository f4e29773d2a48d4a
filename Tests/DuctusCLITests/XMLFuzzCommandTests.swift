import DuctusTestSupport
import Foundation
import InkFormats
import OpenPencilKit
import Testing

/// A seeded mutation fuzz of the XML readers through the command line (issue 8: invalid UTF-8
/// in an element name made Foundation's `XMLParser` kill the process): `ductus inspect` of each
/// mutated file exits 0 or 65, never by a signal, and an error is one line naming the file; a
/// batch over the folder of mutants reads every file that can be read and goes on past the rest.
@Suite("ductus inspect survives mutated XML", .serialized)
struct XMLFuzzCommandTests {
  /// How many mutants each format gets.
  static let mutantsPerFormat = 250

  /// A $1 gesture log as the study wrote it: byte-order mark, declaration, one line a point.
  static var dollar: [UInt8] {
    var lines = [
      "\u{FEFF}<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?>",
      "<Gesture Name=\"check02\" Subject=\"11\" Speed=\"slow\" Number=\"2\" NumPts=\"12\" "
        + "Millseconds=\"700\" AppName=\"Gestures\" AppVer=\"3.5.0.0\" "
        + "Date=\"Thursday, March 15, 2007\" TimeOfDay=\"12:10:08 PM\">",
    ]
    for i in 0..<12 {
      lines.append("  <Point X=\"\(95 + 3 * i)\" Y=\"\(202 + i)\" T=\"\(268_257_274 + 16 * i)\" />")
    }
    return Array((lines + ["</Gesture>", ""]).joined(separator: "\r\n").utf8)
  }

  /// An InkML document with definitions, a context, annotations and trace groups.
  static var inkML: [UInt8] {
    Array(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <ink xmlns="http://www.w3.org/2003/InkML">
        <definitions>
          <traceFormat xml:id="fmt">
            <channel name="X" type="decimal"/>
            <channel name="Y" type="decimal"/>
            <channel name="T" type="decimal" units="ms"/>
            <intermittentChannels><channel name="F" type="decimal"/></intermittentChannels>
          </traceFormat>
        </definitions>
        <annotation type="truth">ab</annotation>
        <annotation type="writer">w7</annotation>
        <traceGroup xml:id="g1">
          <annotation type="truth">a</annotation>
          <trace xml:id="t1" traceFormatRef="#fmt">10 0 1000 0.5, '1 '2 '10, "1 "-1 "0 0.7</trace>
          <traceView traceDataRef="#t1"/>
        </traceGroup>
        <trace traceFormatRef="#fmt">.5 -1.5e1 2000 1, 3 4 2010</trace>
      </ink>

      """.utf8)
  }

  /// A KanjiVG file with the project's document type and its defaulted attribute list.
  static var kanjiVG: [UInt8] {
    Array(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!--
      Copyright (C) 2009/2010/2011 Ulrich Apel. CC BY-SA 3.0.
      -->
      <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.0//EN" "http://www.w3.org/TR/2001/REC-SVG-20010904/DTD/svg10.dtd" [
      <!ATTLIST g
      xmlns:kvg CDATA #FIXED "http://kanjivg.tagaini.net"
      kvg:element CDATA #IMPLIED
      kvg:position CDATA #IMPLIED >
      <!ATTLIST path
      xmlns:kvg CDATA #FIXED "http://kanjivg.tagaini.net"
      kvg:type CDATA #IMPLIED >
      ]>
      <svg xmlns="http://www.w3.org/2000/svg" width="109" height="109" viewBox="0 0 109 109">
      <g id="kvg:StrokePaths_04e8c" style="fill:none;stroke:#000000;stroke-width:3;">
      <g id="kvg:04e8c" kvg:element="二">
      \t<path id="kvg:04e8c-s1" kvg:type="㇐" d="M29.25,29.5c2.75,0.75,6.5,0.75,9.75,0.25"/>
      \t<path id="kvg:04e8c-s2" kvg:type="㇐" d="M14,78.25c4,1,8.5,1,12.5,0.5c10-1.5,50-3.5,66.5-2"/>
      </g>
      </g>
      </svg>

      """.utf8)
  }

  /// The formats: name for `--from`, file extension and the valid document mutated.
  static let formats: [(name: String, fileExtension: String, seed: UInt64)] = [
    ("dollar-xml", "xml", 1), ("inkml", "inkml", 2), ("kanjivg", "svg", 3),
  ]

  static func document(_ format: String) -> [UInt8] {
    switch format {
    case "dollar-xml": dollar
    case "inkml": inkML
    default: kanjiVG
    }
  }

  /// Runs `body` for each index on two threads.
  static func concurrently(_ count: Int, _ body: @Sendable (Int) -> Void) {
    DispatchQueue.concurrentPerform(iterations: count, execute: body)
  }

  @Test(arguments: formats.indices)
  func eachMutantExitsZeroOrSixtyFiveWithOneLineNamingTheFile(index: Int) throws {
    let format = Self.formats[index]
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ductus-xml-fuzz-\(format.name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }

    // The valid document reads.
    let valid = folder.appendingPathComponent("valid.\(format.fileExtension)")
    try Data(Self.document(format.name)).write(to: valid)
    let clean = try DuctusProcess.run(["inspect", "-q", "--format", "ndjson", valid.path])
    #expect(clean.exitCode == 0, "\(clean.standardError)")

    var mutator = XMLFuzzMutator(seed: format.seed)
    var files: [URL] = []
    for number in 0..<Self.mutantsPerFormat {
      let file = folder.appendingPathComponent(
        "mutant-\(String(format: "%03d", number)).\(format.fileExtension)")
      try Data(mutator.mutate(Self.document(format.name))).write(to: file)
      files.append(file)
    }
    let outcomes = Outcomes(count: files.count)
    let arguments = files.map {
      ["inspect", "-q", "--format", "ndjson", "--from", format.name, $0.path]
    }
    Self.concurrently(files.count) { i in outcomes.set(i, try? DuctusProcess.run(arguments[i])) }
    var read = 0
    var refused = 0
    for (file, outcome) in zip(files, outcomes.values) {
      let name = file.lastPathComponent
      guard let outcome else {
        Issue.record("\(name): the binary could not be run")
        continue
      }
      #expect([0, 65].contains(outcome.exitCode), "\(name): exit \(outcome.exitCode)")
      if outcome.exitCode == 0 {
        read += 1
        #expect(outcome.standardOutput.split(separator: "\n").count == 1, "\(name)")
      } else if outcome.exitCode == 65 {
        refused += 1
        let lines = outcome.standardError.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "\(name): \(outcome.standardError)")
        #expect(lines[0].hasPrefix("error: \(file.path): "), "\(name): \(outcome.standardError)")
      }
    }
    #expect(read + refused == files.count)
    #expect(refused > files.count / 2, "\(refused) of \(files.count) refused")

    // The batch over the folder reads what can be read and reports the rest, one line each.
    let batch = try DuctusProcess.run([
      "inspect", "-q", "--format", "ndjson", "--from", format.name, "-j", "2", folder.path,
    ])
    #expect(batch.exitCode == 1, "\(batch.standardError.prefix(500))")
    let errors = batch.standardError.split(separator: "\n")
    #expect(batch.standardOutput.split(separator: "\n").count == read + 1)
    #expect(errors.count == refused)
    #expect(errors.allSatisfy { $0.hasPrefix("error: \(folder.path)/mutant-") })
  }

  /// The outcomes of concurrent runs, by index.
  private final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [DuctusProcess.Outcome?]
    init(count: Int) { stored = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ outcome: DuctusProcess.Outcome?) {
      lock.withLock { stored[index] = outcome }
    }
    var values: [DuctusProcess.Outcome?] { lock.withLock { stored } }
  }
}
