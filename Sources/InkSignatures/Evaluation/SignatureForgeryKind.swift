/// The two kinds of forgery of the SVC2004 protocol.
public enum SignatureForgeryKind: String, Hashable, Sendable, Codable, CaseIterable {
  /// A forger's imitation of the user's signature, after watching it written.
  case skilled
  /// Another user's genuine signature.
  case random
}
