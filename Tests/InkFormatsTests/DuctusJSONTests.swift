import Foundation
import OpenPencilKit
import Testing

@testable import InkFormats

@Suite struct DuctusJSONTests {
  @Test func readsHandWrittenDocumentWithDefaults() throws {
    let text = """
      {"format":"ductus-drawing","version":1,"comment":"skipped","strokes":[
       {"ink":"marker","color":"#FF000080","points":{"x":[1,2.5],"y":[3,-4e-1],"t":[0,0.016]}},
       {"ink":"com.apple.ink.pen","color":[0.1,0.2,0.3,1],"transform":[2,0,0,2,10,20],
        "creationDate":1.5,"randomSeed":42,"mask":[[0,0,10,0,10,10]],
        "points":{"x":[],"y":[]}}]}
      """
    let drawing = try DuctusJSONReader().drawing(from: Data(text.utf8))
    #expect(drawing.strokes.count == 2)
    let marker = drawing.strokes[0]
    #expect(marker.ink.inkType == .marker)
    #expect(marker.ink.color == PKColor(red: 1, green: 0, blue: 0, alpha: 128.0 / 255))
    #expect(marker.path.count == 2)
    let point = marker.path[1]
    #expect(point.location == CGPoint(x: 2.5, y: -0.4))
    #expect(point.timeOffset == 0.016)
    #expect(point.size == CGSize(width: 15, height: 15))
    #expect(point.force == 1 && point.opacity == 1 && point.azimuth == 0)
    #expect(point.altitude == .pi / 2 && point.secondaryScale == 1 && point.threshold == 0)
    let pen = drawing.strokes[1]
    #expect(pen.ink.inkType == .pen)
    #expect(pen.transform == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 20))
    #expect(pen.path.creationDate == Date(timeIntervalSinceReferenceDate: 1.5))
    #expect(pen.randomSeed == 42)
    #expect(pen.mask?.polygons == [[.zero, CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)]])
    #expect(pen.path.isEmpty)
  }

  @Test func roundTripsEveryAttributeExactly() throws {
    for seed in 1...20 as ClosedRange<UInt64> {
      let drawing = InkSamples.randomDrawing(strokeCount: 12, seed: seed)
      let data = DuctusJSONWriter().data(for: drawing)
      let read = try DuctusJSONReader().drawing(from: data)
      #expect(read == drawing)
      #expect(DuctusJSONWriter().data(for: read) == data)
    }
  }

  @Test func labelAndMetadataTravelWithASingleDrawing() throws {
    let record = CorpusRecord(
      key: "k", label: "ä \"quoted\"", metadata: ["subject": "s01", "n": "3"],
      drawing: InkSamples.randomDrawing(strokeCount: 1, seed: 3))
    let data = DuctusJSONWriter().data(for: record)
    let text = String(decoding: data, as: UTF8.self)
    #expect(
      text.hasPrefix(
        #"{"format":"ductus-drawing","version":1,"label":"ä \"quoted\"","#
          + #""metadata":{"n":"3","subject":"s01"},"strokes":["#))
    #expect(try DuctusJSONReader().record(from: data, key: "k") == record)
    let plain = DuctusJSONWriter().data(for: record.drawing)
    #expect(try DuctusJSONReader().record(from: plain, key: "k").label == nil)
  }

  @Test func roundTripsSpecialFiniteValuesAndNeverSpellsNaN() throws {
    let values: [Double] = [
      -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
      9_007_199_254_740_994, 1e-300, 0.1,
    ]
    let points = values.map {
      PKStrokePoint(
        location: CGPoint(x: $0, y: 1), timeOffset: 0, size: CGSize(width: 1, height: 1),
        opacity: 1, force: 1, azimuth: 0, altitude: 1)
    }
    let drawing = PKDrawing(strokes: [
      PKStroke(
        ink: PKInk(.pen, color: .black),
        path: PKStrokePath(controlPoints: points, creationDate: Date(timeIntervalSince1970: 0)))
    ])
    let read = try DuctusJSONReader().drawing(from: DuctusJSONWriter().data(for: drawing))
    let xs = read.strokes[0].path.map { Double($0.location.x).bitPattern }
    #expect(xs == values.map(\.bitPattern))
    var broken = drawing
    broken.strokes[0].path = PKStrokePath(
      controlPoints: [Double.nan, .infinity].map { (x: Double) in
        PKStrokePoint(
          location: CGPoint(x: x, y: 1), timeOffset: 0, size: CGSize(width: 1, height: 1),
          opacity: 1, force: 1, azimuth: 0, altitude: 1)
      }, creationDate: Date(timeIntervalSince1970: 0))
    let text = String(decoding: DuctusJSONWriter().data(for: broken), as: UTF8.self)
    #expect(text.contains(#""x":[null,null]"#))
    #expect(!text.contains("NaN") && !text.contains("Infinity"))
    #expect(throws: InkFormatError.self) { try DuctusJSONReader().drawing(from: Data(text.utf8)) }
  }

  @Test func keysTheReaderDoesNotReadMayRepeat() throws {
    let text = "{\"note\":1,\"note\":2,\"strokes\":[{\"pressure\":[],\"pressure\":[]}]}"
    #expect(try DuctusJSONReader().drawing(from: Data(text.utf8)).strokes.count == 1)
  }

  @Test func maskVerticesCountAsPointsOfTheDrawing() throws {
    let limits = InkReadLimits(maximumStrokePoints: 4, maximumDrawingPoints: 6)
    func read(_ text: String) throws -> PKDrawing {
      try DuctusJSONReader().drawing(from: Data(text.utf8), limits: limits)
    }
    let square = "[0,0,1,0,1,1,0,1]"
    #expect(try read("{\"strokes\":[{\"mask\":[\(square)]}]}").strokes[0].mask != nil)
    let unbounded = InkReadLimits(maximumStrokePoints: .max, maximumDrawingPoints: .max)
    let masked = Data("{\"strokes\":[{\"mask\":[\(square)]}]}".utf8)
    #expect(try DuctusJSONReader().drawing(from: masked, limits: unbounded).strokes.count == 1)
    #expect {
      try read("{\"strokes\":[{\"mask\":[\(square),[0,0]]}]}")
    } throws: { error in
      (error as? InkFormatError)?.message.contains("number 0: more than 0 mask coordinates")
        ?? false
    }
    #expect {
      try read(
        "{\"strokes\":[{\"points\":{\"x\":[0,1,2],\"y\":[0,1,2]},\"mask\":[\(square)]}]}")
    } throws: { error in
      (error as? InkFormatError)?.message
        == "the drawing has more than 6 points, the limit of points a drawing"
    }
  }

  @Test func errorsNameTheByteOffset() {
    let cases: [(String, InkFormatError.Kind, Int)] = [
      ("{\"strokes\":[{\"points\":{\"x\":[1,2],\"y\":[1]}}]}", .invalidValue, 22),
      ("{\"strokes\":[{\"points\":{\"x\":[1,,2]}}]}", .malformed, 30),
      ("{\"version\":2,\"strokes\":[]}", .unsupportedVersion, 12),
      ("{\"format\":\"svg\"}", .unknownFormat, 15),
      ("{\"strokes\":[{\"ink\":\"pen\"", .truncated, 24),
      ("{\"strokes\":[]} x", .malformed, 15),
      ("{\"strokes\":[{\"color\":\"#12\"}]}", .invalidValue, 21),
      // A key the reader reads, given twice, is refused where its second value starts.
      ("{\"strokes\":[],\"strokes\":[]}", .malformed, 24),
      ("{\"strokes\":[{\"ink\":\"pen\",\"ink\":\"marker\"}]}", .malformed, 31),
      ("{\"strokes\":[{\"points\":{\"x\":[1],\"y\":[1],\"x\":[2]}}]}", .malformed, 43),
    ]
    for (text, kind, offset) in cases {
      #expect {
        _ = try DuctusJSONReader().drawing(from: Data(text.utf8))
      } throws: { error in
        guard let error = error as? InkFormatError else { return false }
        return error.kind == kind && error.offset == offset
      }
    }
  }
}
