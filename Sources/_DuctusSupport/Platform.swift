import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything Ductus asks of the operating system, in one place: exiting, processes, standard
/// streams, terminals, the environment, signals (clean ends, crashes), the file-system calls
/// behind atomic and in-place writes, pipes, byte search, memory advice and the C library's number
/// parser.
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

// MARK: - Processes

extension Platform {
  /// The processor time this process has used so far, user and system, all threads, in seconds
  /// (`getrusage(RUSAGE_SELF)`): on a shared machine, the work done, whatever the others run.
  package static var processorSeconds: Double {
    var usage = rusage()
    #if canImport(Glibc)
      let who = __rusage_who_t(RUSAGE_SELF.rawValue)
    #else
      let who = RUSAGE_SELF
    #endif
    guard getrusage(who, &usage) == 0 else { return .nan }
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  /// This process's identifier.
  package static var processIdentifier: Int32 { getpid() }

  /// Whether a process with this identifier runs on this machine (`kill(pid, 0)` succeeds, or
  /// fails only for want of permission: the process is another user's).
  package static func processExists(_ identifier: Int32) -> Bool {
    guard identifier > 0 else { return false }
    return kill(identifier, 0) == 0 || errno == EPERM
  }

  /// The machine's host name (`gethostname`), empty when it cannot be read.
  package static var hostName: String {
    var bytes = [CChar](repeating: 0, count: 256)
    guard gethostname(&bytes, bytes.count - 1) == 0 else { return "" }
    return String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

// MARK: - Signals

extension Platform {
  /// A signal after which a command ends cleanly, as Control-C makes it: temporary files
  /// removed, a word on standard error, exit status 128 + the signal's number.
  package struct Termination: Hashable, Sendable {
    /// The signal's number.
    package var signal: Int32
    /// What standard error is told (`terminated`).
    package var word: String
    /// The exit status, 128 + the signal's number, as the shells report a death by signal.
    package var status: Int32 { 128 + signal }
  }

  /// The signals that end a command cleanly: hang-up (129), Control-C (130), `SIGTERM` (143:
  /// what Slurm, `timeout`, systemd and `kill` send), the user signals Slurm's `--signal` sends
  /// ahead of a time limit, the alarm clock and the CPU-time limit (`ulimit -t`).
  package static let terminations: [Termination] = [
    Termination(signal: SIGHUP, word: "hang-up"),
    Termination(signal: SIGINT, word: "interrupted"),
    Termination(signal: SIGTERM, word: "terminated"),
    Termination(signal: SIGUSR1, word: "user signal 1"),
    Termination(signal: SIGUSR2, word: "user signal 2"),
    Termination(signal: SIGALRM, word: "alarm clock"),
    Termination(signal: SIGXCPU, word: "CPU time limit exceeded"),
  ]

  /// The signal sources kept alive for the life of the process.
  nonisolated(unsafe) private static var terminationSources: [any DispatchSourceSignal] = []

  /// Makes each of ``terminations`` run `handler` on a queue (not in a signal handler, so it
  /// may take locks and allocate) and then end the process with the signal's status, instead
  /// of dying half-way through a write. A signal that was ignored when the process started
  /// (`nohup`, the `SIGINT` of a shell's background job) stays ignored.
  ///
  /// Also: `SIGPIPE` and `SIGXFSZ` are ignored, so that writing to a closed pipe or past the
  /// file-size limit fails with `EPIPE` or `EFBIG` where it happens (see
  /// ``OutputSink/brokenPipeHandler``); and a crash (`SIGSEGV`, `SIGBUS`, `SIGILL`, `SIGTRAP`,
  /// `SIGABRT`, `SIGFPE`) first removes the paths given to ``removeOnCrash(_:)``, then goes on
  /// as it would have (the Swift runtime's backtrace, a core dump).
  package static func handleTerminations(
    _ handler: @escaping @Sendable (Termination) -> Void
  ) {
    signal(SIGPIPE, SIG_IGN)
    signal(SIGXFSZ, SIG_IGN)
    for termination in terminations {
      // A signal ignored on entry stays ignored (`nohup`, a shell's background job).
      let previous = signal(termination.signal, SIG_IGN)
      if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
      let source = DispatchSource.makeSignalSource(signal: termination.signal, queue: .global())
      source.setEventHandler {
        handler(termination)
        _exit(termination.status)
      }
      source.resume()
      terminationSources.append(source)
    }
    installCrashHandlers()
  }

  /// Ends the process at once (`_exit`): no exit handlers, no flushing of C streams.
  package static func exitImmediately(status: Int32) -> Never { _exit(status) }
}

// MARK: - Paths removed on a crash

extension Platform {
  /// How many paths a crash can remove; paths beyond are still removed on every other exit.
  private static let crashSlotCount = 1024

  /// The remembered paths: each slot holds the address of a C string made by `strdup`, or 0.
  /// Read by the crash handler, which may neither lock nor allocate.
  nonisolated(unsafe) private static let crashSlots: UnsafeMutablePointer<Atomic<Int>> = {
    let slots = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: crashSlotCount)
    for index in 0..<crashSlotCount { (slots + index).initialize(to: Atomic(0)) }
    return slots
  }()

  /// Set by the crash handler before it reads the slots; from then on a forgotten path's C
  /// string is never freed (the handler may be reading it).
  private static let isCrashing = Atomic<Int>(0)

  /// The actions the crash handler took over, by signal number, restored before the signal is
  /// raised again.
  nonisolated(unsafe) private static let previousActions: UnsafeMutablePointer<sigaction> = {
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    actions.initialize(repeating: sigaction(), count: 65)
    return actions
  }()

  /// The signals of a crash.
  private static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

  /// Remembers a path for the crash handler to remove (`unlink`, or `rmdir` for an empty
  /// folder), returning the slot to forget it by; `nil` when every slot is taken.
  package static func removeOnCrash(_ path: String) -> Int? {
    guard let copy = strdup(path) else { return nil }
    let address = Int(bitPattern: copy)
    for index in 0..<crashSlotCount where crashSlots[index].load(ordering: .relaxed) == 0 {
      if crashSlots[index].compareExchange(
        expected: 0, desired: address, ordering: .sequentiallyConsistent
      ).exchanged {
        return index
      }
    }
    free(copy)
    return nil
  }

  /// Forgets a path remembered by ``removeOnCrash(_:)``.
  package static func forgetOnCrash(_ slot: Int) {
    let address = crashSlots[slot].exchange(0, ordering: .sequentiallyConsistent)
    // The handler sets `isCrashing` before it reads the slots (both sequentially consistent):
    // a handler that could still see `address` has set it, and the string stays.
    guard isCrashing.load(ordering: .sequentiallyConsistent) == 0 else { return }
    free(UnsafeMutableRawPointer(bitPattern: address))
  }

  /// Removes every remembered path: files first, then (now empty) folders. Only calls that
  /// are async-signal-safe (`unlink`, `rmdir`, atomic loads).
  private static func removeRememberedPaths() {
    isCrashing.store(1, ordering: .sequentiallyConsistent)
    for removesFolders in [false, true] {
      for index in 0..<crashSlotCount {
        let address = crashSlots[index].load(ordering: .sequentiallyConsistent)
        guard let path = UnsafePointer<CChar>(bitPattern: address) else { continue }
        if removesFolders { _ = rmdir(path) } else { _ = unlink(path) }
      }
    }
  }

  /// Installs the crash handler, keeping the actions it replaces (the Swift runtime's
  /// backtracer, or the default). The handler removes the remembered paths, runs the replaced
  /// handler, then dies of the signal with its default action, also when the signal was sent by
  /// `kill` rather than raised by a fault.
  private static func installCrashHandlers() {
    #if os(Linux) && canImport(Glibc)
      _ = crashSlots
      _ = previousActions
      _ = isCrashing.load(ordering: .relaxed)
      for signalNumber in crashSignals {
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { signalNumber, info, context in
          Platform.removeRememberedPaths()
          let previous = Platform.previousActions[Int(signalNumber)]
          if previous.sa_flags & Int32(SA_SIGINFO) != 0 {
            previous.__sigaction_handler.sa_sigaction?(signalNumber, info, context)
          } else if let handler = previous.__sigaction_handler.sa_handler,
            unsafeBitCast(handler, to: Int.self) > 1
          {
            handler(signalNumber)
          }
          signal(signalNumber, SIG_DFL)
          var signals = sigset_t()
          sigemptyset(&signals)
          sigaddset(&signals, signalNumber)
          _ = pthread_sigmask(SIG_UNBLOCK, &signals, nil)
          _ = raise(signalNumber)
          _exit(128 + signalNumber)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = Int32(SA_SIGINFO | SA_ONSTACK)
        _ = sigaction(signalNumber, &action, previousActions + Int(signalNumber))
      }
    #endif
  }
}

// MARK: - Files

extension Platform {
  /// What a path names.
  package enum FileKind: Hashable, Sendable {
    /// A regular file.
    case regular
    /// A folder.
    case folder
    /// A symbolic link (seen only when links are not followed).
    case symbolicLink
    /// Anything else: a FIFO, a socket, a character or block device.
    case special
    /// A socket, which is connected to rather than opened.
    case socket
  }

  /// What `stat` says about a path.
  package struct FileStatus: Hashable, Sendable {
    /// What the path names.
    package var kind: FileKind
    /// The permission bits (`st_mode & 07777`).
    package var permissions: UInt32
    /// The owner.
    package var owner: UInt32
    /// The group.
    package var group: UInt32
    /// The size in bytes.
    package var size: Int
    /// The time of the last change of the content, in nanoseconds since 1970.
    package var modificationTime: Int64
    /// The device and the inode: the file itself, whatever its path now names.
    package var identity: [UInt64] = []
  }

  /// The effective user of this process (`geteuid`).
  package static var effectiveUserID: UInt32 { UInt32(geteuid()) }

  /// The status of a path, following symbolic links unless `followingLinks` is false; `nil`
  /// when it does not exist (or a link's target does not).
  package static func status(of path: String, followingLinks: Bool = true) -> FileStatus? {
    var info = stat()
    let result = followingLinks ? stat(path, &info) : lstat(path, &info)
    guard result == 0 else { return nil }
    let kind: FileKind
    switch info.st_mode & S_IFMT {
    case S_IFREG: kind = .regular
    case S_IFDIR: kind = .folder
    case S_IFLNK: kind = .symbolicLink
    case S_IFSOCK: kind = .socket
    default: kind = .special
    }
    #if os(Linux)
      let modified = info.st_mtim
    #else
      let modified = info.st_mtimespec
    #endif
    return FileStatus(
      kind: kind, permissions: UInt32(info.st_mode & 0o7777), owner: UInt32(info.st_uid),
      group: UInt32(info.st_gid), size: Int(info.st_size),
      modificationTime: Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec),
      identity: [UInt64(info.st_dev), UInt64(info.st_ino)])
  }

  /// The absolute path with every symbolic link resolved (`realpath`), or `nil` when some part
  /// does not exist.
  package static func resolvedPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The open descriptor a path stands for: `-` and `/dev/stdout` for standard output,
  /// `/dev/stderr`, `/dev/stdin`, `/dev/fd/N` and `/proc/self/fd/N` (or this process's
  /// `/proc/<pid>/fd/N`); `nil` for any other path.
  ///
  /// Writing to such a path writes to the descriptor itself (a duplicate of it), keeping the
  /// offset and append mode the shell gave it.
  package static func descriptorAlias(_ path: String) -> Int32? {
    switch path {
    case "-", "/dev/stdout": return standardOutput
    case "/dev/stderr": return standardError
    case "/dev/stdin": return standardInput
    default: break
    }
    for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/\(getpid())/fd/"]
    where path.hasPrefix(prefix) {
      return Int32(path.dropFirst(prefix.count))
    }
    return nil
  }

  /// Opens an existing file that is not a regular file for writing where it is, without
  /// creating, truncating or replacing it: a duplicate of the descriptor an alias stands for
  /// (see ``descriptorAlias(_:)``), a connection to a socket, or `open(2)` of a FIFO or a
  /// device (which waits for a FIFO's reader).
  package static func openInPlace(_ path: String) throws(POSIXError) -> Int32 {
    if let alias = descriptorAlias(path) {
      let descriptor = fcntl(alias, F_DUPFD_CLOEXEC, 0)
      guard descriptor >= 0 else { throw currentError() }
      return descriptor
    }
    if status(of: path)?.kind == .socket { return try connect(toSocket: path) }
    while true {
      let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
      if descriptor >= 0 { return descriptor }
      if errno != EINTR { throw currentError() }
    }
  }

  /// Creates a file that must not exist yet (`O_CREAT | O_EXCL`) and opens it for writing;
  /// `permissions` is masked by the process's umask, as for any new file.
  package static func createFile(_ path: String, permissions: UInt32) throws(POSIXError) -> Int32 {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(permissions))
    guard descriptor >= 0 else { throw currentError() }
    return descriptor
  }

  /// Creates (or empties) a regular file and opens it for writing, `0666` masked by the
  /// umask when it is new.
  package static func createOrTruncateFile(_ path: String) throws(POSIXError) -> Int32 {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode_t(0o666))
    guard descriptor >= 0 else { throw currentError() }
    return descriptor
  }

  /// Opens a regular file for writing at its end, creating it (`0666` less the umask) when it
  /// does not exist, after cutting it to its first `length` bytes (a file shorter than that is
  /// an error: what was written is missing).
  package static func openForAppending(_ path: String, keepingFirst length: Int)
    throws(POSIXError) -> Int32
  {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, mode_t(0o666))
    guard descriptor >= 0 else { throw currentError() }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let error = currentError()
      closeQuietly(descriptor)
      throw error
    }
    guard Int(info.st_size) >= length else {
      closeQuietly(descriptor)
      throw POSIXError(.ESPIPE)
    }
    guard ftruncate(descriptor, off_t(length)) == 0, lseek(descriptor, 0, SEEK_END) >= 0 else {
      let error = currentError()
      closeQuietly(descriptor)
      throw error
    }
    return descriptor
  }

  /// The size in bytes of an open file.
  package static func size(ofOpenFile descriptor: Int32) throws(POSIXError) -> Int {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw currentError() }
    return Int(info.st_size)
  }

  /// Forces what was written to a file onto the disk (`fsync`), so that it survives a power
  /// cut as well as the death of the process.
  package static func synchronize(_ descriptor: Int32) throws(POSIXError) {
    while fsync(descriptor) != 0 {
      if errno != EINTR { throw currentError() }
    }
  }

  /// Creates a folder that must not exist yet, with the given permissions (masked by the
  /// umask).
  package static func createFolder(_ path: String, permissions: UInt32) throws(POSIXError) {
    guard mkdir(path, mode_t(permissions)) == 0 else { throw currentError() }
  }

  /// Gives an open file the permissions, and when possible the owner and group, of the file
  /// it replaces; a change of owner that is not allowed is skipped.
  package static func copyAttributes(_ status: FileStatus, to descriptor: Int32) {
    _ = fchown(descriptor, uid_t(status.owner), gid_t(status.group))
    _ = fchmod(descriptor, mode_t(status.permissions))
  }

  /// Connects a stream socket to a Unix-domain socket file.
  private static func connect(toSocket path: String) throws(POSIXError) -> Int32 {
    #if os(Linux)
      let descriptor = socket(
        AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    #else
      let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw currentError() }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard bytes.count < capacity else {
      closeQuietly(descriptor)
      throw POSIXError(.ENAMETOOLONG)
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Foundation.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard result == 0 else {
      let error = currentError()
      closeQuietly(descriptor)
      throw error
    }
    return descriptor
  }

  /// Closes a descriptor, reporting a failure (a write the kernel could not complete).
  package static func close(_ descriptor: Int32) throws(POSIXError) {
    guard Foundation.close(descriptor) == 0 else { throw currentError() }
  }

  /// Closes a descriptor, ignoring failures.
  package static func closeQuietly(_ descriptor: Int32) { _ = Foundation.close(descriptor) }

  /// Renames a file, replacing the destination in one step.
  package static func rename(_ source: String, to destination: String) throws(POSIXError) {
    guard Foundation.rename(source, destination) == 0 else { throw currentError() }
  }

  /// Removes a file (not a folder), ignoring failures.
  package static func removeFileQuietly(_ path: String) { _ = unlink(path) }

  /// The system's message for an `errno` value (`strerror`).
  package static func errorMessage(_ number: Int32) -> String { String(cString: strerror(number)) }

  /// The calling thread's `errno` as an error.
  private static func currentError() -> POSIXError {
    POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
  }
}

// MARK: - Pipes and reading

extension Platform {
  /// A new pipe: the descriptor to read from and the one to write to (both close on exec).
  package static func makePipe() throws(POSIXError) -> (read: Int32, write: Int32) {
    var descriptors: [Int32] = [0, 0]
    guard pipe(&descriptors) == 0 else { throw currentError() }
    for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    return (descriptors[0], descriptors[1])
  }

  /// Reads up to `buffer.count` bytes, retrying after interrupts; 0 at the end of the input.
  package static func read(into buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32)
    throws(POSIXError) -> Int
  {
    while true {
      let count = Foundation.read(descriptor, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      if errno != EINTR { throw currentError() }
    }
  }

  /// Opens a file (or a FIFO, a device, `/dev/fd/N`) for reading, retrying after interrupts.
  package static func openForReading(_ path: String) throws(POSIXError) -> Int32 {
    while true {
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      if descriptor >= 0 { return descriptor }
      if errno != EINTR { throw currentError() }
    }
  }

  /// The offset of the first `byte` in `bytes` at or after `start`, or `nil`: the C library's
  /// `memchr`, many bytes a step, where `firstIndex(of:)` takes one at a time (about 7
  /// instructions a byte in a release build, and generic calls a byte in a debug one).
  package static func firstOffset(of byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int)
    -> Int?
  {
    guard start < bytes.count, let base = bytes.baseAddress,
      let found = memchr(base + start, Int32(byte), bytes.count - start)
    else { return nil }
    return base.distance(to: UnsafeRawPointer(found))
  }

  /// Blocks `SIGPIPE` on the calling thread, so that its writes to a pipe without a reader fail
  /// with `EPIPE` instead of ending the process, whatever the process does with the signal.
  package static func blockBrokenPipeSignalOnThisThread() {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGPIPE)
    _ = pthread_sigmask(SIG_BLOCK, &signals, nil)
  }
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

  /// Asks the kernel to read the pages of `byteCount` bytes from `start` of a mapped file now
  /// (`MADV_WILLNEED`), so that reading them waits for one read of exactly those pages rather
  /// than faulting them in with the disk's read-ahead around each (8 MB on some disks, which
  /// reads a matrix's random rows twenty times over).
  package static func adviseWillNeed(_ start: UnsafeRawPointer, byteCount: Int) {
    #if os(Linux)
      let page = Int(sysconf(Int32(_SC_PAGESIZE)))
      let first = Int(bitPattern: start) & ~(page - 1)
      let end = Int(bitPattern: start) + byteCount
      guard byteCount > 0, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
      _ = madvise(aligned, end - first, MADV_WILLNEED)
    #endif
  }
}

// MARK: - Numbers

extension Platform {
  /// The C library's correctly rounded decimal-to-binary conversion (`strtod`) of a
  /// NUL-terminated ASCII number.
  package static func parseDouble(_ text: UnsafePointer<CChar>) -> Double { strtod(text, nil) }
}
