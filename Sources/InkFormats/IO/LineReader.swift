import Foundation

/// Reads a file line by line in chunks of a mebibyte, so that a corpus of any size streams
/// through a bounded buffer.
///
/// Lines end at `\n` (a `\r` before it is dropped); a last line without one still counts. A line
/// longer than `maximumLineLength` is an error rather than an unbounded allocation.
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
  private let handle: FileHandle
  private let chunkSize: Int
  private var buffer: [UInt8] = []
  private var start = 0
  private var bufferOffset = 0
  private var lineNumber = 0
  private var atEnd = false

  /// Opens a file; throws `InkFormatError` when it cannot be read.
  init(url: URL, chunkSize: Int = 1 << 20, maximumLineLength: Int = 1 << 28) throws {
    do {
      handle = try FileHandle(forReadingFrom: url)
    } catch {
      throw InkFormatError(.malformed, "cannot open the file (\(error.localizedDescription))")
    }
    self.chunkSize = chunkSize
    self.maximumLineLength = maximumLineLength
  }

  deinit { try? handle.close() }

  /// The next line, or `nil` at the end of the file.
  func nextLine() throws -> Line? {
    var searchFrom = start
    while true {
      if let newline = buffer[searchFrom...].firstIndex(of: 0x0A) {
        var end = newline
        if end > start, buffer[end - 1] == 0x0D { end -= 1 }
        return emit(upTo: end, next: newline + 1)
      }
      if atEnd {
        guard start < buffer.count else { return nil }
        var end = buffer.count
        if buffer[end - 1] == 0x0D { end -= 1 }
        return emit(upTo: end, next: buffer.count)
      }
      guard buffer.count - start <= maximumLineLength else {
        throw InkFormatError(
          .invalidValue, "line \(lineNumber + 1) is longer than \(maximumLineLength) bytes",
          offset: bufferOffset + start)
      }
      searchFrom = buffer.count
      if start > 0 {
        buffer.removeSubrange(0..<start)
        bufferOffset += start
        searchFrom -= start
        start = 0
      }
      let chunk: Data?
      do {
        chunk = try handle.read(upToCount: chunkSize)
      } catch {
        throw InkFormatError(.truncated, "cannot read the file (\(error.localizedDescription))")
      }
      if let chunk, !chunk.isEmpty {
        buffer.append(contentsOf: chunk)
      } else {
        atEnd = true
      }
    }
  }

  private func emit(upTo end: Int, next: Int) -> Line {
    lineNumber += 1
    let line = Line(bytes: buffer[start..<end], number: lineNumber, offset: bufferOffset + start)
    start = next
    return line
  }
}
