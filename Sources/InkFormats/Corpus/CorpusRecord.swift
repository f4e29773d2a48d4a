import OpenPencilKit

/// One drawing of a corpus with its identity: a key unique within the corpus, an optional label
/// (the class, word or character it shows) and free-form metadata.
public struct CorpusRecord: Hashable, Sendable {
  /// The record's identity within its corpus (a Quick, Draw! `key_id`, a file name, a UNIPEN
  /// segment number …).
  public var key: String
  /// What the drawing shows, when the source says.
  public var label: String?
  /// Other facts the source carries (country, subject, speed …), as text.
  public var metadata: [String: String]
  /// The drawing itself.
  public var drawing: PKDrawing

  /// Creates a record.
  public init(
    key: String, label: String? = nil, metadata: [String: String] = [:], drawing: PKDrawing
  ) {
    self.key = key
    self.label = label
    self.metadata = metadata
    self.drawing = drawing
  }
}
