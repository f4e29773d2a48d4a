import _DuctusSupport

/// Where the failures of single records go during a batch (`--errors FILE`): one line each,
/// `file: record KEY: message`, on standard error or in the file, which is written atomically
/// when the batch ends.
///
/// A batch that had failures ends with exit code 1 (`exitCode`), after finishing every other
/// record.
package final class RecordFailureLog {
  private let file: AtomicFile?
  private let context: CommandContext
  /// How many failures were logged.
  package private(set) var count = 0

  /// Logs to the file at `path`, or to standard error when `path` is `nil`.
  ///
  /// - Throws: `CommandFailure` (exit 74) when the file cannot be created.
  package init(path: String?, context: CommandContext) throws(CommandFailure) {
    do {
      self.file = try path.map { path throws(OutputFileError) in try AtomicFile(path: path) }
    } catch {
      throw CommandFailure(error)
    }
    self.context = context
  }

  /// Logs the failure of one record.
  package func log(_ failure: CommandFailure) {
    count += 1
    if let file {
      file.sink.write(failure.message + "\n")
    } else {
      context.reportError(failure.message)
    }
  }

  /// Writes the file out (when there is one) and returns `.success`, or `.someRecordsFailed`
  /// when anything was logged.
  package func finish() throws(CommandFailure) -> ExitCode {
    do {
      try file?.commit()
    } catch {
      throw CommandFailure(error)
    }
    return count == 0 ? .success : .someRecordsFailed
  }
}
