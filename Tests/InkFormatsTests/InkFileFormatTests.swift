import DuctusTestSupport
import Foundation
import OpenPencilKit
import Testing

@testable import InkFormats

@Suite struct InkFileFormatTests {
  let drawing = InkSamples.randomDrawing(strokeCount: 3, seed: 99)

  @Test func detectsByContentWhateverTheExtension() throws {
    let folder = try TemporaryFolder()
    let json = folder.url.appendingPathComponent("a.txt")
    try InkFileFormat.ductusJSON.write(drawing, to: json)
    #expect(try InkFileFormat.detect(url: json) == .ductusJSON)
    let corpus = folder.url.appendingPathComponent("b.data")
    try InkFileFormat.ductusNDJSON.write(drawing, to: corpus)
    #expect(try InkFileFormat.detect(url: corpus) == .ductusNDJSON)
    let quickDraw = try folder.file("c.ndjson", #"{"word":"x","key_id":"1","drawing":[]}"#)
    #expect(try InkFileFormat.detect(url: quickDraw) == .quickDraw)
    let unknown = try folder.file("d.bin", "hello")
    #expect {
      _ = try InkFileFormat.detect(url: unknown)
    } throws: { ($0 as? InkFormatError)?.kind == .unknownFormat }
    let bom = try folder.file("e.json", "\u{FEFF}  {\"format\":\"ductus-drawing\",\"strokes\":[]}")
    #expect(try InkFileFormat.detect(url: bom) == .ductusJSON)
  }

  @Test func namesAndExtensions() {
    #expect(InkFileFormat(name: "ductus-json") == .ductusJSON)
    #expect(InkFileFormat(name: "JSON") == .ductusJSON)
    #expect(InkFileFormat(name: "quickdraw") == .quickDraw)
    #expect(InkFileFormat(name: "nothing") == nil)
    #expect(InkFileFormat.ductusNDJSON.holdsCorpus && !InkFileFormat.ductusJSON.holdsCorpus)
  }

  @Test func singleFileIsACorpusOfOneKeyedByName() throws {
    let folder = try TemporaryFolder()
    let url = folder.url.appendingPathComponent("seven.json")
    try InkFileFormat.ductusJSON.write(drawing, to: url)
    var corpus = try InkFileFormat.openCorpus(at: url)
    let record = try #require(try corpus.next())
    #expect(record.key == "seven" && record.drawing == drawing)
    #expect(try corpus.next() == nil)
    #expect(try InkFileFormat.readDrawing(at: url) == drawing)
  }

  @Test func corpusToASingleDrawingFormatIsAFolderAndReadsBack() throws {
    let folder = try TemporaryFolder()
    let out = folder.url.appendingPathComponent("drawings")
    var writer = try InkFileFormat.ductusJSON.makeCorpusWriter(to: out)
    let records = ["b", "a", "sub/c"].enumerated().map { index, key in
      CorpusRecord(
        key: key, label: index == 1 ? nil : "label \(index)", metadata: ["n": "\(index)"],
        drawing: InkSamples.randomDrawing(strokeCount: 2, seed: UInt64(index)))
    }
    for record in records { try writer.write(record) }
    try writer.finish()
    _ = try folder.file("drawings/README.txt", "not a drawing")
    _ = try folder.file("drawings/other.json", "{\"truth\":1}")
    var corpus = try InkFileFormat.openCorpus(at: out)
    var read: [CorpusRecord] = []
    while let record = try corpus.next() { read.append(record) }
    #expect(read == [records[1], records[0], records[2]])
  }

  @Test func errorsNameTheFile() throws {
    let folder = try TemporaryFolder()
    let url = try folder.file("broken.json", "{\"format\":\"ductus-drawing\",\"strokes\":[1]}")
    #expect {
      _ = try InkFileFormat.readDrawing(at: url)
    } throws: { error in
      let error = error as? InkFormatError
      return error?.file == url.path && error?.offset == 38
    }
    #expect {
      _ = try InkFileFormat.quickDraw.write(drawing, to: folder.url.appendingPathComponent("q"))
    } throws: { ($0 as? InkFormatError)?.kind == .unsupported }
  }
}

extension InkFileFormatTests {
  @Test(.enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.skipMessage)))
  func readsApplesPencilKitFixturesAsAFolder() throws {
    let folder = SharedData.url("fixtures/pkdrawing")
    var corpus = try InkFileFormat.openCorpus(at: folder)
    var keys: [String] = []
    while let record = try corpus.next() {
      keys.append(record.key)
      let direct = try PKDrawing(
        data: Data(contentsOf: folder.appendingPathComponent("\(record.key).pkdrawing")))
      #expect(record.drawing == direct)
    }
    #expect(keys == ["case00-empty", "case01-dot", "case04-pressure-ramp", "case06-inks"])
    let dot = folder.appendingPathComponent("case01-dot.pkdrawing")
    #expect(try InkFileFormat.detect(url: dot) == .pencilKit)
  }

  @Test func pencilKitRoundTripsThroughTheRegistry() throws {
    let folder = try TemporaryFolder()
    let url = folder.url.appendingPathComponent("x.drawing")
    try InkFileFormat.pencilKit.write(drawing, to: url)
    #expect(try InkFileFormat.detect(url: url) == .pencilKit)
    #expect(try InkFileFormat.readDrawing(at: url) == drawing.quantized())
    let damaged = folder.url.appendingPathComponent("damaged.pkdrawing")
    try Data([0x77, 0x72, 0x64, 0xF0, 0x01]).write(to: damaged)
    #expect {
      _ = try InkFileFormat.readDrawing(at: damaged)
    } throws: { error in
      let error = error as? InkFormatError
      return error?.file == damaged.path && error?.kind == .truncated && error?.offset != nil
    }
  }
}

extension InkFileFormatTests {
  @Test func folderWriterKeepsKeysInsideTheFolder() throws {
    let folder = try TemporaryFolder()
    let out = folder.url.appendingPathComponent("out")
    var writer = try FolderCorpusWriter(folder: out, format: .ductusJSON)
    for key in ["../escape", "a//b", ""] {
      try writer.write(CorpusRecord(key: key, drawing: drawing))
    }
    try writer.finish()
    let files = try FileManager.default.subpathsOfDirectory(atPath: out.path).sorted()
    #expect(files == ["_", "_.json", "_/escape.json", "a", "a/_", "a/_/b.json"])
  }
}
