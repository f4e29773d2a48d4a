import Foundation

/// The temporary files and folders of the running process (unfinished atomic writes, a copy of
/// standard input), removed on every way out but `SIGKILL`: when their writer is done with
/// them, at the end of the command, on Control-C, `SIGTERM`, `SIGHUP` (see
/// ``endProcess(status:message:)``) and on a crash (see ``Platform/removeOnCrash(_:)``).
///
/// Every name carries the writer's tag, ``tag`` (`<pid>-<host>`), so that what a `SIGKILL`
/// leaves behind is recognised and removed by the next run that writes into the same folder
/// (see ``removeStale(in:)``):
///
/// - a file being written beside its destination: `.<name>.tmp-<pid>-<host>-XXXXXX`;
/// - a folder (a copy of standard input in `TMPDIR`): `.ductus-<pid>-<host>-XXXXXX`.
///
/// `<host>` is 8 hexadecimal digits of a hash of the host name, so that a folder shared by
/// several machines (NFS, a cluster's scratch space) never has one machine's live files taken
/// for another's dead ones.
package enum TemporaryFiles {
  private struct State {
    /// The registered paths and their crash-handler slots.
    var paths: [String: Int?] = [:]
    /// The folders already searched for stale files.
    var searched: Set<String> = []
    /// Set when the process is ending on a signal: nothing new is created after.
    var isEnding = false
  }

  private static let state = Locked(State())

  /// The tag of this process's temporary names: `<pid>-<host>`.
  package static let tag = "\(Platform.processIdentifier)-\(hostTag)"

  /// The hash of this machine's host name in temporary names: FNV-1a, 8 hexadecimal digits.
  package static let hostTag: String = {
    var hash: UInt32 = 0x811C_9DC5
    for byte in Platform.hostName.utf8 {
      hash = (hash ^ UInt32(byte)) &* 0x0100_0193
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }()

  /// The longest file name most file systems take, in bytes.
  private static let maximumNameLength = 255

  /// Creates and opens a new file beside `destination`, named
  /// `.<name>.tmp-<pid>-<host>-XXXXXX`, and remembers it. When `replacing` is the status of
  /// the file it will replace, it gets that file's permissions (and owner, where allowed);
  /// otherwise `0666` less the umask, as any new file. With `ownerOnly` it is `0600` either
  /// way (for data only its owner may read, such as signatures).
  ///
  /// The folder is first searched for stale temporary files (``removeStale(in:)``), once a
  /// process.
  ///
  /// - Returns: the open descriptor and the file's path.
  package static func makeFile(
    beside destination: String, replacing: Platform.FileStatus?, ownerOnly: Bool = false
  ) throws(POSIXError) -> (descriptor: Int32, path: String) {
    let url = URL(fileURLWithPath: destination)
    let folder = url.deletingLastPathComponent().path
    searchOnce(folder)
    let suffix = ".tmp-\(tag)-"
    let stem = truncated(url.lastPathComponent, to: maximumNameLength - 1 - suffix.utf8.count - 6)
    let prefix = (folder.hasSuffix("/") ? folder : folder + "/") + "." + stem + suffix
    return try create { () throws(POSIXError) in
      let path = prefix + randomLetters()
      let descriptor = try Platform.createFile(
        path, permissions: replacing == nil && !ownerOnly ? 0o666 : 0o600)
      if let replacing, !ownerOnly { Platform.copyAttributes(replacing, to: descriptor) }
      return ((descriptor, path), path)
    }
  }

  /// Creates and remembers a new empty folder, `.ductus-<pid>-<host>-XXXXXX`, readable by
  /// this user alone, in `parent` or in the system's temporary folder (`TMPDIR`) when
  /// `parent` is `nil`.
  ///
  /// `parent` is first searched for stale temporary files (``removeStale(in:)``), once a
  /// process.
  package static func makeFolder(in parent: URL? = nil) throws -> URL {
    let parent = parent ?? FileManager.default.temporaryDirectory
    searchOnce(parent.path)
    let prefix = parent.appendingPathComponent(".ductus-\(tag)-").path
    let path = try create { () throws(POSIXError) in
      let path = prefix + randomLetters()
      try Platform.createFolder(path, permissions: 0o700)
      return (path, path)
    }
    return URL(fileURLWithPath: path, isDirectory: true)
  }

  /// Runs `body` (which creates a path and returns it) under the lock, retrying when the
  /// random name was taken, and registers the path; refuses once the process is ending.
  private static func create<Result>(
    _ body: () throws(POSIXError) -> (Result, String)
  ) throws(POSIXError) -> Result {
    let outcome = state.withLock { state -> Swift.Result<Result, POSIXError> in
      guard !state.isEnding else { return .failure(POSIXError(.EINTR)) }
      for _ in 0..<100 {
        do {
          let (result, path) = try body()
          state.paths[path] = Platform.removeOnCrash(path)
          return .success(result)
        } catch let error as POSIXError {
          if error.code == .EEXIST { continue }
          return .failure(error)
        } catch {
          return .failure(POSIXError(.EIO))
        }
      }
      return .failure(POSIXError(.EEXIST))
    }
    return try outcome.get()
  }

  /// Remembers a temporary path made otherwise (a file inside a temporary folder).
  package static func register(_ path: String) {
    state.withLock { state in
      guard state.paths[path] == nil else { return }
      state.paths[path] = Platform.removeOnCrash(path)
    }
  }

  /// Forgets a path (a temporary file renamed into place); `true` when it was registered.
  @discardableResult
  package static func unregister(_ path: String) -> Bool {
    state.withLock { state in
      guard let entry = state.paths.removeValue(forKey: path) else { return false }
      if let slot = entry { Platform.forgetOnCrash(slot) }
      return true
    }
  }

  /// Removes a registered path (file or folder) and forgets it; nothing when it is not
  /// registered.
  package static func remove(_ path: String) {
    if unregister(path) { try? FileManager.default.removeItem(atPath: path) }
  }

  /// Removes every registered path (at the end of a command).
  package static func removeAll() {
    let all = state.withLock { state in
      defer { state.paths.removeAll() }
      for case let slot? in state.paths.values { Platform.forgetOnCrash(slot) }
      return Array(state.paths.keys)
    }
    for path in all { try? FileManager.default.removeItem(atPath: path) }
  }

  /// Ends the process on a signal or a closed output pipe: removes every registered path,
  /// refuses any new one (a thread still writing cannot leave one behind), prints `message` on
  /// standard error and exits with `status` at once.
  package static func endProcess(status: Int32, message: String?) -> Never {
    let all = state.withLock { state in
      state.isEnding = true
      return Array(state.paths.keys)
    }
    for path in all { try? FileManager.default.removeItem(atPath: path) }
    if let message { Platform.writeToStandardError(message) }
    Platform.exitImmediately(status: status)
  }

  // MARK: Stale files

  /// Removes what writers killed without a chance to clean up (`SIGKILL`, a power cut) left in
  /// `folder`: the files and folders whose names carry a tag (see ``tag``) of this machine and
  /// of a process that no longer runs. Never another live process's, nor this process's, nor
  /// another machine's, nor a name without a tag.
  ///
  /// - Returns: the names removed.
  @discardableResult
  package static func removeStale(in folder: String) -> [String] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
      return []
    }
    var removed: [String] = []
    for name in names where name.hasPrefix(".") {
      guard let owner = owner(ofTemporaryName: name), owner.host == hostTag,
        owner.process != Platform.processIdentifier, !Platform.processExists(owner.process)
      else { continue }
      let path = URL(fileURLWithPath: folder).appendingPathComponent(name).path
      if (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(name) }
    }
    return removed
  }

  /// The process and host tag a temporary name carries, or `nil` for any other name.
  package static func owner(ofTemporaryName name: String) -> (process: Int32, host: String)? {
    let tail: Substring
    if name.hasPrefix(".ductus-") {
      tail = name.dropFirst(".ductus-".count)
    } else if name.hasPrefix("."), let marker = name.range(of: ".tmp-", options: .backwards),
      marker.lowerBound > name.index(after: name.startIndex)
    {
      tail = name[marker.upperBound...]
    } else {
      return nil
    }
    let parts = tail.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, let process = Int32(parts[0]), process > 0,
      parts[1].count == 8, parts[1].allSatisfy(\.isHexDigit),
      parts[2].count == 6, parts[2].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
    else { return nil }
    return (process, String(parts[1]))
  }

  /// Searches a folder for stale files the first time this process writes into it.
  private static func searchOnce(_ folder: String) {
    let first = state.withLock { $0.searched.insert(folder).inserted }
    if first { removeStale(in: folder) }
  }

  /// Six random letters and digits.
  private static func randomLetters() -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    var generator = SystemRandomNumberGenerator()
    return String((0..<6).map { _ in alphabet[Int(generator.next(upperBound: UInt(62)))] })
  }

  /// A name cut to at most `limit` bytes of UTF-8, on a character boundary.
  private static func truncated(_ name: String, to limit: Int) -> String {
    guard name.utf8.count > limit else { return name }
    var result = ""
    for character in name {
      guard result.utf8.count + character.utf8.count <= limit else { break }
      result.append(character)
    }
    return result
  }
}
