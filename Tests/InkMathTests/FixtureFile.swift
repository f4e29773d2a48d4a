import DuctusTestSupport
import Foundation

/// One fixture file of `Tests/Fixtures/inkmath/`: provenance plus a list of cases.
struct FixtureFile<Case: Decodable>: Decodable {
  let cases: [Case]

  /// Decodes `Tests/Fixtures/inkmath/<name>.json`.
  static func load(_ name: String) throws -> [Case] {
    return try Fixture.decode(FixtureFile<Case>.self, from: "inkmath/\(name).json").cases
  }
}
