import Foundation
import OpenPencilKit
import Testing

@testable import InkFormats

@Suite struct DuctusNDJSONTests {
  @Test func roundTripsRecordsThroughAFile() throws {
    let folder = try TemporaryFolder()
    let url = folder.url.appendingPathComponent("corpus.ndjson")
    let records = (0..<25).map { index in
      CorpusRecord(
        key: "r\(index)", label: index % 3 == 0 ? nil : "label \"\(index)\"\n",
        metadata: index % 2 == 0 ? [:] : ["subject": "s\(index)", "speed": "fast"],
        drawing: InkSamples.randomDrawing(strokeCount: index % 4, seed: UInt64(index)))
    }
    var writer = try InkFileFormat.ductusNDJSON.makeCorpusWriter(to: url)
    for record in records { try writer.write(record) }
    #expect(!FileManager.default.fileExists(atPath: url.path))
    try writer.finish()
    #expect(try InkFileFormat.detect(url: url) == .ductusNDJSON)
    var reader = try InkFileFormat.openCorpus(at: url)
    var read: [CorpusRecord] = []
    while let record = try reader.next() { read.append(record) }
    #expect(read == records)
  }

  @Test func readsLinesInChunksAcrossBufferBoundaries() throws {
    let folder = try TemporaryFolder()
    let lines = (0..<200).map { index in
      #"{"key":"k\#(index)","drawing":{"strokes":[{"points":{"x":[\#(index)],"y":[1]}}]}}"#
    }
    let file = try folder.file("small-chunks.ndjson", lines.joined(separator: "\r\n"))
    let lineReader = try LineReader(url: file, chunkSize: 7)
    var count = 0
    while let line = try lineReader.nextLine() {
      #expect(Array(line.bytes) == Array(lines[count].utf8))
      count += 1
      #expect(line.number == count)
    }
    #expect(count == 200)
  }

  @Test func rejectsALineLongerThanTheLimit() throws {
    let folder = try TemporaryFolder()
    let file = try folder.file("long.ndjson", String(repeating: "x", count: 100) + "\n")
    let lineReader = try LineReader(url: file, chunkSize: 8, maximumLineLength: 50)
    #expect(throws: InkFormatError.self) { try lineReader.nextLine() }
  }

  @Test func missingDrawingNamesLineAndOffset() throws {
    let folder = try TemporaryFolder()
    let file = try folder.file("bad.ndjson", "\n{\"key\":\"a\"}\n")
    var reader = try DuctusNDJSONReader(url: file)
    #expect {
      _ = try reader.next()
    } throws: { error in
      let error = error as? InkFormatError
      return error?.record == "line 2" && error?.offset == 1 && error?.kind == .malformed
    }
  }
}
