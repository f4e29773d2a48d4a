import Foundation

/// The files a folder corpus is made of: every regular file below the folder (following
/// sub-folders) that a filter accepts, in the order of their relative paths, so that a corpus
/// always streams in the same order. A file given instead of a folder is a corpus of one.
struct CorpusFiles: Sendable {
  /// A file of the corpus.
  struct Entry: Sendable {
    /// Where the file is.
    var url: URL
    /// Its path relative to the corpus root (its name when the corpus is one file).
    var relativePath: String
  }

  /// The files, in order.
  let entries: [Entry]
  /// The index of the file `next()` returns.
  private(set) var position = 0

  /// Lists the files below `root` that `accept` takes (given the relative path); folders
  /// that `descend` refuses are skipped.
  init(
    root: URL, accept: (String) -> Bool, descend: (String) -> Bool = { _ in true }
  ) throws {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder) else {
      throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: root.path])
    }
    guard isFolder.boolValue else {
      entries = [Entry(url: root, relativePath: root.lastPathComponent)]
      return
    }
    var found: [Entry] = []
    var pending: [(url: URL, relative: String)] = [(root, "")]
    while let (folder, relative) = pending.popLast() {
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      for name in names where !name.hasPrefix(".") {
        let url = folder.appendingPathComponent(name)
        let path = relative.isEmpty ? name : relative + "/" + name
        var childIsFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &childIsFolder) else {
          continue
        }
        if childIsFolder.boolValue {
          if descend(path) { pending.append((url, path)) }
        } else if accept(path) {
          found.append(Entry(url: url, relativePath: path))
        }
      }
    }
    entries = found.sorted { $0.relativePath < $1.relativePath }
  }

  /// The next file, or `nil` after the last one.
  mutating func next() -> Entry? {
    guard position < entries.count else { return nil }
    defer { position += 1 }
    return entries[position]
  }

  /// Whether a path ends in one of the extensions, compared without regard to case.
  static func hasExtension(_ path: String, in extensions: Set<String>) -> Bool {
    guard let dot = path.lastIndex(of: ".") else { return false }
    return extensions.contains(path[path.index(after: dot)...].lowercased())
  }
}
