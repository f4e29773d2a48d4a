import Foundation

/// A fresh folder under the system's temporary folder, removed when the value goes away.
final class TemporaryFolder {
  /// The folder.
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ductus-inkformats-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// A file in the folder with `text` in it.
  func file(_ name: String, _ text: String) throws -> URL {
    let file = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    return file
  }
}
