import Foundation

/// An output file that a batch writes across several runs (`--resume`): the bytes go to a
/// partial file beside the destination, `.<name>.ductus-partial`, which outlives the process
/// however it ends (`SIGKILL` included), and which the next run cuts back to the length its
/// journal recorded and continues. ``commit()`` renames it over the destination once the last
/// record is in, so the destination, as with ``AtomicFile``, is never seen half written.
///
/// The partial file is not a temporary file: it carries no process tag, so the sweep of stale
/// temporary files (``TemporaryFiles/removeStale(in:)``) leaves it alone, and a signal does
/// not remove it.
///
/// - Only regular files are written this way; a destination written in place (a FIFO, a
///   device, standard output: ``AtomicFile/writesInPlace(_:)``) cannot be resumed.
/// - The destination's permissions, owner and group are kept when it is replaced, as by
///   ``AtomicFile``; a symbolic link stays a link, and the partial file lies beside its target.
///
/// ```swift
/// let file = try ResumableFile(path: "out.ndjson", keepingFirst: checkpoint.outputBytes)
/// file.sink.write(line)
/// let bytes = try file.synchronize()   // a checkpoint: the first `bytes` are on the disk
/// try file.commit()
/// ```
package final class ResumableFile {
  /// The destination, as given.
  package let path: String
  /// The partial file.
  package let partialPath: String
  /// Where the bytes go until ``commit()``.
  package let sink: OutputSink
  /// The file the partial file is renamed over (the target of a link).
  private let target: String
  private let descriptor: Int32
  private var isOpen = true

  /// The file a destination names: the target of a symbolic link, else the path itself.
  package static func target(of path: String) -> String {
    let isLink = Platform.status(of: path, followingLinks: false)?.kind == .symbolicLink
    return isLink ? Platform.resolvedPath(path) ?? path : path
  }

  /// The partial file of a destination: `.<name>.ductus-partial` beside its target.
  package static func partialPath(of path: String) -> String {
    sibling(of: target(of: path), suffix: ".ductus-partial")
  }

  /// A hidden name beside `path`: `.<name><suffix>` in the same folder (relative when `path`
  /// is).
  package static func sibling(of path: String, suffix: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." + path + suffix }
    return path[...slash] + "." + path[path.index(after: slash)...] + suffix
  }

  /// Opens the partial file of `path`, created when missing, cut to its first `length` bytes
  /// (0 for a new run), for writing at its end.
  ///
  /// - Throws: ``OutputFileError`` when the folder is missing or not writable, or the partial
  ///   file is shorter than `length` (it is not the one the journal describes).
  package init(path: String, keepingFirst length: Int) throws(OutputFileError) {
    self.path = path
    target = Self.target(of: path)
    partialPath = Self.partialPath(of: path)
    do {
      descriptor = try Platform.openForAppending(partialPath, keepingFirst: length)
    } catch {
      throw OutputFileError.reopening(partialPath, keepingFirst: length, error)
    }
    sink = OutputSink(descriptor: descriptor, name: path)
  }

  deinit {
    if isOpen { Platform.closeQuietly(descriptor) }
  }

  /// Writes out the buffer and forces the file onto the disk (`fsync`).
  ///
  /// - Returns: the file's length, every byte of which is on the disk.
  /// - Throws: ``OutputFileError``.
  @discardableResult
  package func synchronize() throws(OutputFileError) -> Int {
    try sink.flush()
    do {
      try Platform.synchronize(descriptor)
      return try Platform.size(ofOpenFile: descriptor)
    } catch {
      throw OutputFileError(path: path, error)
    }
  }

  /// Synchronizes and closes the partial file, gives it the permissions (and owner) of the
  /// file it replaces, and renames it over the destination.
  ///
  /// - Throws: ``OutputFileError``; the partial file then stays for another run.
  package func commit() throws(OutputFileError) {
    precondition(isOpen, "ResumableFile committed twice")
    try synchronize()
    if let replaced = Platform.status(of: target), replaced.kind == .regular {
      Platform.copyAttributes(replaced, to: descriptor)
    }
    isOpen = false
    do {
      try Platform.close(descriptor)
      try Platform.rename(partialPath, to: target)
    } catch {
      throw OutputFileError(path: path, error)
    }
  }
}
