import OpenPencilKit

extension InkFormatError {
  /// The error of PencilKit's binary reader in the terms of the format registry, keeping its
  /// byte offset.
  public init(_ error: PencilKitBinaryError) {
    let kind: Kind =
      switch error.kind {
      case .notPencilKitData: .unknownFormat
      case .truncated: .truncated
      case .malformed: .malformed
      case .invalidValue: .invalidValue
      case .unsupportedVersion: .unsupportedVersion
      }
    self.init(kind, error.message, offset: error.offset)
  }
}
