import Foundation

/// A file written through a buffer into a temporary file in the destination's folder and renamed
/// into place on `commit()`, so that readers see the old file or the complete new one.
final class AtomicFileOutput {
  /// Where the file goes.
  let destination: URL
  private let temporary: URL
  private let handle: FileHandle
  private var buffer: [UInt8] = []
  private var committed = false

  /// Creates the temporary file.
  init(destination: URL) throws {
    self.destination = destination
    let folder = destination.deletingLastPathComponent()
    temporary = folder.appendingPathComponent(
      ".\(destination.lastPathComponent).\(UInt32.random(in: 0...UInt32.max)).tmp")
    guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
      throw InkFormatError(.malformed, "cannot create a file in \(folder.path)")
        .located(file: destination.path)
    }
    handle = try FileHandle(forWritingTo: temporary)
    buffer.reserveCapacity(1 << 20)
  }

  deinit {
    if !committed {
      try? handle.close()
      try? FileManager.default.removeItem(at: temporary)
    }
  }

  /// Appends bytes.
  func write<C: Collection>(_ bytes: C) throws where C.Element == UInt8 {
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 20 { try flush() }
  }

  /// Writes the buffer, closes the file and renames it into place.
  func commit() throws {
    guard !committed else { return }
    try flush()
    try handle.close()
    // rename(2) replaces an existing destination in one step; FileManager.replaceItemAt on
    // Linux removed the destination and then failed to move the new file in.
    guard rename(temporary.path, destination.path) == 0 else {
      let code = POSIXErrorCode(rawValue: errno) ?? .EIO
      throw InkFormatError(.malformed, "cannot write the file: \(code)", file: destination.path)
    }
    committed = true
  }

  private func flush() throws {
    try handle.write(contentsOf: buffer)
    buffer.removeAll(keepingCapacity: true)
  }
}
