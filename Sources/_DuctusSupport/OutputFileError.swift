import Foundation

/// Writing an output file or stream failed: the folder is missing or read-only, the disk is full,
/// a rename was refused. Commands exit 74 (I/O error) for it.
package struct OutputFileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The destination, as the user named it (`<stdout>` for standard output).
  package var path: String
  /// The system's reason (`No space left on device`).
  package var reason: String

  /// A failure writing `path`.
  package init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// A failure writing `path` for a system error (the POSIX message without Foundation's
  /// decoration where there is one).
  package init(path: String, _ error: any Error) {
    let reason: String
    if let posix = error as? POSIXError {
      reason = Platform.errorMessage(posix.code.rawValue)
    } else if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      reason = Platform.errorMessage(Int32(underlying.code))
    } else {
      reason = (error as NSError).localizedDescription
    }
    self.init(path: path, reason: reason)
  }

  /// A failure to reopen `path` and cut it to its first `length` bytes for a resumed run
  /// (`Platform.openForAppending(_:keepingFirst:)`): `ESPIPE` there means the file is shorter,
  /// so it is not the file the run's journal describes.
  package static func reopening(_ path: String, keepingFirst length: Int, _ error: any Error)
    -> OutputFileError
  {
    guard (error as? POSIXError)?.code == .ESPIPE else { return OutputFileError(path: path, error) }
    return OutputFileError(
      path: path,
      reason: "shorter than the \(length) bytes its journal counts; run without --resume to "
        + "start over")
  }

  /// `<path>: <reason>`.
  package var description: String { "\(path): \(reason)" }
}
