import Foundation
import _DuctusSupport

/// Reads a file line by line through a buffer of a mebibyte, so that a corpus of any size
/// streams through bounded memory.
///
/// Each read takes what the file has ready, up to the buffer's room (`read(2)`), so that a line
/// written to a pipe is delivered as soon as its line ending arrives, not when a mebibyte has
/// come. Lines end at `\n` (a `\r` before it is dropped); a last line without one still counts.
/// A line longer than `maximumLineLength` is an error naming the line rather than an unbounded
/// allocation; the next call goes on with the line after it.
final class LineReader {
  /// One line: its bytes (without the line ending), its 1-based number and its byte offset.
  struct Line {
    /// The line's bytes.
    var bytes: ArraySlice<UInt8>
    /// The line's number, counting from 1.
    var number: Int
    /// The offset of the line's first byte in the file.
    var offset: Int
  }

  /// The longest line accepted, in bytes.
  let maximumLineLength: Int
  private let descriptor: Int32
  private let chunkSize: Int
  private var buffer: [UInt8] = []
  private var start = 0
  private var bufferOffset = 0
  private var lineNumber = 0
  private var atEnd = false
  /// Whether the rest of an over-long line is being dropped.
  private var isSkipping = false

  /// Opens a file; throws `InkFormatError` when it cannot be read.
  init(url: URL, chunkSize: Int = 1 << 20, maximumLineLength: Int = 1 << 28) throws {
    do {
      descriptor = try Platform.openForReading(url.path)
    } catch {
      throw InkFormatError(.malformed, "cannot open the file (\(error.localizedDescription))")
    }
    self.chunkSize = chunkSize
    self.maximumLineLength = maximumLineLength
  }

  deinit { Platform.closeQuietly(descriptor) }

  /// The next line, or `nil` at the end of the file.
  func nextLine() throws -> Line? {
    var searchFrom = start
    while true {
      if let newline = buffer.withUnsafeBytes({
        Platform.firstOffset(of: 0x0A, in: $0, from: searchFrom)
      }) {
        if isSkipping {
          isSkipping = false
          start = newline + 1
          searchFrom = start
          continue
        }
        var end = newline
        if end > start, buffer[end - 1] == 0x0D { end -= 1 }
        guard end - start <= maximumLineLength else {
          let offset = bufferOffset + start
          lineNumber += 1
          start = newline + 1
          throw overLongLine(at: offset)
        }
        return emit(upTo: end, next: newline + 1)
      }
      if atEnd {
        guard start < buffer.count, !isSkipping else { return nil }
        var end = buffer.count
        if buffer[end - 1] == 0x0D { end -= 1 }
        return emit(upTo: end, next: buffer.count)
      }
      if isSkipping {
        bufferOffset += buffer.count
        buffer.removeAll(keepingCapacity: true)
        start = 0
      } else if buffer.count - start > maximumLineLength {
        lineNumber += 1
        let offset = bufferOffset + start
        bufferOffset += buffer.count
        buffer.removeAll(keepingCapacity: true)
        start = 0
        isSkipping = true
        throw overLongLine(at: offset)
      }
      searchFrom = buffer.count
      if start > 0 {
        buffer.removeSubrange(0..<start)
        bufferOffset += start
        searchFrom -= start
        start = 0
      }
      try fill()
    }
  }

  /// Appends what the file has ready (at most a chunk), or marks the end.
  private func fill() throws {
    let old = buffer.count
    buffer.append(contentsOf: repeatElement(0, count: chunkSize))
    let count: Int
    do {
      count = try buffer.withUnsafeMutableBytes { bytes in
        try Platform.read(
          into: UnsafeMutableRawBufferPointer(rebasing: bytes[old...]), from: descriptor)
      }
    } catch {
      buffer.removeSubrange(old...)
      throw InkFormatError(.truncated, "cannot read the file (\(error.localizedDescription))")
    }
    buffer.removeSubrange((old + count)...)
    if count == 0 { atEnd = true }
  }

  /// The error for the line just counted, which is longer than the limit.
  private func overLongLine(at offset: Int) -> InkFormatError {
    InkFormatError(
      .invalidValue,
      "the line is longer than \(maximumLineLength) bytes, the limit of bytes a record",
      record: "line \(lineNumber)", offset: offset)
  }

  private func emit(upTo end: Int, next: Int) -> Line {
    lineNumber += 1
    let line = Line(bytes: buffer[start..<end], number: lineNumber, offset: bufferOffset + start)
    start = next
    return line
  }
}
