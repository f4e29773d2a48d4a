import Foundation

/// Hershey fonts in the registry: `.jhf` files whose first record has the fixed columns of the
/// format. A corpus, one record a glyph; read only.
public enum HersheyCodec: InkFormatCodec {
  public static let displayName = "Hershey font (.jhf)"
  public static let fileExtensions = ["jhf"]
  public static var holdsCorpus: Bool { true }

  /// The registry hands over the head without its leading white space, which in a `.jhf` file
  /// is part of the right-aligned glyph number, so the first line is tried with 0–7 spaces put
  /// back.
  public static func matches(head: [UInt8]) -> Bool {
    let line = head.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
    return (0...7).contains { padding in
      (try? HersheyGlyph(jhfRecord: Array(repeating: UInt8(ascii: " "), count: padding) + line))
        != nil
    }
  }

  public static func openCorpus(at url: URL) throws -> any CorpusReader {
    try HersheyFontReader(url: url)
  }
}
