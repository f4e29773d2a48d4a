import Foundation
import _DuctusSupport

/// What a running command may use of its surroundings: standard output, whether the streams
/// are terminals, the terminal's width, whether colour is wanted, and the reporting of warnings
/// and errors on standard error.
package struct CommandContext {
  /// Standard output, for data.
  package let output: OutputSink
  /// Whether standard input is a terminal (then a command without files does not wait on it).
  package let inputIsTerminal: Bool
  /// Whether standard output is a terminal (then `--format` defaults to `text`).
  package let outputIsTerminal: Bool
  /// Whether standard error is a terminal (then progress is shown).
  package let errorIsTerminal: Bool
  /// The width of the terminal on standard output, when it is one.
  package let terminalWidth: Int?
  /// Whether messages may use colour (standard error is a terminal and `NO_COLOR` is unset).
  package let isColorEnabled: Bool

  /// The context of the running process.
  package static func standard() -> CommandContext {
    let errorIsTerminal = Platform.isTerminal(Platform.standardError)
    return CommandContext(
      output: .standardOutput(),
      inputIsTerminal: Platform.isTerminal(Platform.standardInput),
      outputIsTerminal: Platform.isTerminal(Platform.standardOutput),
      errorIsTerminal: errorIsTerminal,
      terminalWidth: Platform.terminalWidth(of: Platform.standardOutput),
      isColorEnabled: errorIsTerminal && !Platform.isColorDisabled)
  }

  /// The width help text wraps at: the terminal's (at most 100), or 80 when not a terminal.
  var helpWidth: Int { min(terminalWidth ?? 80, 100) }

  /// Prints `error: <message>` on standard error (on a terminal, over any progress line, which
  /// the next update draws again).
  package func reportError(_ message: String) {
    let clearLine = errorIsTerminal ? "\r\u{1B}[K" : ""
    Platform.writeToStandardError(
      clearLine + highlighted("error:", color: 31) + " " + message + "\n")
  }

  /// Prints a line on standard error as it is.
  package func reportNote(_ message: String) {
    Platform.writeToStandardError(message + "\n")
  }

  private func highlighted(_ word: String, color: Int) -> String {
    isColorEnabled ? "\u{1B}[1;\(color)m\(word)\u{1B}[0m" : word
  }

  /// The bytes of an input: a file, or standard input for `-`.
  ///
  /// With `mapped`, a file is mapped into memory instead of copied (a `.npy` of gigabytes is
  /// then paged in from the page cache as it is read, and the pages can be given back); the file
  /// must not be truncated while it is in use.
  ///
  /// - Throws: `CommandFailure`: exit 66 when the file is missing or unreadable, 74 when
  ///   reading fails.
  package func readInput(_ path: String, mapped: Bool = false) throws(CommandFailure) -> Data {
    if path == "-" {
      do {
        return try FileHandle.standardInput.readToEnd() ?? Data()
      } catch {
        throw CommandFailure.io("<stdin>", error)
      }
    }
    try checkInputExists(path)
    do {
      return try Data(contentsOf: URL(fileURLWithPath: path), options: mapped ? .alwaysMapped : [])
    } catch {
      throw CommandFailure.io(path, error)
    }
  }

  /// Fails with exit 66 unless `path` names a readable file (or folder).
  package func checkInputExists(_ path: String) throws(CommandFailure) {
    guard path != "-" else { return }
    guard FileManager.default.fileExists(atPath: path) else {
      throw CommandFailure.inputMissing(path)
    }
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw CommandFailure.inputMissing(path, reason: "permission denied")
    }
  }

  /// Fails with a usage error when `-` (standard input) is among `paths` more than once: it
  /// can be read once.
  package func checkStandardInputOnce(_ paths: [String]) throws(UsageError) {
    guard paths.filter({ $0 == "-" }).count > 1 else { return }
    throw UsageError("'-' is given twice, and standard input can be read once; name files")
  }

  /// Fails with exit 74 unless the folder an output goes into exists and is writable; nothing
  /// to check for an output written in place (`-`, `/dev/stdout`, a FIFO, a device: see
  /// `AtomicFile`). For a symbolic link, the folder is the one of the file it points to.
  package func checkOutputFolder(of path: String) throws(CommandFailure) {
    guard !AtomicFile.writesInPlace(path) else { return }
    let isLink = Platform.status(of: path, followingLinks: false)?.kind == .symbolicLink
    let target = isLink ? Platform.resolvedPath(path) ?? path : path
    let folder = URL(fileURLWithPath: target).deletingLastPathComponent().path
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder),
      isFolder.boolValue
    else { throw CommandFailure(.ioError, "\(path): no such folder") }
    guard FileManager.default.isWritableFile(atPath: folder) else {
      throw CommandFailure(.ioError, "\(path): permission denied")
    }
  }

  /// Fails with a usage error when an output names the file of one of the command's inputs, or
  /// of another output: each output replaces its file when it is written, so the input (or the
  /// first output) would be lost. Files are compared by device and inode (hard and symbolic
  /// links included), outputs not yet made by path; standard output, FIFOs and devices are left
  /// out.
  package func refuseOverwriting(inputs: [String], outputs: [String?]) throws(UsageError) {
    func file(_ path: String) -> String {
      if let status = Platform.status(of: path), status.kind == .regular, !status.identity.isEmpty {
        return status.identity.map(String.init).joined(separator: ":")
      }
      return URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
    var inputFiles: [String: String] = [:]
    for input in inputs where input != "-" {
      let key = file(input)
      if inputFiles[key] == nil { inputFiles[key] = input }
    }
    var outputFiles: [String: String] = [:]
    for case let output? in outputs where output != "-" && !AtomicFile.writesInPlace(output) {
      let key = file(output)
      if let input = inputFiles[key] {
        throw UsageError(
          "'\(output)' is the input '\(input)', which writing it would replace; name another output"
        )
      }
      if let earlier = outputFiles[key] {
        throw UsageError(
          "'\(output)' and '\(earlier)' name one file, which the second would replace; name two files"
        )
      }
      outputFiles[key] = output
    }
  }

  /// The input files a command was given, or `-` (standard input) when none were and input is
  /// piped.
  ///
  /// - Throws: `UsageError` when there are none and standard input is a terminal.
  package func inputFiles(_ files: [String], argumentName: String) throws(UsageError) -> [String] {
    if !files.isEmpty { return files }
    guard !inputIsTerminal else { throw UsageError("missing argument <\(argumentName)>") }
    return ["-"]
  }

  /// Writes an output through `body`: to standard output for `-`, else through `AtomicFile`
  /// (atomically to a regular file, in place to a FIFO, a device or `/dev/stdout`).
  package func writeOutput<Result>(to path: String, _ body: (OutputSink) throws -> Result)
    throws -> Result
  {
    guard path != "-" else { return try body(output) }
    try output.flush()
    return try AtomicFile.write(to: path, body)
  }

  /// Fails with a usage error when a folder output is named `-`: a folder of files cannot
  /// stream to standard output (and no folder named `-` is made).
  package func refuseStandardOutput(forFolder path: String, what: String)
    throws(UsageError)
  {
    guard path == "-" else { return }
    throw UsageError(
      "'-' is standard output, but \(what) is a folder of files, which cannot stream; name a "
        + "folder")
  }

  /// Fails with a usage error when binary data (a picture, a `.npy`) would go to standard
  /// output and standard output is a terminal.
  package func refuseBinaryOnTerminal(_ path: String, what: String) throws(UsageError) {
    guard path == "-" || Platform.descriptorAlias(path) == Platform.standardOutput,
      outputIsTerminal
    else { return }
    throw UsageError(
      "\(what) is binary and standard output is a terminal; redirect it (> file) or pipe it")
  }
}
