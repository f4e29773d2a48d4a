import DuctusTestSupport
import Foundation
import InkFeatures
import InkSampling
import OpenPencilKit
import Testing

/// Degenerate signatures give finite, documented values; a NaN sample is refused by name.
@Suite struct SignatureFeatureEdgeCaseTests {
  static func drawing(_ strokes: [[(x: Double, y: Double, t: Double)]]) -> PKDrawing {
    PKDrawing(
      strokes: strokes.map { points in
        PKStroke(
          ink: PKInk(.pen, color: .black),
          path: PKStrokePath(
            controlPoints: points.map {
              PKStrokePoint(
                location: CGPoint(x: $0.x, y: $0.y), timeOffset: $0.t,
                size: CGSize(width: 1, height: 1), opacity: 1, force: 0.5, azimuth: 0,
                altitude: .pi / 2)
            }, creationDate: Date(timeIntervalSinceReferenceDate: 0)))
      })
  }

  @Test func anEmptySignatureHasNoRowsAndZeroGlobals() throws {
    let features = try SignatureFeatureExtractor().features(of: PKDrawing())
    #expect(features.local.count == 0)
    #expect(features.local.columns.count == 18)
    #expect(features.local.columns.allSatisfy { $0.isEmpty })
    #expect(features.global.values == [Double](repeating: 0, count: 61))
  }

  @Test func onePointHasZeroFunctionsAndNoExtent() throws {
    let features = try SignatureFeatureExtractor().features(of: Self.drawing([[(5, 7, 0)]]))
    #expect(features.local.count == 1)
    #expect(features.local.columns.allSatisfy { $0 == [0] })
    #expect(features.global["sampleCount"] == 1)
    #expect(features.global["duration"] == 0)
    #expect(features.global["pathLength"] == 0)
    #expect(features.global["meanPressure"] == 0.5)
  }

  @Test func aPenStandingStillHasAFiniteCurvatureRadius() throws {
    let still = Self.drawing([(0..<6).map { (2, 2, Double($0) * 0.01) }])
    let samples = try SignatureSamples(drawing: still)
    let local = SignatureFeatureExtractor().localFunctions(of: samples)
    #expect(local.columns.allSatisfy { $0.allSatisfy { $0 == 0 } })
    let global = SignatureFeatureExtractor().globalFeatures(of: samples)
    #expect(global["duration"]! == 0.05)
    #expect(global["maxSpeed"] == 0)
    #expect(global["direction0"] == 0)
  }

  @Test func aStraightLineHasTheFloorOfTheTurningRate() throws {
    // v = 1 a sample and θ̇ = 0: ρ = ln(1 / ε) at every sample, a constant, so z-normalised 0.
    let line = Self.drawing([(0..<10).map { (Double($0), 0, Double($0) * 0.01) }])
    let global = try SignatureFeatureExtractor().features(of: line).global
    #expect(global["direction0"] == 1)
    #expect(global["turning0"] == 1)
    #expect(global["pathLength"] == 9)
    // Per sample the regression gives 0.5, 0.8, 1 × 6, 0.8, 0.5 (the ends repeat): mean 0.86.
    #expect(abs(global["meanVx"]! - 86) < 1e-9)
    #expect(global["dxSignChanges"] == 0)
    #expect(global["initialDirection"] == 0)
  }

  @Test func twoStrokesCountOnePenUpAndItsGap() throws {
    let two = Self.drawing([
      [(0, 0, 0), (1, 1, 0.01)], [(5, 0, 0.5), (6, 0, 0.51), (7, 0, 0.52)],
    ])
    let global = try SignatureFeatureExtractor().features(of: two).global
    #expect(global["penUps"] == 1)
    #expect(abs(global["meanPenUpDuration"]! - 0.49) < 1e-12)
    #expect(abs(global["duration"]! - 0.52) < 1e-12)
    #expect(abs(global["penDownDurationRatio"]! - 0.03 / 0.52) < 1e-12)
  }

  @Test func repeatedTimestampsLeaveTheSamplingIntervalAlone() throws {
    let clocked = Self.drawing([
      [(0, 0, 0), (1, 0, 0.01), (2, 0, 0.01), (3, 0, 0.03), (4, 0, 0.022), (5, 0, 0.04)]
    ])
    let samples = try SignatureSamples(drawing: clocked)
    // Positive steps 0.01, 0.02, 0.018: the median is 0.018.
    #expect(abs(samples.samplingInterval - 0.018) < 1e-15)
    #expect(
      try SignatureSamples(drawing: Self.drawing([[(0, 0, 1), (1, 1, 1)]])).samplingInterval == 1)
  }

  @Test func aNaNCoordinateIsRefusedByChannelAndSample() throws {
    let broken = Self.drawing([[(0, 0, 0), (1, 1, 0.01)], [(.nan, 2, 0.1)]])
    do {
      _ = try SignatureFeatureExtractor().features(of: broken)
      Issue.record("a NaN coordinate was accepted")
    } catch {
      guard case .nonFiniteSample(let channel, let index, let value) = error else { return }
      #expect(channel == "x" && index == 2 && value.isNaN)
      #expect(
        error.description == "the x of pen-down sample 2 is nan, which is not a finite number")
    }
    let infinite = Self.drawing([[(0, 0, 0), (1, .infinity, 0.01)]])
    // The stroke's transform mixes the coordinates (0 × ∞ is NaN), so either may be named.
    do {
      _ = try SignatureSamples(drawing: infinite)
      Issue.record("an infinite coordinate was accepted")
    } catch {
      guard case .nonFiniteSample(let channel, let index, _) = error else { return }
      #expect(["x", "y"].contains(channel) && index == 1)
    }
  }

  @Test func localFunctionsDoNotChangeUnderTranslationAndUniformTiming() throws {
    var generator = SplitMix64(seed: 7)
    var points: [(x: Double, y: Double, t: Double)] = []
    var x = 0.0
    var y = 0.0
    for i in 0..<80 {
      x += Double.random(in: -3...5, using: &generator)
      y += Double.random(in: -4...4, using: &generator)
      points.append((x, y, Double(i) * 0.01))
    }
    let a = try SignatureFeatureExtractor().features(of: Self.drawing([points])).local
    let moved = points.map { (x: $0.x + 1000, y: $0.y - 250, t: $0.t) }
    let b = try SignatureFeatureExtractor().features(of: Self.drawing([moved])).local
    for (column, other) in zip(a.columns, b.columns) {
      for (u, v) in zip(column, other) { #expect(abs(u - v) < 1e-9) }
    }
    for (name, column) in zip(a.names, a.columns) where column.contains(where: { $0 != 0 }) {
      let mean = column.reduce(0, +) / Double(column.count)
      let variance = column.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(column.count)
      #expect(abs(mean) < 1e-12, "\(name)")
      #expect(abs(variance - 1) < 1e-12, "\(name)")
    }
  }
}
