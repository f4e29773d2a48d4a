import _DuctusSupport

/// Where the failures of single records go during a batch: on standard error, one
/// `error: <file>: record <key>: <message>` line each; or, with `--errors FILE`, one NDJSON line
/// each, `{"error": …, "file": …, "record": …}` (keys sorted; `file` and `record` are `null`
/// when a failure names neither), written and flushed as the record fails.
///
/// The file is created (or emptied) when the batch starts and is not a temporary file: when the
/// batch is interrupted (Control-C, `SIGTERM`) or ends on a fatal error, it keeps the lines of
/// every failure so far. A FIFO or a device is written in place.
///
/// A batch that had failures ends with exit code 1 (`exitCode`), after finishing every other
/// record.
package final class RecordFailureLog {
  private let file: AtomicFile?
  private let context: CommandContext
  /// The first failure to write the file, thrown by `finish()`.
  private var writeFailure: OutputFileError?
  private var isFinished = false
  /// How many failures were logged (with those of the earlier runs of a resumed batch).
  package private(set) var count = 0
  /// The length of the file in bytes (0 without one).
  package private(set) var byteCount = 0

  /// Logs to the file at `path`, or to standard error when `path` is `nil`.
  ///
  /// A resumed batch (`--resume`) passes the point it resumes from: the file is cut to its
  /// first `resuming.bytes` bytes, which hold the first `resuming.failures` failures, and
  /// continued (see `ResumableRun`).
  ///
  /// - Throws: `CommandFailure`: exit 2 for `-` (the data has standard output; failures go to
  ///   standard error without `--errors`), 74 when the file cannot be created.
  package init(
    path: String?, context: CommandContext, resuming: (failures: Int, bytes: Int)? = nil
  ) throws(CommandFailure) {
    if path == "-" {
      throw CommandFailure(
        .usage,
        "'--errors -' would mix the failures with the data on standard output; failures go to "
          + "standard error without --errors, or name a file")
    }
    do {
      self.file = try path.map { path throws(OutputFileError) in
        try AtomicFile(streamingTo: path, keepingFirst: resuming?.bytes ?? 0)
      }
    } catch {
      throw CommandFailure(error)
    }
    self.context = context
    count = resuming?.failures ?? 0
    byteCount = file == nil ? 0 : resuming?.bytes ?? 0
  }

  /// Whether the failures go to a file written in place (a FIFO, a device), which a resumed
  /// batch cannot cut back.
  package var writesInPlace: Bool { file?.placement == .inPlace }

  /// Forces the lines logged so far onto the disk (a checkpoint of a resumed batch).
  ///
  /// - Throws: `CommandFailure` (exit 74).
  package func synchronize() throws(CommandFailure) {
    if let writeFailure { throw CommandFailure(writeFailure) }
    do {
      try file?.synchronize()
    } catch {
      throw CommandFailure(error)
    }
  }

  /// Logs the failure of one record (a line of the file is flushed at once).
  package func log(_ failure: CommandFailure) {
    count += 1
    guard let file else {
      context.reportError(failure.message)
      return
    }
    let line = Self.line(failure)
    byteCount += line.count
    file.sink.write(bytes: line)
    do {
      try file.sink.flush()
    } catch {
      writeFailure = writeFailure ?? error
    }
  }

  /// The `--errors` line of a failure: `{"error":…,"file":…,"record":…}` and a line feed.
  static func line(_ failure: CommandFailure) -> [UInt8] {
    var line = JSONTextWriter()
    line.append("{")
    line.appendKey("error", first: true)
    line.appendString(failure.reason)
    line.appendKey("file")
    if let file = failure.file { line.appendString(file) } else { line.append("null") }
    line.appendKey("record")
    if let record = failure.record { line.appendString(record) } else { line.append("null") }
    line.append("}\n")
    return line.bytes
  }

  /// Closes the file (when there is one) and returns `.success`, or `.someRecordsFailed` when
  /// anything was logged.
  ///
  /// - Throws: `CommandFailure` (exit 74) when a line could not be written.
  package func finish() throws(CommandFailure) -> ExitCode {
    do {
      if let writeFailure { throw writeFailure }
      if !isFinished { try file?.commit() }
      isFinished = true
    } catch {
      throw CommandFailure(error)
    }
    return count == 0 ? .success : .someRecordsFailed
  }
}
