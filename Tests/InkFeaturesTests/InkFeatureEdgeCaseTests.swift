import DuctusTestSupport
import Foundation
import InkFeatures
import InkSampling
import OpenPencilKit
import Testing

/// The stroke and drawing features on degenerate input, under rotation and translation, and
/// the identities between the two levels.
@Suite struct InkFeatureEdgeCaseTests {
  /// A seeded random drawing of `strokes` strokes at 100 Hz with pen-ups of 0.2 s.
  static func randomSamples(
    seed: UInt64, strokes: Int = 3, transform: (Double, Double) -> (Double, Double) = { ($0, $1) }
  )
    throws -> SignatureSamples
  {
    var generator = SplitMix64(seed: seed)
    var buffers: [SampleBuffer] = []
    var t = 0.0
    for _ in 0..<strokes {
      let n = Int.random(in: 5...60, using: &generator)
      var x = Double.random(in: 0...100, using: &generator)
      var y = Double.random(in: 0...100, using: &generator)
      var columns: [SampleChannel: [Double]] = [.t: [], .force: [], .azimuth: [], .altitude: []]
      var xs: [Double] = []
      var ys: [Double] = []
      for _ in 0..<n {
        x += Double.random(in: -3...3, using: &generator)
        y += Double.random(in: -3...3, using: &generator)
        let (u, v) = transform(x, y)
        xs.append(u)
        ys.append(v)
        columns[.t]!.append(t)
        columns[.force]!.append(Double.random(in: 0...1, using: &generator))
        columns[.azimuth]!.append(Double.random(in: 0...6, using: &generator))
        columns[.altitude]!.append(Double.random(in: 0...1.5, using: &generator))
        t += Double.random(in: 0.005...0.015, using: &generator)
      }
      t += 0.2
      buffers.append(try SampleBuffer(xs: xs, ys: ys, extraChannels: columns))
    }
    return try SignatureSamples(strokes: buffers)
  }

  static let extractor = InkFeatureExtractor()

  @Test func anEmptyDrawingGivesZerosAndNoStroke() throws {
    let samples = try SignatureSamples(drawing: PKDrawing())
    #expect(Self.extractor.strokeFeatures(of: samples).isEmpty)
    #expect(Self.extractor.drawingFeatures(of: samples).values.allSatisfy { $0 == 0 })
  }

  @Test func aNonFiniteSampleIsRefused() throws {
    let stroke = try SampleBuffer(
      xs: [0, .nan], ys: [0, 1], extraChannels: [.t: [0, 0.01]])
    do {
      _ = try SignatureSamples(strokes: [stroke])
      Issue.record("a NaN was accepted")
    } catch {
      guard case .nonFiniteSample(let channel, let index, let value) = error else { return }
      #expect(channel == "x" && index == 1 && value.isNaN)
    }
  }

  @Test func duplicatePointsChangeNoGeometry() throws {
    let plain = try SampleBuffer(xs: [0, 3, 3, 7], ys: [0, 4, 8, 8], extraChannels: [:])
    let repeated = try SampleBuffer(
      xs: [0, 0, 3, 3, 3, 7, 7], ys: [0, 0, 4, 4, 8, 8, 8], extraChannels: [:])
    let a = Self.extractor.drawingFeatures(of: try SignatureSamples(strokes: [plain]))
    let b = Self.extractor.drawingFeatures(of: try SignatureSamples(strokes: [repeated]))
    for name in ["length", "width", "height", "closure", "totalTurning", "sharpness", "direction2"]
    {
      #expect(a[name] == b[name], "\(name)")
    }
    #expect(a["length"] == 13)
    #expect(abs(a["totalTurning"]! - (atan2(12.0, 16) - .pi / 2)) < 1e-12)
  }

  static let translationInvariant = InkFeatureExtractor.names
  static let rotationInvariant = [
    "length", "closure", "totalTurning", "totalAbsoluteTurning", "meanCurvature",
    "sdCurvature", "sharpness", "rubine5", "rubine8", "rubine9", "rubine10", "rubine11",
    "rubine12", "rubine13", "duration", "meanSpeed", "sdSpeed", "maxSpeed", "meanAcceleration",
    "sdAcceleration", "maxAcceleration", "meanJerk", "sdJerk", "maxJerk", "strokeCount",
    "inAirTime", "inAirLength", "meanForce", "sdForce", "maxForce", "meanAzimuth", "sdAzimuth",
    "meanAltitude", "sdAltitude",
  ]

  /// Whether two values agree to 1e-9 relative (absolute below 1).
  static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(b)) }

  @Test(arguments: [1, 2, 3] as [UInt64]) func featuresAreInvariantUnderMotion(seed: UInt64)
    throws
  {
    let base = try Self.randomSamples(seed: seed)
    let moved = try Self.randomSamples(seed: seed) { ($0 + 1234.5, $1 - 987.25) }
    let angle = 0.7
    let turned = try Self.randomSamples(seed: seed) {
      ($0 * cos(angle) - $1 * sin(angle), $0 * sin(angle) + $1 * cos(angle))
    }
    let f = Self.extractor.drawingFeatures(of: base)
    let g = Self.extractor.drawingFeatures(of: moved)
    let h = Self.extractor.drawingFeatures(of: turned)
    for name in Self.translationInvariant {
      // The pause count flips only where a speed sits at the threshold; none does here.
      #expect(Self.close(g[name]!, f[name]!), "translated: \(name) \(g[name]!) vs \(f[name]!)")
    }
    for name in Self.rotationInvariant {
      #expect(Self.close(h[name]!, f[name]!), "rotated: \(name) \(h[name]!) vs \(f[name]!)")
    }
    #expect(!Self.close(h["width"]!, f["width"]!))
  }

  @Test func strokesAddUpToTheDrawing() throws {
    let samples = try Self.randomSamples(seed: 7, strokes: 4)
    let strokes = Self.extractor.strokeFeatures(of: samples)
    let drawing = Self.extractor.drawingFeatures(of: samples)
    func sum(_ name: String) -> Double { strokes.reduce(0) { $0 + $1[name]! } }
    #expect(strokes.count == 4 && drawing["strokeCount"] == 4)
    #expect(strokes.allSatisfy { $0["strokeCount"] == 1 })
    #expect(strokes[0]["inAirTime"] == 0 && strokes[0]["inAirLength"] == 0)
    #expect(Self.close(sum("inAirTime"), drawing["inAirTime"]!))
    #expect(abs(strokes[1]["inAirTime"]! - 0.2) < 0.02)
    #expect(Self.close(sum("length") + drawing["inAirLength"]!, drawing["length"]!))
    #expect(Self.close(sum("pauseTime"), drawing["pauseTime"]!))
    #expect(strokes.map { $0["maxSpeed"]! }.max() == drawing["maxSpeed"])
  }

  @Test func onePointHasOnlyItsPen() throws {
    let point = try SampleBuffer(
      xs: [5], ys: [7], extraChannels: [.t: [3], .force: [0.4], .azimuth: [1], .altitude: [0.5]])
    let f = Self.extractor.drawingFeatures(of: try SignatureSamples(strokes: [point]))
    for (name, value) in zip(InkFeatureExtractor.names, f.values) {
      let expected: Double =
        switch name {
        case "strokeCount": 1
        case "meanForce", "maxForce": 0.4
        case "meanAzimuth": 1
        case "meanAltitude": 0.5
        default: 0
        }
      #expect(value == expected, "\(name)")
    }
  }

  @Test func aStillPenIsOnePause() throws {
    let ts = (0..<50).map { Double($0) * 0.01 }
    // Moving at 1,000 units/s, still from sample 9 to 39 (0.3 s), then moving again.
    let xs: [Double] = (0..<50).map { (i: Int) -> Double in
      Double(min(i, 9) + max(i - 39, 0)) * 10
    }
    let stroke = try SampleBuffer(
      xs: xs, ys: [Double](repeating: 0, count: 50), extraChannels: [.t: ts])
    let f = Self.extractor.drawingFeatures(of: try SignatureSamples(strokes: [stroke]))
    #expect(f["pauseCount"] == 1)
    #expect(abs(f["pauseTime"]! - 0.3) < 1e-9)
    #expect(abs(f["maxSpeed"]! - 1000) < 1e-6)
  }

  @Test func vectorsRoundTripThroughJSON() throws {
    let f = Self.extractor.drawingFeatures(of: try Self.randomSamples(seed: 3))
    let data = try JSONEncoder().encode(f)
    #expect(try JSONDecoder().decode(InkFeatureVector.self, from: data) == f)
    #expect(throws: DecodingError.self) {
      _ = try JSONDecoder().decode(InkFeatureVector.self, from: Data("{\"length\": 1}".utf8))
    }
  }
}
