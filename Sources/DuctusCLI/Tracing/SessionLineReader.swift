import Foundation
import _DuctusSupport

/// Reads the request lines of `ductus trace session` from a descriptor in chunks, so that no
/// line longer than the limit is ever held: its bytes are counted and dropped up to the next
/// newline, and the reader hands back only its length and its first 4 KiB.
///
/// Lines end at `\n`; a `\r` before it is dropped, as is a UTF-8 byte order mark at the start of
/// the input. A last line without a newline still counts; an input that ends with a newline has
/// no empty line after it. Memory stays at the limit plus one chunk, whatever the input.
///
/// ```swift
/// let reader = SessionLineReader(maximumLineLength: 16 << 20)
/// while let line = try reader.next() {
///   switch line {
///   case .text(let bytes): answer(bytes)
///   case .tooLong(let byteCount, _): refuse(byteCount)
///   }
/// }
/// ```
final class SessionLineReader {
  /// One line of input.
  enum Line: Hashable, Sendable {
    /// A line within the limit: its bytes, without the line ending.
    case text([UInt8])
    /// A line over the limit, already skipped: how many bytes it had before its line ending,
    /// and its first ``SessionLineReader/headLength`` bytes (where an `id` may be read).
    case tooLong(byteCount: Int, head: [UInt8])
  }

  /// The longest line returned whole, in bytes before its `\n`.
  let maximumLineLength: Int
  /// How many bytes of a line over the limit are kept.
  static let headLength = 4096
  private let descriptor: Int32
  private var chunk: [UInt8]
  private var chunkStart = 0
  private var chunkEnd = 0
  private var line: [UInt8] = []
  /// The byte count of the line being skipped, once it went over the limit.
  private var skipped: Int?
  /// The first bytes of the line being skipped.
  private var head: [UInt8] = []
  private var isAtEnd = false
  private var isFirstLine = true

  /// A reader of `descriptor` (standard input by default), reading `chunkSize` bytes at a time.
  init(
    descriptor: Int32 = Platform.standardInput, maximumLineLength: Int, chunkSize: Int = 1 << 16
  ) {
    precondition(maximumLineLength > 0 && chunkSize > 0)
    self.descriptor = descriptor
    self.maximumLineLength = maximumLineLength
    chunk = [UInt8](repeating: 0, count: chunkSize)
  }

  /// The next line, or `nil` at the end of the input.
  ///
  /// - Throws: `POSIXError` when reading fails.
  func next() throws(POSIXError) -> Line? {
    while true {
      if chunkStart == chunkEnd {
        guard !isAtEnd, try fill() else {
          isAtEnd = true
          guard !line.isEmpty || skipped != nil else { return nil }
          return finishLine()
        }
      }
      // Not `firstIndex(of:)`, which a debug build runs a byte at a time through generic calls
      // (37 s for a line of 100 MB).
      let newline = chunk.withUnsafeBytes { buffer in
        Platform.firstOffset(
          of: 0x0A, in: UnsafeRawBufferPointer(rebasing: buffer[..<chunkEnd]), from: chunkStart)
      }
      let end = newline ?? chunkEnd
      take(chunkStart..<end)
      chunkStart = end
      if newline != nil {
        chunkStart += 1
        return finishLine()
      }
    }
  }

  /// Reads the next chunk; `false` at the end of the input.
  private func fill() throws(POSIXError) -> Bool {
    let result = chunk.withUnsafeMutableBytes { buffer in
      Result { () throws(POSIXError) in try Platform.read(into: buffer, from: descriptor) }
    }
    let count = try result.get()
    chunkStart = 0
    chunkEnd = count
    return count > 0
  }

  /// Adds a part of the chunk to the line, or to the count of a line being skipped.
  private func take(_ range: Range<Int>) {
    if let count = skipped {
      skipped = count + range.count
      if head.count < Self.headLength {
        head.append(contentsOf: chunk[range.prefix(Self.headLength - head.count)])
      }
    } else if line.count + range.count > maximumLineLength {
      skipped = line.count + range.count
      line.append(contentsOf: chunk[range.prefix(max(0, Self.headLength - line.count))])
      head = Array(line.prefix(Self.headLength))
      line = []
    } else {
      line.append(contentsOf: chunk[range])
    }
  }

  /// Hands back the line read so far and starts the next one.
  private func finishLine() -> Line {
    defer {
      line = []
      head = []
      skipped = nil
      isFirstLine = false
    }
    if let count = skipped {
      let start = isFirstLine && head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
      return .tooLong(byteCount: count, head: Array(head[start...]))
    }
    var start = 0
    var end = line.count
    if isFirstLine, line.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    if end > start, line[end - 1] == 0x0D { end -= 1 }
    return .text(start == 0 && end == line.count ? line : Array(line[start..<end]))
  }
}
