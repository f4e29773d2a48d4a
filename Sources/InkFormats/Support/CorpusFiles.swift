import Foundation

/// The files a folder corpus is made of: every regular file below the folder (following
/// sub-folders) that a filter accepts, in the order of their relative paths, so that a corpus
/// always streams in the same order. A file given instead of a folder is a corpus of one.
///
/// Symbolic links to files are followed (the entry keeps the link's path). Links to folders are
/// not followed unless asked (`followsFolderLinks`), and then each real folder is read once, so
/// that a link back up the tree does not loop. An accepted name that cannot be read as a file (a
/// dangling link, a link named like a data file that leads to a folder, an empty file) is an entry with a
/// ``Entry/problem``, for the reader to report in its place.
struct CorpusFiles: Sendable {
  /// A file of the corpus.
  struct Entry: Sendable {
    /// Where the file is.
    var url: URL
    /// Its path relative to the corpus root (its name when the corpus is one file).
    var relativePath: String
    /// Why the file cannot be read, when it cannot (`the file is empty` …).
    var problem: String?
  }

  /// The files, in order.
  let entries: [Entry]
  /// The index of the file `next()` returns.
  private(set) var position = 0

  /// Lists the files below `root` that `accept` takes (given the relative path); folders
  /// that `descend` refuses are skipped, and so are links to folders unless
  /// `followsFolderLinks`.
  init(
    root: URL, accept: (String) -> Bool, descend: (String) -> Bool = { _ in true },
    followsFolderLinks: Bool = false
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
    var visited: Set<String> = [root.resolvingSymlinksInPath().path]
    var pending: [(url: URL, relative: String)] = [(root, "")]
    while let (folder, relative) = pending.popLast() {
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      for name in names where !name.hasPrefix(".") {
        let url = folder.appendingPathComponent(name)
        let path = relative.isEmpty ? name : relative + "/" + name
        let isLink =
          (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil
        var childIsFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &childIsFolder) else {
          // A dangling link (or a file gone since the listing).
          if accept(path) {
            found.append(
              Entry(
                url: url, relativePath: path,
                problem: isLink
                  ? "the symbolic link leads to nothing" : "the file disappeared"))
          }
          continue
        }
        if childIsFolder.boolValue {
          guard descend(path) else { continue }
          if isLink {
            guard followsFolderLinks,
              visited.insert(url.resolvingSymlinksInPath().path).inserted
            else {
              // A link named like a data file that leads to a folder is reported, not skipped.
              if !followsFolderLinks, accept(path) {
                found.append(
                  Entry(
                    url: url, relativePath: path,
                    problem: "the symbolic link leads to a folder, where a file is expected"))
              }
              continue
            }
          } else {
            visited.insert(url.resolvingSymlinksInPath().path)
          }
          pending.append((url, path))
        } else if accept(path) {
          found.append(Entry(url: url, relativePath: path, problem: Self.problem(of: url)))
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

  /// Why an existing file (or the file a link leads to) cannot be read as corpus data: it is
  /// unreadable, or empty. Other kinds of file (a FIFO, a device) are left to the reader.
  private static func problem(of url: URL) -> String? {
    let real = url.resolvingSymlinksInPath()
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: real.path) else {
      return "cannot read the file's attributes"
    }
    guard attributes[.type] as? FileAttributeType == .typeRegular else { return nil }
    guard FileManager.default.isReadableFile(atPath: real.path) else {
      return "the file cannot be read (permission denied)"
    }
    guard (attributes[.size] as? NSNumber)?.intValue ?? 0 > 0 else { return "the file is empty" }
    return nil
  }
}
