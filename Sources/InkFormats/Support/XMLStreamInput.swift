import Foundation

/// The bytes that libxml2's reader pulls, in blocks, from memory or from an open file, and the
/// first problem it reports: the context of ``XMLStreamReader``'s read callback and error
/// handler.
///
/// libxml2 asks for a few kilobytes at a time, so a document of any size passes through a
/// buffer of ``blockSize`` bytes and is never held whole.
final class XMLStreamInput {
  /// A problem that libxml2 reported: its error code, severity (`xmlErrorLevel`), the part of
  /// the library that raised it (`xmlErrorDomain`), its message and the document line it is on
  /// (`nil` when it is inside an entity's text).
  struct Report {
    var code: Int
    var level: Int
    var domain: Int
    var message: String
    var line: Int?
  }

  /// How many bytes are read from a file at once.
  static let blockSize = 1 << 18

  /// The open file, when reading from one.
  private let file: FileHandle?
  /// The block read from the file (or the whole data in memory), and how far it was handed on.
  private var block = Data()
  private var blockOffset = 0
  private var atEnd = false

  /// The first error that refuses the document (see ``XMLStreamReader``).
  var firstError: Report?
  /// Why reading the file failed, when it did.
  private(set) var readFailure: (any Error)?

  /// Reads bytes held in memory.
  init(data: Data) {
    self.file = nil
    self.block = data
  }

  /// Reads an open file; it is closed when the input goes away.
  init(file: FileHandle) {
    self.file = file
  }

  deinit { try? file?.close() }

  /// Copies up to `count` next bytes to `buffer`; the number copied, 0 at the end, -1 when the
  /// file cannot be read.
  func read(into buffer: UnsafeMutablePointer<CChar>, count: Int) -> Int32 {
    if blockOffset == block.count, let file, !atEnd {
      do {
        block = try file.read(upToCount: Self.blockSize) ?? Data()
      } catch {
        readFailure = error
        return -1
      }
      blockOffset = 0
      atEnd = block.isEmpty
    }
    let length = min(count, block.count - blockOffset, Int(Int32.max))
    guard length > 0 else { return 0 }
    let start = block.startIndex + blockOffset
    block.copyBytes(
      to: UnsafeMutableRawBufferPointer(start: buffer, count: length), from: start..<start + length)
    blockOffset += length
    return Int32(length)
  }

  /// Keeps the first report.
  func record(_ report: Report) {
    if firstError == nil { firstError = report }
  }
}
