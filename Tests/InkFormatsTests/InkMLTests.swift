import Foundation
import OpenPencilKit
import Testing

@testable import InkFormats

@Suite struct InkMLTests {
  func read(_ text: String) throws -> CorpusRecord {
    try InkMLReader().record(from: Data(text.utf8), key: "sample")
  }

  @Test func readsChannelsUnitsDifferencesAndLabels() throws {
    let record = try read(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <ink xmlns="http://www.w3.org/2003/InkML">
        <definitions>
          <traceFormat xml:id="fmt">
            <channel name="X" type="decimal"/>
            <channel name="Y" type="decimal"/>
            <channel name="T" type="decimal" units="ms"/>
            <channel name="OA" type="decimal" units="deg"/>
            <intermittentChannels><channel name="F" type="decimal"/></intermittentChannels>
          </traceFormat>
        </definitions>
        <annotation type="truth">ab</annotation>
        <annotation type="writer">w7</annotation>
        <traceGroup>
          <annotation type="truth">a</annotation>
          <trace xml:id="t1" traceFormatRef="#fmt">10 0 1000 90 0.5,
            '1 '2 '10 '0, "1 "-1 "0 "0 0.7</trace>
        </traceGroup>
        <traceGroup>
          <annotation type="truth">b</annotation>
          <trace traceFormatRef="#fmt">.5 -1.5e1 2000 180 1</trace>
        </traceGroup>
      </ink>
      """)
    #expect(record.label == "ab")
    #expect(
      record.metadata == [
        "writer": "w7", "traceGroup.0.label": "a", "traceGroup.0.strokes": "0",
        "traceGroup.1.label": "b", "traceGroup.1.strokes": "1",
      ])
    let strokes = record.drawing.strokes
    #expect(strokes.count == 2)
    let first = strokes[0].path
    let locations: [CGPoint] = [CGPoint(x: 10, y: 0), CGPoint(x: 11, y: 2), CGPoint(x: 13, y: 3)]
    #expect(first.map(\.location) == locations)
    #expect(first.creationDate == Date(timeIntervalSinceReferenceDate: 1))
    let times: [Double] = [0, 1010 * 1e-3 - 1, 1020 * 1e-3 - 1]
    #expect(first.map(\.timeOffset) == times)
    #expect(first.map { Double($0.force) } == [0.5, 0.5, 0.7])
    let rightAngle: Double = 90 * (Double.pi / 180)
    #expect(first.map { Double($0.azimuth) } == [rightAngle, rightAngle, rightAngle])
    #expect(first.allSatisfy { Double($0.altitude) == Double.pi / 2 })
    #expect(first[0].size == CGSize(width: 5, height: 5))
    let second = strokes[1].path
    #expect(second.map(\.location) == [CGPoint(x: 0.5, y: -15)])
    #expect(Double(second[0].azimuth) == 180 * (Double.pi / 180))
    #expect(second.creationDate == Date(timeIntervalSinceReferenceDate: 2))
  }

  @Test func readsCROHMEStyleTraceViews() throws {
    let record = try read(
      """
      <ink xmlns="http://www.w3.org/2003/InkML">
      <traceFormat><channel name="X" type="decimal"/><channel name="Y" type="decimal"/></traceFormat>
      <annotation type="truth">$x+1$</annotation>
      <trace id="0">1 2, 3 4</trace>
      <trace id="1">5 6</trace>
      <trace id="2">7 8</trace>
      <traceGroup xml:id="9"><annotation type="truth">Segmentation</annotation>
        <traceGroup xml:id="10"><annotation type="truth">x</annotation>
          <traceView traceDataRef="0"/><traceView traceDataRef="1"/></traceGroup>
        <traceGroup xml:id="11"><annotation type="truth">1</annotation>
          <traceView traceDataRef="2"/></traceGroup>
      </traceGroup>
      </ink>
      """)
    #expect(record.label == "$x+1$")
    #expect(record.metadata["traceGroup.0.strokes"] == "0 1 2")
    #expect(record.metadata["traceGroup.1.label"] == "x")
    #expect(record.metadata["traceGroup.1.strokes"] == "0 1")
    #expect(record.metadata["traceGroup.2.strokes"] == "2")
    #expect(record.drawing.strokes.map(\.path.count) == [2, 1, 1])
  }

  @Test func defaultFormatIsXY() throws {
    let record = try read("<ink><trace>1 2,3 4</trace></ink>")
    #expect(
      record.drawing.strokes[0].path.map(\.location) == [CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4)])
  }

  @Test func roundTripsTheChannelsItWrites() throws {
    var drawing = InkSamples.randomDrawing(strokeCount: 10, seed: 5)
    for index in drawing.strokes.indices {
      drawing.strokes[index].transform = .identity
      drawing.strokes[index].path.creationDate = Date(
        timeIntervalSinceReferenceDate: 7e8 + 1.5 * Double(index))
    }
    let record = CorpusRecord(
      key: "k", label: "a<b & \"c\"", metadata: ["writer": "x'y"], drawing: drawing)
    let data = InkMLWriter().data(for: record)
    let read = try InkMLReader().record(from: data, key: "k")
    #expect(read.label == record.label && read.metadata == record.metadata)
    #expect(read.drawing.strokes.count == drawing.strokes.count)
    let start = drawing.strokes.map(\.path.creationDate).min()!
    for (original, copy) in zip(drawing.strokes, read.drawing.strokes) {
      #expect(copy.path.map(\.location) == original.path.map(\.location))
      #expect(copy.path.map(\.force) == original.path.map(\.force))
      #expect(copy.path.map(\.azimuth) == original.path.map(\.azimuth))
      #expect(copy.path.map(\.altitude) == original.path.map(\.altitude))
      #expect(copy.path.map(\.size.width) == original.path.map(\.size.width))
      let firstOffset = original.path[0].timeOffset
      for (p, q) in zip(original.path, copy.path) {
        #expect(abs(p.timeOffset - firstOffset - q.timeOffset) < 1e-9)
      }
      let originalStart = original.path.creationDate.timeIntervalSince(start)
      let copyStart = copy.path.creationDate.timeIntervalSinceReferenceDate
      #expect(abs(originalStart + firstOffset - copyStart) < 1e-6)
    }
  }

  @Test func writtenFileIsDetectedAndReadThroughTheRegistry() throws {
    let folder = try TemporaryFolder()
    let url = folder.url.appendingPathComponent("x.inkml")
    let drawing = PKDrawing(strokes: InkSamples.randomDrawing(strokeCount: 2, seed: 1).strokes)
    try InkFileFormat.inkML.write(drawing, to: url)
    #expect(try InkFileFormat.detect(url: url) == .inkML)
    #expect(try InkFileFormat.readDrawing(at: url).strokes.count == 2)
  }

  /// Documents over 10 MB read, from memory and from a file (`XMLParser(data:)` failed on them).
  @Test func readsADocumentLargerThanTenMegabytes() throws {
    let trace =
      "<trace>"
      + Array(repeating: "123.45600128173828 456.7890014648437", count: 2000)
      .joined(separator: ", ") + "</trace>\n"
    let text = "<ink>\n" + String(repeating: trace, count: 150) + "</ink>\n"
    #expect(text.utf8.count > 10_500_000)
    let folder = try TemporaryFolder()
    let url = try folder.file("large.inkml", text)
    let drawing = try InkFileFormat.readDrawing(at: url)
    #expect(drawing.strokes.count == 150)
    #expect(drawing.strokes[149].path.count == 2000)
    #expect(
      drawing.strokes[149].path[1999].location
        == CGPoint(x: 123.45600128173828, y: 456.7890014648437))
    #expect(try read(text).drawing == drawing)
  }

  @Test func errorsNameTraceAndCharacter() throws {
    #expect {
      _ = try read("<ink><trace>1 2, 3</trace></ink>")
    } throws: { error in
      let error = error as? InkFormatError
      return error?.kind == .malformed
        && error?.message
          == "trace 1 (line 1): point 2 has 1 values for 2 channels at character 6 of the trace"
    }
    #expect {
      _ = try read("<ink><trace>1 2, 3 x</trace></ink>")
    } throws: {
      ($0 as? InkFormatError)?.message.contains("expected a number at character 7") == true
    }
    #expect {
      _ = try read("<ink><trace>1 2</trace")
    } throws: { error in
      let error = error as? InkFormatError
      return error?.kind == .malformed && error?.file == "sample" && error?.record == "line 1"
        && error?.message.hasPrefix("not well-formed XML: ") == true
    }
    #expect {
      _ = try read("<svg></svg>")
    } throws: { ($0 as? InkFormatError)?.kind == .unknownFormat }
  }
}
