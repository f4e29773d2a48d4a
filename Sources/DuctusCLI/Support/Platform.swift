import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything the command line asks of the operating system, in one place: exiting, standard
/// error, terminals, the environment, interrupts and the file-system calls behind atomic writes.
///
/// No other file of DuctusCLI uses a platform conditional or a POSIX call; each concern is one
/// extension below, as in swift-argument-parser's `Platform.swift`.
enum Platform {}

// MARK: - Exit

extension Platform {
  /// Ends the process with an exit code.
  static func exit(_ code: ExitCode) -> Never { Foundation.exit(code.rawValue) }
}

// MARK: - Standard streams

extension Platform {
  /// The descriptor of standard input.
  static let standardInput: Int32 = 0
  /// The descriptor of standard output.
  static let standardOutput: Int32 = 1
  /// The descriptor of standard error.
  static let standardError: Int32 = 2

  /// Writes every byte to a descriptor, retrying after interrupted and short writes.
  static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws {
    var offset = 0
    while offset < bytes.count {
      let written = Foundation.write(
        descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
      }
      offset += written
    }
  }

  /// Writes text to standard error, ignoring failures (there is nowhere left to report them).
  static func writeToStandardError(_ text: String) {
    var text = text
    text.withUTF8 { try? write(UnsafeRawBufferPointer($0), to: standardError) }
  }
}

// MARK: - Terminals and environment

extension Platform {
  /// Whether a descriptor is a terminal.
  static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

  /// The width of the terminal on a descriptor in columns, or `nil` when it is not a terminal.
  ///
  /// Asks the terminal (`TIOCGWINSZ`) and falls back on `COLUMNS`.
  static func terminalWidth(of descriptor: Int32) -> Int? {
    guard isTerminal(descriptor) else { return nil }
    var size = winsize()
    if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return Int(size.ws_col)
    }
    return environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
  }

  /// The process's environment variables.
  static var environment: [String: String] { ProcessInfo.processInfo.environment }

  /// Whether colour is switched off (`NO_COLOR` set to anything but the empty string, see
  /// no-color.org).
  static var isColorDisabled: Bool { !(environment["NO_COLOR"] ?? "").isEmpty }

  /// The number of cores the process may use.
  static var activeProcessorCount: Int { ProcessInfo.processInfo.activeProcessorCount }
}

// MARK: - Interrupts

extension Platform {
  /// The signal source kept alive for the life of the process.
  nonisolated(unsafe) private static var interruptSource: (any DispatchSourceSignal)?

  /// Makes Control-C (`SIGINT`) run `cleanup`, say so on standard error and end the process with
  /// exit code 130, instead of dying half-way through a write.
  static func handleInterrupts(cleanup: @escaping @Sendable () -> Void) {
    signal(SIGINT, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler {
      cleanup()
      writeToStandardError("\ninterrupted\n")
      _exit(ExitCode.interrupted.rawValue)
    }
    source.resume()
    interruptSource = source
  }
}

// MARK: - Files

extension Platform {
  /// Creates and opens a new file with a unique name from a `mkstemp` template (a path ending in
  /// `XXXXXX`), returning its descriptor and actual path.
  static func makeTemporaryFile(template: String) throws(POSIXError) -> (Int32, String) {
    var bytes = Array(template.utf8CString)
    let descriptor = bytes.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    fchmod(descriptor, 0o644 & ~currentUmask)
    let path = bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return (descriptor, String(decoding: path, as: UTF8.self))
  }

  /// The process's file-creation mask.
  private static var currentUmask: mode_t {
    let mask = umask(0)
    umask(mask)
    return mask
  }

  /// Closes a descriptor, reporting a failure (a write the kernel could not complete).
  static func close(_ descriptor: Int32) throws(POSIXError) {
    guard Foundation.close(descriptor) == 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
  }

  /// Closes a descriptor, ignoring failures.
  static func closeQuietly(_ descriptor: Int32) { _ = Foundation.close(descriptor) }

  /// Renames a file, replacing the destination in one step.
  static func rename(_ source: String, to destination: String) throws(POSIXError) {
    guard Foundation.rename(source, destination) == 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
  }

  /// The system's message for an `errno` value (`strerror`).
  static func errorMessage(_ number: Int32) -> String { String(cString: strerror(number)) }
}
