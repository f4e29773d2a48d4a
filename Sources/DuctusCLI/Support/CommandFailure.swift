import Foundation
import InkFormats
import InkTracing
import _DuctusSupport

/// A failure that ends a command: the message printed on standard error and the exit code.
///
/// Commands throw it (or any error that `init(_:)` knows how to classify); the entry point
/// prints `error: <message>` and exits with `exitCode`.
package struct CommandFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// The status the process ends with.
  package var exitCode: ExitCode
  /// One line a user can act on, naming the file (and record) concerned.
  package var message: String

  /// Creates a failure.
  package init(_ exitCode: ExitCode, _ message: String) {
    self.exitCode = exitCode
    self.message = message
  }

  /// Classifies any error: a `CommandFailure` stays as it is, a `UsageError` exits 2, an
  /// `InkFormatError` exits 65 (2 when the format cannot do what was asked, such as writing a
  /// format that is only read), an `OutputFileError` and any other failure 74.
  package init(_ error: any Error) {
    switch error {
    case let failure as CommandFailure:
      self = failure
    case let usage as UsageError:
      self.init(.usage, usage.message)
    case let library as TemplateLibraryError:
      self.init(library.kind == .missing ? .inputMissing : .malformedInput, library.message)
    case let output as OutputFileError:
      self.init(.ioError, output.description)
    case let format as InkFormatError:
      self.init(format.kind == .unsupported ? .usage : .malformedInput, format.description)
    default:
      self.init(.ioError, Self.describe(error))
    }
  }

  /// The input at `path` does not exist or cannot be opened (exit 66).
  package static func inputMissing(_ path: String, reason: String = "no such file") -> Self {
    CommandFailure(.inputMissing, "\(path): \(reason)")
  }

  /// Reading or writing `path` failed (exit 74).
  package static func io(_ path: String, _ error: any Error) -> Self {
    CommandFailure(.ioError, "\(path): \(describe(error))")
  }

  /// A short text for a system error: the POSIX message without Foundation's decoration.
  static func describe(_ error: any Error) -> String {
    if let posix = error as? POSIXError {
      return Platform.errorMessage(posix.code.rawValue)
    }
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return Platform.errorMessage(Int32(underlying.code))
    }
    return nsError.localizedDescription
  }

  package var description: String { message }
}
