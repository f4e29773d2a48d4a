import Foundation

/// SVC2004 signatures in the registry: `.txt` files whose first line is a sample count and
/// whose second line has 7 (Task 2) or 4 (Task 1) integers. One drawing a file; read only.
public enum SVC2004Codec: InkFormatCodec {
  public static let displayName = "SVC2004 signature"
  public static let fileExtensions = ["txt"]

  public static func matches(head: [UInt8]) -> Bool {
    let lines = String(decoding: head, as: UTF8.self).split(
      whereSeparator: \.isNewline
    ).prefix(2).map { $0.split(whereSeparator: \.isWhitespace) }
    guard lines.count == 2, lines[0].count == 1, Int(lines[0][0]) != nil,
      lines[1].count == 7 || lines[1].count == 4
    else { return false }
    return lines[1].allSatisfy { Int($0) != nil }
  }

  public static func openCorpus(at url: URL) throws -> any CorpusReader {
    var record = try SVC2004Reader.record(
      from: Data(contentsOf: url), name: url.lastPathComponent)
    record.key = SingleDrawingCorpusReader.key(for: url)
    return SingleDrawingCorpusReader(record: record)
  }
}
