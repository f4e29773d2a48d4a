import Foundation

/// The one loader of the reference fixtures under `Tests/Fixtures/` (written once by the
/// scripts in `Scripts/reference/`), so that every test target reads them the same way and a
/// broken fixture names its file.
public enum Fixture {
  /// A fixture that could not be read or decoded.
  public struct LoadError: Error, CustomStringConvertible {
    /// The fixture's path below `Tests/Fixtures/`.
    public var path: String
    /// Why.
    public var reason: String
    public var description: String { "Tests/Fixtures/\(path): \(reason)" }
  }

  /// The bytes of `Tests/Fixtures/<path>`.
  public static func data(_ path: String) throws -> Data {
    do {
      return try Data(contentsOf: SharedData.fixture(path))
    } catch {
      throw LoadError(path: path, reason: "cannot be read (\(error.localizedDescription))")
    }
  }

  /// `Tests/Fixtures/<path>` decoded as JSON.
  public static func decode<Value: Decodable>(_ type: Value.Type, from path: String) throws
    -> Value
  {
    let bytes = try data(path)
    do {
      return try JSONDecoder().decode(type, from: bytes)
    } catch {
      throw LoadError(path: path, reason: "\(error)")
    }
  }
}
