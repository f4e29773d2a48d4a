import Foundation

/// Writes files so that readers see either the old content or the whole new one: the bytes go
/// to a temporary file in the same folder (so the rename stays on one file system), then a
/// `rename(2)` replaces the target in one step.
enum AtomicFile {
  static func write(_ data: Data, to url: URL) throws {
    let folder = url.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(
      ".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    do {
      try data.write(to: temporary, options: .withoutOverwriting)
    } catch {
      throw RenderError.fileWrite(path: url.path, reason: error.localizedDescription)
    }
    guard rename(temporary.path, url.path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw RenderError.fileWrite(path: url.path, reason: reason)
    }
  }
}
