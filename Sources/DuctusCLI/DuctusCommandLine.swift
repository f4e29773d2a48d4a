import _DuctusSupport

/// The `ductus` tool as a library call: `main()` is all the executable does, and `run(_:context:)`
/// runs one command line and returns its exit code, for tests and for embedding.
package enum DuctusCommandLine {
  /// The tool's version, printed by `ductus --version`.
  package static let version = "0.1.0"

  /// The command tree.
  static let root = DuctusCommand()

  /// Runs the process's command line and exits with its status.
  ///
  /// No temporary file outlives the process: they are removed when the command ends, however
  /// it ends; on hang-up, Control-C and `SIGTERM` (and the other `Platform.terminations`),
  /// which print a word on standard error and exit with 128 + the signal (129, 130, 143); when
  /// an output pipe's reader goes away (quietly, 141, as `SIGPIPE` would); and on a crash.
  /// Only `SIGKILL` leaves them, for the next run to remove (`TemporaryFiles`).
  package static func main(_ arguments: [String] = CommandLine.arguments) -> Never {
    let errorIsTerminal = Platform.isTerminal(Platform.standardError)
    Platform.handleTerminations { termination in
      // On a terminal the word goes below the "^C" the terminal echoed and any progress line.
      let message = (errorIsTerminal ? "\n" : "") + termination.word + "\n"
      TemporaryFiles.endProcess(status: termination.status, message: message)
    }
    OutputSink.brokenPipeHandler = {
      TemporaryFiles.endProcess(status: ExitCode.brokenPipe.rawValue, message: nil)
    }
    let code = run(Array(arguments.dropFirst()), context: .standard())
    TemporaryFiles.removeAll()
    Platform.exit(status: code.rawValue)
  }

  /// Runs one command line (the words after `ductus`) and returns its exit code.
  ///
  /// Help goes to standard output (also for a group command given no subcommand); a usage error prints `error: …`, the usage line and a hint on
  /// standard error and returns `.usage`; any other failure prints `error: …` and returns its
  /// code (see `CommandFailure.init(_:)`).
  package static func run(_ words: [String], context: CommandContext) -> ExitCode {
    var parser = CommandLineParser(root: root)
    let formatter = HelpFormatter(width: context.helpWidth)
    var code: ExitCode
    do {
      switch try parser.parse(words) {
      case .help(let path):
        context.output.write(formatter.help(path))
        code = .success
      case .run(let path, let arguments):
        code = try path[path.count - 1].run(arguments, context: context)
      }
    } catch is HelpRequest {
      context.output.write(formatter.help(parser.path))
      code = .success
    } catch {
      let failure = CommandFailure(error)
      context.reportError(failure.message)
      if failure.exitCode == .usage {
        let help = (["ductus", "help"] + parser.path.dropFirst().map(\.signature.name))
          .joined(separator: " ")
        context.reportNote("usage: " + formatter.usage(parser.path))
        context.reportNote("See '\(help)' for more.")
      }
      code = failure.exitCode
    }
    do {
      try context.output.flush()
    } catch {
      context.reportError(error.description)
      if code == .success { code = .ioError }
    }
    return code
  }
}
