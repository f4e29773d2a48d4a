import DuctusTestSupport
import Foundation
import OpenPencilKit

/// The reference values of `Tests/Fixtures/signatures/features.json`, written by
/// `Scripts/reference/signature_features.py` in NumPy from the catalog's formulas.
struct SignatureFeaturesFixture: Decodable {
  /// The local functions as the script names and computes them (derivative order 2).
  struct Local: Decodable {
    var names: [String]
    var columns: [[Double]]
  }

  /// One synthetic signature with its expected features.
  struct Signature: Decodable {
    var name: String
    var strokes: [FixtureStroke]
    var local: Local
    var global: [String: Double]
    var samplingInterval: Double

    /// The signature as a drawing, each stroke created at its start time.
    var drawing: PKDrawing { FixtureStroke.drawing(strokes) }
  }

  var signatures: [Signature]

  /// The fixture, read once.
  static func load() throws -> SignatureFeaturesFixture {
    try Fixture.decode(SignatureFeaturesFixture.self, from: "signatures/features.json")
  }

  /// Whether `actual` is `expected` to 1e-9 relative (absolute below 1, where z-normalised
  /// values cross 0).
  static func agrees(_ actual: Double, _ expected: Double) -> Bool {
    abs(actual - expected) <= 1e-9 * max(1, abs(expected))
  }
}
