/// A template the library cannot give: the name is not in it, the file cannot be read, or the
/// file is not a template.
public struct TemplateLibraryError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Hashable, Sendable {
    /// No such template, file or library folder.
    case missing
    /// The file is not a readable template.
    case malformed
  }

  /// What went wrong.
  public var kind: Kind
  /// One line naming the template or file.
  public var message: String

  /// A failure of a kind.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
