import DuctusTestSupport
import Foundation

/// Runs `ductus trace session` as an app would: requests streamed on standard input while the
/// answers are read, standard input kept open until the expected answers arrived, so that the
/// session's peak memory can be read from `/proc/<pid>/status` while it still runs.
struct SessionProcess {
  /// What one session answered and how it ended.
  struct Outcome {
    /// The answer lines, without their newlines.
    var answers: [String]
    /// Everything printed on standard error.
    var standardError: String
    /// The exit status (9 when it was killed for taking too long).
    var exitCode: Int32
    /// The session's peak resident memory (`VmHWM`) in bytes, read once every expected answer
    /// arrived; `nil` where `/proc` does not exist.
    var peakMemory: Int?
    /// Seconds from the start to the end of the process.
    var seconds: Double
  }

  /// How long a session may run before it is killed.
  static let timeLimit: TimeInterval = 600
  /// How long the answers may take to arrive once every request was written; then standard
  /// input is closed, so that a session that answers too few lines ends (and its test fails)
  /// instead of waiting for the kill.
  static let answerWait: TimeInterval = 120

  /// Runs a session with `arguments` (after `trace session`) in `folder` (the repository root
  /// by default); `write` streams the requests into standard input, and `expectedAnswers` is
  /// how many answers to wait for before closing it.
  static func run(
    _ arguments: [String], in folder: URL = SharedData.repositoryRoot, expectedAnswers: Int,
    write: @escaping @Sendable (FileHandle) throws -> Void
  ) throws -> Outcome {
    // Writing to a session that ended must fail, not end the test process.
    signal(SIGPIPE, SIG_IGN)
    let start = Date()
    let launch = try DuctusProcess.launch(["trace", "session"] + arguments, directory: folder)
    let (process, input, output, error) = (
      launch.process, launch.input, launch.output, launch.error
    )
    let pid = process.processIdentifier
    let watchdog = DuctusProcess.watchdog(killing: pid, after: timeLimit)
    defer { watchdog.cancel() }

    let written = DispatchSemaphore(value: 0)
    let closer = InputCloser(input.fileHandleForWriting)
    let writer = Thread {
      try? write(input.fileHandleForWriting)
      written.signal()
      DispatchQueue.global().asyncAfter(deadline: .now() + answerWait) { closer.close() }
    }
    writer.start()
    let errorText = Collected()
    let errorReader = Thread {
      errorText.append(error.fileHandleForReading.readDataToEndOfFile())
      errorText.finish()
    }
    errorReader.start()

    var answers: [String] = []
    var pending = Data()
    var peakMemory: Int?
    var isInputOpen = true
    func closeInput() {
      written.wait()
      peakMemory = Self.peakMemory(of: pid)
      closer.close()
      isInputOpen = false
    }
    while true {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      pending.append(chunk)
      while let newline = pending.firstIndex(of: 0x0A) {
        answers.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
        pending = Data(pending[(newline + 1)...])
      }
      if isInputOpen, answers.count >= expectedAnswers { closeInput() }
    }
    if isInputOpen {
      // The session ended early (a crash): let the writer fail and finish.
      closer.close()
      written.wait()
    }
    if !pending.isEmpty { answers.append(String(decoding: pending, as: UTF8.self)) }
    process.waitUntilExit()
    errorText.waitUntilFinished()
    return Outcome(
      answers: answers, standardError: String(decoding: errorText.data, as: UTF8.self),
      exitCode: process.terminationStatus, peakMemory: peakMemory,
      seconds: Date().timeIntervalSince(start))
  }

  /// `VmHWM` of a running process, in bytes.
  static func peakMemory(of pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return nil }
    return kilobytes * 1024
  }

  /// Closes standard input once, from whichever thread comes first.
  private final class InputCloser: @unchecked Sendable {
    private let lock = NSLock()
    private let handle: FileHandle
    private var isClosed = false
    init(_ handle: FileHandle) { self.handle = handle }
    func close() {
      lock.withLock {
        guard !isClosed else { return }
        isClosed = true
        try? handle.close()
      }
    }
  }

  /// Bytes handed over from a reading thread.
  private final class Collected: @unchecked Sendable {
    private let lock = NSCondition()
    private var bytes = Data()
    private var isFinished = false
    func append(_ data: Data) { lock.withLock { bytes.append(data) } }
    func finish() {
      lock.withLock {
        isFinished = true
        lock.broadcast()
      }
    }
    func waitUntilFinished() {
      lock.withLock { while !isFinished { lock.wait() } }
    }
    var data: Data { lock.withLock { bytes } }
  }
}
