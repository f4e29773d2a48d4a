import Foundation
import InkFormats
import InkRender
import InkSignatureStore
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
  /// The file a failure concerns, when it is known apart from the message (for the
  /// `{"file", "record", "error"}` lines of `--errors`).
  package var file: String?
  /// The record a failure concerns (its key, or `line N`), when known apart from the message.
  package var record: String?
  /// What went wrong, without the file and record: the message when they are not known
  /// apart.
  package var reason: String

  /// Creates a failure.
  package init(_ exitCode: ExitCode, _ message: String) {
    self.exitCode = exitCode
    self.message = message
    self.reason = message
  }

  /// A failure of one record of a file: the message is `<file>: record <key>: <reason>`, and
  /// the three parts are kept apart for `--errors`.
  package static func record(
    _ exitCode: ExitCode, file: String, record: String, _ reason: String
  ) -> CommandFailure {
    var failure = CommandFailure(exitCode, "\(file): record \(record): \(reason)")
    failure.file = file
    failure.record = record
    failure.reason = reason
    return failure
  }

  /// Failures are equal when they end the process alike and say the same.
  package static func == (lhs: CommandFailure, rhs: CommandFailure) -> Bool {
    lhs.exitCode == rhs.exitCode && lhs.message == rhs.message
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(exitCode)
    hasher.combine(message)
  }

  /// Classifies any error: a `CommandFailure` stays as it is, a `UsageError` exits 2, a
  /// `SignatureStoreError` by its kind (66 missing store or user, 2 a bad id or a user enrolled
  /// already, 65 a file that is not a store or is damaged, 74 an unsafe file or a database
  /// failure), an `InkFormatError` exits 65 (2 when the format cannot do what was asked, such
  /// as writing a format that is only read), an `OutputFileError` and any other failure 74.
  package init(_ error: any Error) {
    switch error {
    case let failure as CommandFailure:
      self = failure
    case let usage as UsageError:
      self.init(.usage, usage.message)
    case let library as TemplateLibraryError:
      self.init(library.kind == .missing ? .inputMissing : .malformedInput, library.message)
    case let encoding as EncodingError where FiniteOutput.reason(encoding) != nil:
      self.init(.malformedInput, FiniteOutput.reason(encoding)!)
    case RenderError.fileWrite(let path, let reason):
      self.init(.ioError, "\(path): \(reason)")
    case let output as OutputFileError:
      self.init(.ioError, output.description)
      (file, reason) = (output.path, output.reason)
    case let store as SignatureStoreError:
      let code: ExitCode =
        switch store.kind {
        case .missing, .unknownUser: .inputMissing
        case .invalidUserID, .alreadyEnrolled: .usage
        case .notAStore, .newerSchema, .invalidContent, .damaged: .malformedInput
        case .unsafeFile, .database, .changed: .ioError
        }
      self.init(code, store.description)
      file = store.path
    case let format as InkFormatError:
      let code: ExitCode =
        switch format.kind {
        case .unsupported: .usage
        case .writeFailed: .ioError
        default: .malformedInput
        }
      self.init(code, format.description)
      file = format.file
      record = format.record
      var located = format
      (located.file, located.record) = (nil, nil)
      reason = located.description
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
