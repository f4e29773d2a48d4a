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

  /// Runs `ductus` with arguments, feeding `input` on standard input (an empty pipe when
  /// `nil`), with `NO_COLOR` set so that output does not depend on the caller's terminal.
  static func run(_ arguments: [String], input: Data? = nil) throws -> Outcome {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = SharedData.repositoryRoot
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment.removeValue(forKey: "COLUMNS")
    process.environment = environment
    let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let pid = process.processIdentifier
    let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit, execute: watchdog)
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
      exitCode: process.terminationStatus)
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
