import DuctusTestSupport
import Foundation
import InkFeatures
import Testing

/// The features agree with the NumPy reference of `Scripts/reference/signature_features.py` to
/// 1e-9 relative, on synthetic signatures with pen-ups, a clock that repeats and steps back, a
/// pause, one-sample strokes, and the degenerate cases (empty, one point, two points, constant
/// position, one timestamp for all samples).
@Suite struct SignatureFeatureReferenceTests {
  static let extractor = SignatureFeatureExtractor(derivativeOrder: 2)

  @Test func localFunctionsMatchTheReference() throws {
    for signature in try SignatureFeaturesFixture.load().signatures {
      let local = try Self.extractor.features(of: signature.drawing).local
      #expect(local.names == signature.local.names, "\(signature.name)")
      #expect(local.count == signature.local.columns.first?.count, "\(signature.name)")
      for (name, (actual, expected)) in zip(
        local.names, zip(local.columns, signature.local.columns))
      {
        #expect(actual.count == expected.count, "\(signature.name) \(name)")
        for (i, (a, e)) in zip(actual, expected).enumerated()
        where !SignatureFeaturesFixture.agrees(a, e) {
          Issue.record("\(signature.name): \(name)[\(i)] is \(a), the reference \(e)")
          break
        }
      }
    }
  }

  @Test func globalFeaturesMatchTheReference() throws {
    for signature in try SignatureFeaturesFixture.load().signatures {
      let global = try Self.extractor.features(of: signature.drawing).global
      #expect(Set(signature.global.keys) == Set(GlobalFeatures.names), "\(signature.name)")
      for (name, value) in zip(GlobalFeatures.names, global.values) {
        let expected = try #require(signature.global[name])
        #expect(
          SignatureFeaturesFixture.agrees(value, expected),
          "\(signature.name): \(name) is \(value), the reference \(expected)")
      }
    }
  }

  @Test func samplingIntervalMatchesTheReference() throws {
    for signature in try SignatureFeaturesFixture.load().signatures {
      let samples = try SignatureSamples(drawing: signature.drawing)
      #expect(samples.samplingInterval == signature.samplingInterval, "\(signature.name)")
    }
  }

  @Test func lowerDerivativeOrdersArePrefixesOfTheSecond() throws {
    let signature = try #require(try SignatureFeaturesFixture.load().signatures.first)
    let full = try Self.extractor.features(of: signature.drawing).local
    for order in 0...1 {
      let local = try SignatureFeatureExtractor(derivativeOrder: order).features(
        of: signature.drawing
      ).local
      #expect(local.names == Array(full.names.prefix(9 * (order + 1))))
      #expect(local.columns == Array(full.columns.prefix(9 * (order + 1))))
    }
    let withoutAngles = try SignatureFeatureExtractor(includesPenAngles: false).features(
      of: signature.drawing
    ).local
    #expect(
      withoutAngles.names == [
        "x", "y", "pressure", "theta", "velocity", "rho", "acceleration", "dx", "dy",
        "dpressure", "dtheta", "dvelocity", "drho", "dacceleration",
      ])
    #expect(withoutAngles["dvelocity"] == full["dvelocity"])
  }
}
