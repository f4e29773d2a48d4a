import _DuctusSupport

/// A mistake on the command line (exit code 2): the message names the option or argument and,
/// for a likely typo, the intended spelling.
package struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// One line, e.g. `unknown option '--fromat'; did you mean '--format'?`.
  package var message: String

  /// Creates an error.
  package init(_ message: String) { self.message = message }

  package var description: String { message }
}
