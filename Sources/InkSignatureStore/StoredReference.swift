import Foundation

/// A reference signature as the store keeps it: the drawing's bytes in a format the caller
/// names (so that a later Ductus can read them again; the `ductus signature` commands keep
/// Ductus JSON), the name of that format, and the features a matcher computed from them.
public struct StoredReference: Hashable, Sendable {
  /// The name of the drawing's format (`pkdrawing`, `svc2004`, `ductus-json` …).
  public var format: String
  /// The drawing's bytes.
  public var drawing: Data
  /// The features of the drawing, encoded by the matcher (opaque to the store).
  public var features: Data
  /// When the reference was added.
  public var added: Date

  /// A reference.
  public init(format: String, drawing: Data, features: Data, added: Date) {
    self.format = format
    self.drawing = drawing
    self.features = features
    self.added = added
  }
}
