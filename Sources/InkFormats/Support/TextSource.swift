import Foundation

/// The bytes of one text file with the name errors give for it, split into lines on demand.
///
/// A leading UTF-8 byte-order mark is skipped. Lines end at `\n`; a `\r` before it is dropped.
struct TextSource: Sendable {
  /// The name errors give for the file (a path relative to the corpus root, or a file name).
  let name: String
  /// The file's bytes, without a byte-order mark.
  let bytes: [UInt8]

  /// Reads a file.
  init(contentsOf url: URL, name: String) throws {
    self.init(bytes: [UInt8](try Data(contentsOf: url)), name: name)
  }

  /// Wraps bytes already in memory.
  init(bytes: [UInt8], name: String) {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    self.bytes = bytes.starts(with: bom) ? Array(bytes.dropFirst(3)) : bytes
    self.name = name
  }

  /// The lines as byte ranges with their one-based numbers, in file order.
  var lines: [(number: Int, range: Range<Int>)] {
    var result: [(number: Int, range: Range<Int>)] = []
    var start = 0
    var number = 1
    while start < bytes.count {
      var end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      let next = end + 1
      if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      result.append((number, start..<end))
      start = next
      number += 1
    }
    return result
  }

  /// The text of a byte range (UTF-8, or Latin-1 when the bytes are not UTF-8).
  func text(_ range: Range<Int>) -> String {
    let slice = bytes[range]
    return String(validating: slice, as: UTF8.self)
      ?? String(String.UnicodeScalarView(slice.map { Unicode.Scalar($0) }))
  }

  /// An error located in this file.
  func error(_ kind: InkFormatError.Kind, _ message: String, line: Int) -> InkFormatError {
    InkFormatError(kind, message, file: name, record: "line \(line)")
  }
}
