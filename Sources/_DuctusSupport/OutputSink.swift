import Foundation

/// A buffered byte stream to standard output or to a file being written.
///
/// Writes never throw: the first failure is kept and thrown by `flush()`, in the way of C's
/// `FILE`, so that a loop that writes many records checks once at the end.
///
/// A write that finds the reader of a pipe gone (`EPIPE`, with `SIGPIPE` ignored) also calls
/// ``brokenPipeHandler``, which the command line sets to end the process as `SIGPIPE` would
/// have, after removing its temporary files.
package final class OutputSink {
  /// Called on the first write that fails with `EPIPE`; `nil` (the default) keeps the failure
  /// for `flush()` like any other. Set once, before any output, by the process's entry point.
  nonisolated(unsafe) package static var brokenPipeHandler: (@Sendable () -> Void)?

  /// What the sink writes to, for messages (`<stdout>` or the file's path).
  package let name: String
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private var failure: POSIXError?
  private static let capacity = 1 << 16

  /// Creates a sink for an open descriptor; `name` is used in error messages.
  package init(descriptor: Int32, name: String) {
    self.descriptor = descriptor
    self.name = name
    buffer.reserveCapacity(Self.capacity)
  }

  /// A sink for the process's standard output.
  package static func standardOutput() -> OutputSink {
    OutputSink(descriptor: Platform.standardOutput, name: "<stdout>")
  }

  /// Appends text, encoded as UTF-8.
  package func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= Self.capacity { drain() }
  }

  /// Appends bytes.
  package func write(_ data: Data) {
    buffer.append(contentsOf: data)
    if buffer.count >= Self.capacity { drain() }
  }

  /// Appends bytes from any sequence.
  package func write<Bytes: Sequence>(bytes: Bytes) where Bytes.Element == UInt8 {
    buffer.append(contentsOf: bytes)
    if buffer.count >= Self.capacity { drain() }
  }

  /// Writes out what is buffered.
  ///
  /// - Throws: ``OutputFileError`` for the first write that failed since the sink opened.
  package func flush() throws(OutputFileError) {
    drain()
    if let failure { throw OutputFileError(path: name, failure) }
  }

  private func drain() {
    defer { buffer.removeAll(keepingCapacity: true) }
    guard failure == nil, !buffer.isEmpty else { return }
    do {
      try buffer.withUnsafeBytes { try Platform.write($0, to: descriptor) }
    } catch {
      let posix = error as? POSIXError ?? POSIXError(.EIO)
      failure = posix
      if posix.code == .EPIPE { Self.brokenPipeHandler?() }
    }
  }
}
