import DuctusTestSupport
import Foundation

/// Runs the built `ductus` binary as a user would, from the repository root, and collects what
/// it printed and how it ended.
struct DuctusProcess {
  /// What one run printed and returned.
  struct Outcome: Equatable {
    var standardOutput: String
    var standardError: String
    var exitCode: Int32
    /// Standard output's bytes, for binary output (pictures, `.npy`).
    var standardOutputBytes = Data()
  }

  /// The binary: `DUCTUS_BINARY`, else `ductus` beside the test bundle, else `.build/debug`.
  static let binary: URL = {
    if let path = ProcessInfo.processInfo.environment["DUCTUS_BINARY"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    let candidates = [
      Bundle.main.executableURL?.deletingLastPathComponent(),
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Bundle.main.bundleURL.deletingLastPathComponent(),
      SharedData.repositoryRoot.appendingPathComponent(".build/debug"),
    ].compactMap { $0?.appendingPathComponent("ductus") }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
      ?? candidates[candidates.count - 1]
  }()

  /// How long one run may take before it is killed (exit code 9), so that a hang fails its
  /// test instead of stalling the suite.
  static let timeLimit: TimeInterval = 300

  /// A started run of `ductus`: the process and the pipes of its standard streams.
  struct Launch {
    var process: Process
    var input: Pipe
    var output: Pipe
    var error: Pipe
  }

  /// Starts `ductus` with arguments, its standard streams pipes, from `directory` (the
  /// repository root by default), with `NO_COLOR` set and `COLUMNS` unset so that output does
  /// not depend on the caller's terminal, and `environment` added (`TMPDIR`).
  static func launch(
    _ arguments: [String], environment extra: [String: String] = [:], directory: URL? = nil
  ) throws -> Launch {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? SharedData.repositoryRoot
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment.removeValue(forKey: "COLUMNS")
    // Reports in English whatever the caller's language (a test asks for another with LANG).
    for key in ["LC_ALL", "LC_MESSAGES", "LANG"] { environment.removeValue(forKey: key) }
    environment.merge(extra) { $1 }
    process.environment = environment
    let launch = Launch(process: process, input: Pipe(), output: Pipe(), error: Pipe())
    process.standardInput = launch.input
    process.standardOutput = launch.output
    process.standardError = launch.error
    try process.run()
    return launch
  }

  /// Sends `SIGKILL` to a process after `seconds` unless the returned item is cancelled first,
  /// so that a hang fails its test instead of stalling the suite.
  static func watchdog(killing pid: Int32, after seconds: TimeInterval) -> DispatchWorkItem {
    let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: watchdog)
    return watchdog
  }

  /// Runs `ductus` with arguments, feeding `input` on standard input (an empty pipe when
  /// `nil`); `environment` and `directory` as for ``launch(_:environment:directory:)``.
  static func run(
    _ arguments: [String], input: Data? = nil, environment extra: [String: String] = [:],
    directory: URL? = nil
  ) throws -> Outcome {
    let launch = try launch(arguments, environment: extra, directory: directory)
    let (process, stdin, stdout, stderr) = (
      launch.process, launch.input, launch.output, launch.error
    )
    let watchdog = watchdog(killing: process.processIdentifier, after: timeLimit)
    defer { watchdog.cancel() }
    let writer = Thread {
      if let input { try? stdin.fileHandleForWriting.write(contentsOf: input) }
      try? stdin.fileHandleForWriting.close()
    }
    writer.start()
    let errorData = Locked()
    let reader = Thread { errorData.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
    reader.start()
    let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !errorData.isSet { usleep(1000) }
    return Outcome(
      standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData.value, as: UTF8.self),
      exitCode: process.terminationStatus, standardOutputBytes: outputData)
  }

  /// Bytes handed over from the standard-error reading thread.
  private final class Locked: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    func set(_ value: Data) { lock.withLock { data = value } }
    var isSet: Bool { lock.withLock { data != nil } }
    var value: Data { lock.withLock { data ?? Data() } }
  }
}

/// A run of `ductus` that a test drives while it runs: standard input written in pieces and
/// kept open, signals sent, the end awaited.
final class RunningDuctus: @unchecked Sendable {
  private let process: Process
  private let input: Pipe
  private let collected = NSLock()
  private var outputData = Data()
  private var errorData = Data()
  private var readers: [Thread] = []
  private let finished = DispatchGroup()

  /// Starts `ductus` with arguments, its standard input an open pipe (see
  /// `DuctusProcess.launch`).
  init(
    _ arguments: [String], environment extra: [String: String] = [:], directory: URL? = nil
  ) throws {
    // Writing to a run that has ended must fail, not end the test process.
    signal(SIGPIPE, SIG_IGN)
    let launch = try DuctusProcess.launch(arguments, environment: extra, directory: directory)
    (process, input) = (launch.process, launch.input)
    let (output, error) = (launch.output, launch.error)
    for (pipe, isOutput) in [(output, true), (error, false)] {
      finished.enter()
      let thread = Thread { [self] in
        while true {
          let chunk = pipe.fileHandleForReading.availableData
          if chunk.isEmpty { break }
          collected.withLock {
            if isOutput { outputData.append(chunk) } else { errorData.append(chunk) }
          }
        }
        finished.leave()
      }
      thread.start()
      readers.append(thread)
    }
  }

  /// The process's identifier.
  var processIdentifier: Int32 { process.processIdentifier }

  /// What standard output has received so far.
  var standardOutput: String { collected.withLock { String(decoding: outputData, as: UTF8.self) } }

  /// Writes bytes to standard input.
  func write(_ data: Data) throws { try input.fileHandleForWriting.write(contentsOf: data) }

  /// Closes standard input: the end of the input.
  func closeInput() throws { try input.fileHandleForWriting.close() }

  /// Sends a signal.
  func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

  /// Waits (at most `DuctusProcess.timeLimit`, then kills it) for the end, and returns what it
  /// printed and its exit code (128 + the signal for a death by signal).
  func waitForExit() -> DuctusProcess.Outcome {
    let watchdog = DuctusProcess.watchdog(
      killing: process.processIdentifier, after: DuctusProcess.timeLimit)
    defer { watchdog.cancel() }
    process.waitUntilExit()
    finished.wait()
    let status = process.terminationStatus
    return collected.withLock {
      DuctusProcess.Outcome(
        standardOutput: String(decoding: outputData, as: UTF8.self),
        standardError: String(decoding: errorData, as: UTF8.self),
        exitCode: process.terminationReason == .uncaughtSignal ? 128 + status : status,
        standardOutputBytes: outputData)
    }
  }

  /// Waits until `condition` holds, checking every 10 ms for at most `seconds`; whether it
  /// came to hold.
  @discardableResult
  static func wait(seconds: Double = 60, until condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      usleep(10_000)
    }
    return condition()
  }
}
