import DuctusTestSupport
import Foundation
import InkDistances
import InkRecognition
import InkSampling
import InkTracing
import Testing

/// The reference values written by Scripts/reference/multistroke.py (numpy and dtaidistance).
private struct MultistrokeFixture: Decodable {
  struct Attempt: Decodable {
    var label: String
    var how: String
    var strokes: [[[Double]]]
    var signature: [[Double]]
    var distances: [String: Double]

    var buffers: [SampleBuffer] {
      strokes.map { SampleBuffer(xs: $0.map { $0[0] }, ys: $0.map { $0[1] }) }
    }
  }

  var sampleCount: Int
  var penUpWeight: Double
  var directionWeight: Double
  var closedStrokeStarts: Int
  var prototypeCounts: [String: Int]
  var attempts: [Attempt]

  static let loaded: MultistrokeFixture = try! Fixture.decode(
    MultistrokeFixture.self, from: "multistroke/cases.json")

  /// A bundled template's strokes by name.
  static func template(_ name: String) throws -> [SampleBuffer] {
    try TemplateLibrary.bundled.template(named: name).strokes.map(\.samples)
  }
}

@Suite("The multistroke matcher")
struct MultistrokeMatcherTests {
  private let fixture = MultistrokeFixture.loaded

  private var matcher: MultistrokeMatcher {
    MultistrokeMatcher(
      sampleCount: fixture.sampleCount, penUpWeight: fixture.penUpWeight,
      directionWeight: fixture.directionWeight, closedStrokeStarts: fixture.closedStrokeStarts)
  }

  @Test func theDefaultsAreTheFixture() {
    let defaults = MultistrokeMatcher()
    #expect(defaults.sampleCount == fixture.sampleCount)
    #expect(defaults.penUpWeight == fixture.penUpWeight)
    #expect(defaults.directionWeight == fixture.directionWeight)
    #expect(defaults.closedStrokeStarts == fixture.closedStrokeStarts)
  }

  @Test func prototypesAreEveryOrderDirectionAndStart() throws {
    for (name, count) in fixture.prototypeCounts {
      #expect(
        matcher.prototypes(of: try MultistrokeFixture.template(name)).count == count, "\(name)")
    }
  }

  @Test func signaturesMatchNumpy() throws {
    for attempt in fixture.attempts {
      let signature = try matcher.signature(of: attempt.buffers)
      #expect(signature.channels.count == 5)
      let channels = try MultistrokeMatcher.signatureChannels.map { try signature.samples(of: $0) }
      for (index, row) in attempt.signature.enumerated() {
        for (channel, expected) in row.enumerated() {
          #expect(
            abs(channels[channel][index] - expected) <= 1e-9,
            "\(attempt.label) \(attempt.how): sample \(index) channel \(channel)")
        }
      }
    }
  }

  @Test func distancesMatchDtaidistance() throws {
    let names = fixture.prototypeCounts.keys.sorted()
    let prototypes = try names.map { matcher.prototypes(of: try MultistrokeFixture.template($0)) }
    for attempt in fixture.attempts {
      let signature = try matcher.signature(of: attempt.buffers)
      for (name, models) in zip(names, prototypes) {
        let expected = try #require(attempt.distances[name])
        let distance = matcher.distance(signature, to: models)
        #expect(
          abs(distance - expected) <= 1e-9 * max(1, expected),
          "\(attempt.label) \(attempt.how) to \(name): \(distance) vs \(expected)")
      }
    }
  }

  @Test func eachCleanAttemptIsNearestItsOwnTemplate() throws {
    let names = fixture.prototypeCounts.keys.sorted()
    let clean = ["jittered", "reordered and reversed", "duplicate points"]
    for attempt in fixture.attempts where clean.contains(attempt.how) {
      let nearest = names.min { attempt.distances[$0]! < attempt.distances[$1]! }
      #expect(nearest == attempt.label, "\(attempt.label) \(attempt.how)")
    }
  }

  @Test func signaturesIgnoreTranslationAndScale() throws {
    let strokes = try MultistrokeFixture.template("latin/E")
    let moved = strokes.map { stroke in
      SampleBuffer(xs: stroke.xs.map { $0 * 3.5 - 120 }, ys: stroke.ys.map { $0 * 3.5 + 44 })
    }
    let a = try matcher.signature(of: strokes)
    let b = try matcher.signature(of: moved)
    for channel in MultistrokeMatcher.signatureChannels {
      let (x, y) = (try a.samples(of: channel), try b.samples(of: channel))
      #expect(zip(x, y).allSatisfy { abs($0 - $1) <= 1e-9 }, "\(channel)")
    }
  }

  @Test func theDistanceIsZeroForTheModelItselfAndSymmetricBetweenSignatures() throws {
    let e = try MultistrokeFixture.template("latin/E")
    let o = try MultistrokeFixture.template("latin/O")
    let prototypes = matcher.prototypes(of: e)
    #expect(matcher.distance(try matcher.signature(of: e), to: prototypes) == 0)
    // Written backwards and in another order, E is still found at distance 0.
    let backwards = e.reversed().map { SampleBuffer(xs: $0.xs.reversed(), ys: $0.ys.reversed()) }
    #expect(matcher.distance(try matcher.signature(of: backwards), to: prototypes) <= 1e-12)
    let (se, so) = (try matcher.signature(of: e), try matcher.signature(of: o))
    #expect(matcher.distance(se, to: [so]) == matcher.distance(so, to: [se]))
  }

  @Test func edgeCases() throws {
    #expect(throws: ResamplingError.empty) { try matcher.signature(of: []) }
    #expect(throws: ResamplingError.empty) {
      try matcher.signature(of: [SampleBuffer(xs: [], ys: [])])
    }
    #expect(throws: ResamplingError.self) {
      try matcher.signature(of: [SampleBuffer(xs: [0, .nan], ys: [0, 1])])
    }
    let dot = try matcher.signature(of: [SampleBuffer(xs: [3], ys: [4])])
    #expect(dot.count == fixture.sampleCount)
    #expect(dot.xs.allSatisfy { $0 == 0 } && dot.ys.allSatisfy { $0 == 0 })
    #expect(matcher.prototypes(of: []).isEmpty)
    #expect(matcher.distance(dot, to: []) == .infinity)
  }
}
