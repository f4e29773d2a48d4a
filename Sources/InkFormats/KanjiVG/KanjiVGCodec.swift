import Foundation

/// KanjiVG stroke-order diagrams in the registry: `.svg` files whose first bytes name KanjiVG
/// (`kvg:` ids or the `kanjivg` namespace). One drawing a file; read only.
public enum KanjiVGCodec: InkFormatCodec {
  public static let displayName = "KanjiVG SVG"
  public static let fileExtensions = ["svg"]

  public static func matches(head: [UInt8]) -> Bool {
    let text = String(decoding: head, as: UTF8.self)
    return (text.contains("<svg") || text.contains("<!DOCTYPE svg"))
      && (text.contains("kvg:") || text.contains("kanjivg"))
  }

  public static func openCorpus(at url: URL) throws -> any CorpusReader {
    var record = try KanjiVGReader.record(
      from: Data(contentsOf: url), name: url.lastPathComponent)
    record.key = SingleDrawingCorpusReader.key(for: url)
    return SingleDrawingCorpusReader(record: record)
  }
}
