import _DuctusSupport

/// The status `ductus` ends with, as the architecture note fixes them; the numbers above 63 are
/// those of BSD's `sysexits.h`, so that shell scripts and batch schedulers can tell a bad file
/// from a missing one without reading the message.
package enum ExitCode: Int32, Sendable, CaseIterable {
  /// Everything worked.
  case success = 0
  /// The command finished, but some records failed (each reported on standard error or in
  /// `--errors FILE`).
  case someRecordsFailed = 1
  /// The command line was wrong: an unknown option, a missing value, a bad number.
  case usage = 2
  /// An input's bytes are not valid data of its format (`EX_DATAERR`).
  case malformedInput = 65
  /// An input file does not exist or cannot be opened (`EX_NOINPUT`).
  case inputMissing = 66
  /// Reading or writing failed for a reason other than the data (`EX_IOERR`): a full disk, a
  /// folder that does not exist, no permission to write.
  case ioError = 74
  /// The terminal hung up (128 + `SIGHUP`); unfinished output files were removed.
  case hangUp = 129
  /// The user pressed Control-C (128 + `SIGINT`); unfinished output files were removed.
  case interrupted = 130
  /// The reader of standard output (or of an output FIFO) went away, as with `| head` (128 +
  /// `SIGPIPE`); the command stopped quietly, its temporary files removed.
  case brokenPipe = 141
  /// The process was asked to stop (128 + `SIGTERM`: Slurm, `timeout`, systemd, `kill`);
  /// unfinished output files were removed.
  case terminated = 143
}
