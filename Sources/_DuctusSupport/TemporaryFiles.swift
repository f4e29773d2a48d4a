import Foundation

/// The temporary files and folders of the running process (unfinished atomic writes, a copy of
/// standard input), removed when the process is interrupted so that Control-C leaves nothing
/// behind.
package enum TemporaryFiles {
  private static let paths = Locked(Set<String>())

  /// Creates and remembers a new empty hidden folder in `parent`, or in the system's temporary
  /// folder (`TMPDIR`) when `parent` is `nil`.
  package static func makeFolder(in parent: URL? = nil) throws -> URL {
    let folder = (parent ?? FileManager.default.temporaryDirectory)
      .appendingPathComponent(".ductus-\(UUID().uuidString)")
    register(folder.path)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    return folder
  }

  /// Remembers a temporary path.
  package static func register(_ path: String) { paths.withLock { _ = $0.insert(path) } }

  /// Forgets a path; `true` when it was registered.
  @discardableResult
  package static func unregister(_ path: String) -> Bool {
    paths.withLock { $0.remove(path) != nil }
  }

  /// Removes a registered path (file or folder) and forgets it; nothing when it is not
  /// registered.
  package static func remove(_ path: String) {
    if unregister(path) { try? FileManager.default.removeItem(atPath: path) }
  }

  /// Removes every registered path (on interrupt).
  package static func removeAll() {
    let all = paths.withLock { paths in
      defer { paths.removeAll() }
      return paths
    }
    for path in all { try? FileManager.default.removeItem(atPath: path) }
  }
}
