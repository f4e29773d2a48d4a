import OpenPencilKit
import _DuctusSupport

extension PKContentVersion: ArgumentValue {
  /// Reads a version number, `1` to `4`.
  package init?(argument: String) {
    guard let number = Int(argument), let version = PKContentVersion(rawValue: number) else {
      return nil
    }
    self = version
  }

  /// `a content version from 1 to 4`.
  package static var expectation: String {
    "a content version from 1 to \(PKContentVersion.latest.rawValue)"
  }
}
