import Foundation

/// The $1 gesture logs in the registry: `.xml` files whose first bytes hold a `<Gesture`
/// element. One drawing a file; read only.
public enum DollarGestureCodec: InkFormatCodec {
  public static let displayName = "$1 gesture XML"
  public static let fileExtensions = ["xml"]

  public static func matches(head: [UInt8]) -> Bool {
    String(decoding: head, as: UTF8.self).contains("<Gesture ")
  }

  public static func openCorpus(at url: URL) throws -> any CorpusReader {
    var record = try DollarGestureReader.record(
      from: Data(contentsOf: url), name: url.lastPathComponent)
    record.key = SingleDrawingCorpusReader.key(for: url)
    return SingleDrawingCorpusReader(record: record)
  }
}
