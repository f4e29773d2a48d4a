import Foundation

/// The line loop shared by the NDJSON corpus readers: each non-blank line is one JSON record,
/// parsed in place from the line buffer; errors are located at the line and its byte offset.
struct LineRecordStream {
  private let lines: LineReader

  /// Opens the file; a line longer than `maximumRecordBytes` is an error for its record.
  init(url: URL, maximumRecordBytes: Int) throws {
    lines = try LineReader(url: url, maximumLineLength: maximumRecordBytes)
  }

  /// The next record parsed by `parse`, or `nil` at the end of the file. `parse` gets a scanner
  /// over the line (offsets count from the start of the file) and the line number.
  mutating func next(
    _ parse: (inout JSONScanner, Int) throws(InkFormatError) -> CorpusRecord
  ) throws -> CorpusRecord? {
    while let line = try lines.nextLine() {
      if line.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
      do {
        return try line.bytes.withUnsafeBytes { bytes throws(InkFormatError) in
          var scanner = JSONScanner(bytes, baseOffset: line.offset)
          let record = try parse(&scanner, line.number)
          try scanner.expectEnd()
          return record
        }
      } catch let error as InkFormatError {
        var located = error
        if located.record == nil { located.record = "line \(line.number)" }
        throw located
      }
    }
    return nil
  }
}
