import DuctusTestSupport
import Foundation
import InkDistances
import InkSampling
import Testing

/// The measures against the peers' values in the committed fixture (1e-9 relative).
@Suite("Curve similarity against SciPy, tslearn and similaritymeasures")
struct SimilarityReferenceTests {
  static let synthetic = (try? SimilarityFixture.load().synthetic) ?? []
  static let gestures = (try? SimilarityFixture.load().gestures) ?? []

  @Test func fixtureLoads() throws {
    let fixture = try SimilarityFixture.load()
    #expect(fixture.synthetic.count == 17)
    #expect(fixture.gestures.count == 6)
  }

  @Test(arguments: synthetic)
  func syntheticCase(_ example: SimilarityFixture.SyntheticCase) throws {
    try checkAll(example.a.buffer, example.b.buffer, example.values, name: example.name)
  }

  @Test(
    .enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.skipMessage)),
    arguments: gestures)
  func dollarGesturePair(_ example: SimilarityFixture.GestureCase) throws {
    let a = try SimilarityFixture.dollarGesture(example.a)
    let b = try SimilarityFixture.dollarGesture(example.b)
    try checkAll(a, b, example.values, name: "\(example.a) ~ \(example.b)")
  }

  @Test(arguments: gestures)
  func pointCloudOfResampledGestures(_ example: SimilarityFixture.GestureCase) throws {
    let distance = try CurveSimilarity.pointCloudDistance(
      example.cloudA.buffer, example.cloudB.buffer)
    expectClose(distance, example.values.pointCloud, "$P \(example.a) ~ \(example.b)")
  }

  /// Every measure of the pair against its reference; a `nil` reference must be an error.
  private func checkAll(
    _ a: SampleBuffer, _ b: SampleBuffer, _ values: SimilarityFixture.Values, name: String
  ) throws {
    expectClose(try CurveSimilarity.discreteFrechetDistance(a, b), values.discreteFrechet, name)
    let forward = try CurveSimilarity.directedHausdorffDistance(from: a, to: b)
    let backward = try CurveSimilarity.directedHausdorffDistance(from: b, to: a)
    expectClose(forward.distance, values.directedHausdorffAB[0], name)
    expectClose(backward.distance, values.directedHausdorffBA[0], name)
    expectRealises(forward, a, b, name)
    expectRealises(backward, b, a, name)
    expectClose(try CurveSimilarity.hausdorffDistance(a, b), values.hausdorff, name)
    expectClose(
      try CurveSimilarity.meanNearestPointDistance(from: a, to: b), values.meanNearestAB, name)
    expectClose(try CurveSimilarity.meanNearestPointDistance(a, b), values.meanNearest, name)
    expectClose(try CurveSimilarity.lengthRatio(a, b), values.lengthRatio, name)
    expectMatch(values.areaBetween, name) { try CurveSimilarity.areaBetweenCurves(a, b) }
    expectMatch(values.pcm, name) { try CurveSimilarity.partialCurveMapping(a, b) }
    expectMatch(values.pcmNormalizedSegments, name) {
      try CurveSimilarity.partialCurveMapping(a, b, normalizeSegmentLength: true)
    }
    expectMatch(values.curveLengthMeasure, name) { try CurveSimilarity.curveLengthMeasure(a, b) }
    expectMatch(values.turningOpen, name) { try CurveSimilarity.turningFunctionDistance(a, b) }
    expectMatch(values.turningClosed, name) {
      try CurveSimilarity.turningFunctionDistance(a, b, closed: true)
    }
    if a.count == b.count {
      expectMatch(values.pointCloud, name) { try CurveSimilarity.pointCloudDistance(a, b) }
    }
  }

  /// The value when the peer has one, an error when it has none.
  private func expectMatch(
    _ expected: Double?, _ name: String, _ measure: () throws -> Double
  ) {
    if let expected {
      #expect(throws: Never.self, "\(name)") { expectClose(try measure(), expected, name) }
    } else {
      #expect(throws: SimilarityError.self, "\(name)") { _ = try measure() }
    }
  }

  /// The reported pair is at the reported distance (SciPy's indices may differ on ties).
  private func expectRealises(
    _ pair: HausdorffPair, _ from: SampleBuffer, _ to: SampleBuffer, _ name: String
  ) {
    let dx = from.xs[pair.firstIndex] - to.xs[pair.secondIndex]
    let dy = from.ys[pair.firstIndex] - to.ys[pair.secondIndex]
    #expect((dx * dx + dy * dy).squareRoot() == pair.distance, "\(name)")
  }
}

/// `actual` equals `expected` to 1e-9 relative (1e-12 absolute near zero).
func expectClose(
  _ actual: Double, _ expected: Double?, _ name: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let expected else {
    Issue.record("\(name): no reference value", sourceLocation: sourceLocation)
    return
  }
  let tolerance = 1e-9 * max(abs(expected), 1e-3)
  #expect(
    abs(actual - expected) <= tolerance, "\(name): \(actual) vs \(expected)",
    sourceLocation: sourceLocation)
}

extension SimilarityFixture.SyntheticCase: CustomTestStringConvertible {
  var testDescription: String { name }
}

extension SimilarityFixture.GestureCase: CustomTestStringConvertible {
  var testDescription: String { "\(a) ~ \(b)" }
}
