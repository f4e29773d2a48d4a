import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything Ductus asks of the operating system, in one place: exiting, standard streams,
/// terminals, the environment, interrupts, the file-system calls behind atomic writes, memory
/// advice and the C library's number parser.
///
/// No other module imports Glibc, Musl or Darwin or uses a platform conditional; each concern is
/// one extension below, as in swift-argument-parser's `Platform.swift`.
package enum Platform {}

// MARK: - Exit

extension Platform {
  /// Ends the process with an exit status.
  package static func exit(status: Int32) -> Never { Foundation.exit(status) }
}

// MARK: - Standard streams

extension Platform {
  /// The descriptor of standard input.
  package static let standardInput: Int32 = 0
  /// The descriptor of standard output.
  package static let standardOutput: Int32 = 1
  /// The descriptor of standard error.
  package static let standardError: Int32 = 2

  /// Writes every byte to a descriptor, retrying after interrupted and short writes.
  package static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws {
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
  package static func writeToStandardError(_ text: String) {
    var text = text
    text.withUTF8 { try? write(UnsafeRawBufferPointer($0), to: standardError) }
  }
}

// MARK: - Terminals and environment

extension Platform {
  /// Whether a descriptor is a terminal.
  package static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

  /// The width of the terminal on a descriptor in columns, or `nil` when it is not a terminal.
  ///
  /// Asks the terminal (`TIOCGWINSZ`) and falls back on `COLUMNS`.
  package static func terminalWidth(of descriptor: Int32) -> Int? {
    guard isTerminal(descriptor) else { return nil }
    var size = winsize()
    if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return Int(size.ws_col)
    }
    return environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
  }

  /// The process's environment variables.
  package static var environment: [String: String] { ProcessInfo.processInfo.environment }

  /// Whether colour is switched off (`NO_COLOR` set to anything but the empty string, see
  /// no-color.org).
  package static var isColorDisabled: Bool { !(environment["NO_COLOR"] ?? "").isEmpty }

  /// The number of cores the process may use.
  package static var activeProcessorCount: Int { ProcessInfo.processInfo.activeProcessorCount }
}

// MARK: - Interrupts

extension Platform {
  /// The signal source kept alive for the life of the process.
  nonisolated(unsafe) private static var interruptSource: (any DispatchSourceSignal)?

  /// Makes Control-C (`SIGINT`) run `cleanup`, say so on standard error and end the process with
  /// `status` (130 by the shells' convention), instead of dying half-way through a write.
  package static func handleInterrupts(
    status: Int32 = 130, cleanup: @escaping @Sendable () -> Void
  ) {
    signal(SIGINT, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler {
      cleanup()
      writeToStandardError("\ninterrupted\n")
      _exit(status)
    }
    source.resume()
    interruptSource = source
  }
}

// MARK: - Files

extension Platform {
  /// Creates and opens a new file with a unique name from a `mkstemp` template (a path ending in
  /// `XXXXXX`), returning its descriptor and actual path.
  package static func makeTemporaryFile(template: String) throws(POSIXError) -> (Int32, String) {
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
  package static func close(_ descriptor: Int32) throws(POSIXError) {
    guard Foundation.close(descriptor) == 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
  }

  /// Closes a descriptor, ignoring failures.
  package static func closeQuietly(_ descriptor: Int32) { _ = Foundation.close(descriptor) }

  /// Renames a file, replacing the destination in one step.
  package static func rename(_ source: String, to destination: String) throws(POSIXError) {
    guard Foundation.rename(source, destination) == 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
  }

  /// The system's message for an `errno` value (`strerror`).
  package static func errorMessage(_ number: Int32) -> String { String(cString: strerror(number)) }
}

// MARK: - Memory

extension Platform {
  /// Asks the kernel to back the pages of a large, not yet touched allocation with transparent
  /// huge pages (`madvise(MADV_HUGEPAGE)`), as NumPy does for arrays of 4 MiB or more. Writing a
  /// 3.2 GB distance matrix then takes about 1 500 page faults instead of 800 000. Only the whole
  /// 2 MiB-aligned pages inside the range are advised; elsewhere, and on failure, nothing changes.
  package static func adviseHugePages(_ start: UnsafeMutableRawPointer, byteCount: Int) {
    #if os(Linux)
      let hugePage = 2 << 20
      guard byteCount >= 2 * hugePage else { return }
      let first = (Int(bitPattern: start) + hugePage - 1) & ~(hugePage - 1)
      let end = (Int(bitPattern: start) + byteCount) & ~(hugePage - 1)
      guard end > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
      _ = madvise(aligned, end - first, MADV_HUGEPAGE)
    #endif
  }
}

// MARK: - Numbers

extension Platform {
  /// The C library's correctly rounded decimal-to-binary conversion (`strtod`) of a
  /// NUL-terminated ASCII number.
  package static func parseDouble(_ text: UnsafePointer<CChar>) -> Double { strtod(text, nil) }
}
