import DuctusTestSupport
import Foundation
import OpenPencilKit
import Testing

@testable import InkFormats

@Suite struct QuickDrawTests {
  @Test func readsRawAndSimplifiedLines() throws {
    let folder = try TemporaryFolder()
    let file = try folder.file(
      "mixed.ndjson",
      """
      {"word":"line","countrycode":"DE","timestamp":"2017-01-01 00:00:00.0 UTC","recognized":true,"key_id":"123","drawing":[[[0,10],[5,6],[100,150]],[[1],[2],[400]]]}

      {"key_id":456,"word":"dot","recognized":false,"drawing":[[[7,8,9],[1,2,3]]]}
      """)
    #expect(try InkFileFormat.detect(url: file) == .quickDraw)
    var reader = try QuickDrawReader(url: file)
    let first = try #require(try reader.next())
    #expect(first.key == "123")
    #expect(first.label == "line")
    #expect(
      first.metadata == [
        "countrycode": "DE", "timestamp": "2017-01-01 00:00:00.0 UTC", "recognized": "true",
      ])
    #expect(first.drawing.strokes.count == 2)
    let stroke = first.drawing.strokes[0]
    #expect(stroke.path.map(\.location) == [CGPoint(x: 0, y: 5), CGPoint(x: 10, y: 6)])
    #expect(stroke.path.map(\.timeOffset) == [0, 0.05])
    #expect(stroke.path.creationDate == Date(timeIntervalSinceReferenceDate: 0.1))
    #expect(first.drawing.strokes[1].path.creationDate == Date(timeIntervalSinceReferenceDate: 0.4))
    let second = try #require(try reader.next())
    #expect(second.key == "456")
    #expect(second.metadata == ["recognized": "false"])
    #expect(second.drawing.strokes[0].path.map(\.timeOffset) == [0, 0, 0])
    #expect(try reader.next() == nil)
  }

  @Test func errorsNameLineAndOffsetAndReaderGoesOn() throws {
    let folder = try TemporaryFolder()
    let good = #"{"key_id":"1","word":"a","drawing":[[[1],[2]]]}"#
    let bad = #"{"key_id":"2","word":"b","drawing":[[[1,2],[2]]]}"#
    let file = try folder.file("bad.ndjson", [good, bad, good].joined(separator: "\n"))
    var reader = try QuickDrawReader(url: file)
    #expect(try reader.next()?.key == "1")
    #expect {
      _ = try reader.next()
    } throws: { error in
      let error = error as? InkFormatError
      return error?.record == "line 2" && error?.offset == good.utf8.count + 1 + 36
        && error?.kind == .invalidValue
    }
    #expect(try reader.next()?.key == "1")
  }

  @Test(.enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.skipMessage)))
  func readsTheSharedDevelopmentSet() throws {
    let folder = SharedData.url("datasets/quickdraw-dev")
    var corpus = try InkFileFormat.openCorpus(at: folder)
    var count = 0
    var labels: Set<String> = []
    var pointCount = 0
    while let record = try corpus.next() {
      count += 1
      labels.insert(record.label ?? "")
      #expect(!record.key.isEmpty && record.metadata["countrycode"] != nil)
      for stroke in record.drawing.strokes {
        pointCount += stroke.path.count
        let times = stroke.path.map(\.timeOffset)
        #expect(times.first == 0)
      }
    }
    #expect(labels.count == 30)
    #expect(count >= 30 * 15)
    #expect(pointCount > 10 * count)
    var apples = try QuickDrawReader(url: folder.appendingPathComponent("apple.ndjson"))
    let apple = try #require(try apples.next())
    #expect(apple.key == "6420579601088512")
    #expect(apple.metadata["recognized"] == "false")
    #expect(apple.drawing.strokes[0].path.first?.location == CGPoint(x: 675, y: 158))
    #expect(apple.drawing.strokes[4].path.count == 29)
    #expect(
      apple.drawing.strokes[4].path.creationDate == Date(timeIntervalSinceReferenceDate: 5.195))
  }
}

extension QuickDrawTests {
  /// Counts and coordinate sums of every file of the development set against Python's `json`
  /// module (`Scripts/reference/formats.py`), summed in the same order so that they agree bit
  /// for bit; times are rebuilt from the stroke start and offsets in milliseconds.
  @Test(.enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.skipMessage)))
  func agreesWithPythonJSONOnTheDevelopmentSet() throws {
    struct Summary: Decodable {
      var drawings, strokes, points: Int
      var firstKey: String
      var sumX, sumY, sumT: Double
    }
    let expected = try Fixture.decode(
      [String: Summary].self, from: "formats/quickdraw-dev-summary.json")
    #expect(expected.count == 30)
    for (name, summary) in expected {
      var reader = try QuickDrawReader(
        url: SharedData.url("datasets/quickdraw-dev").appendingPathComponent(name))
      var drawings = 0
      var strokes = 0
      var points = 0
      var firstKey: String?
      var sums = [0.0, 0.0, 0.0]
      while let record = try reader.next() {
        drawings += 1
        firstKey = firstKey ?? record.key
        for stroke in record.drawing.strokes {
          strokes += 1
          points += stroke.path.count
          let start = stroke.path.creationDate.timeIntervalSinceReferenceDate * 1000
          sums[0] += stroke.path.reduce(0) { $0 + Double($1.location.x) }
          sums[1] += stroke.path.reduce(0) { $0 + Double($1.location.y) }
          sums[2] += stroke.path.reduce(0) { $0 + (start + $1.timeOffset * 1000).rounded() }
        }
      }
      #expect(drawings == summary.drawings, "\(name)")
      #expect(strokes == summary.strokes && points == summary.points, "\(name)")
      #expect(firstKey == summary.firstKey, "\(name)")
      #expect(sums == [summary.sumX, summary.sumY, summary.sumT], "\(name)")
    }
  }
}
