import DuctusTestSupport
import Foundation
import InkFeatures
import OpenPencilKit
import Testing

/// The stroke and drawing features agree with the NumPy reference of
/// `Scripts/reference/stroke_features.py` to 1e-9 relative (absolute below 1), on drawings with
/// pen-ups, a pause, irregular clocks that repeat and step back, repeated points, a one-sample
/// stroke, and the degenerate cases (empty, one point, two points, duplicates, one timestamp).
@Suite struct InkFeatureReferenceTests {
  /// `Tests/Fixtures/features/stroke-features.json`.
  struct Reference: Decodable {
    struct Drawing: Decodable {
      var name: String
      var strokes: [FixtureStroke]
      var strokeFeatures: [[String: Double]]
      var drawingFeatures: [String: Double]
    }
    var names: [String]
    var drawings: [Drawing]
  }

  static let reference = Result {
    try Fixture.decode(Reference.self, from: "features/stroke-features.json")
  }

  /// Records every feature of `actual` that differs from `expected`.
  static func compare(_ actual: InkFeatureVector, _ expected: [String: Double], _ what: String) {
    for (name, value) in zip(InkFeatureExtractor.names, actual.values) {
      guard let reference = expected[name] else {
        Issue.record("\(what): the reference has no \(name)")
        continue
      }
      if !SignatureFeaturesFixture.agrees(value, reference) {
        Issue.record("\(what): \(name) is \(value), the reference \(reference)")
      }
    }
  }

  @Test func namesMatchTheReference() throws {
    #expect(try Self.reference.get().names == InkFeatureExtractor.names)
    #expect(InkFeatureExtractor.names.count == 54)
    #expect(Set(InkFeatureExtractor.names).count == InkFeatureExtractor.names.count)
  }

  @Test func strokeFeaturesMatchTheReference() throws {
    for drawing in try Self.reference.get().drawings {
      let strokes = try InkFeatureExtractor().strokeFeatures(
        of: FixtureStroke.drawing(drawing.strokes))
      #expect(strokes.count == drawing.strokeFeatures.count, "\(drawing.name)")
      for (k, (actual, expected)) in zip(strokes, drawing.strokeFeatures).enumerated() {
        Self.compare(actual, expected, "\(drawing.name) stroke \(k)")
      }
    }
  }

  @Test func drawingFeaturesMatchTheReference() throws {
    for drawing in try Self.reference.get().drawings {
      let actual = try InkFeatureExtractor().drawingFeatures(
        of: FixtureStroke.drawing(drawing.strokes))
      Self.compare(actual, drawing.drawingFeatures, drawing.name)
    }
  }

  @Test func aSquareHasTheExpectedValues() throws {
    let drawing = try #require(try Self.reference.get().drawings.first { $0.name == "square" })
    let f = try InkFeatureExtractor().drawingFeatures(of: FixtureStroke.drawing(drawing.strokes))
    #expect(f["length"] == 40)
    #expect(f["closure"] == 0)
    #expect(f["aspect"] == 0)
    #expect(abs(f["totalTurning"]! - 3 * .pi / 2) < 1e-12)
    #expect(abs(f["rubine9"]! + 3 * .pi / 2) < 1e-12)
    #expect(f["direction0"] == 0.25 && f["direction2"] == 0.25 && f["direction4"] == 0.25)
    #expect(abs(f["duration"]! - 0.4) < 1e-12)
    #expect(abs(f["meanSpeed"]! - 100) < 1e-9)
  }
}
