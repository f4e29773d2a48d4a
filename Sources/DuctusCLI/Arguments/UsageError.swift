/// A mistake on the command line (exit code 2): the message names the option or argument and,
/// for a likely typo, the intended spelling.
public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// One line, e.g. `unknown option '--fromat'; did you mean '--format'?`.
  public var message: String

  /// Creates an error.
  public init(_ message: String) { self.message = message }

  public var description: String { message }
}
