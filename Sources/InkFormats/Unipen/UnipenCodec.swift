import Foundation

/// UNIPEN in the registry: `.dat` and `.unp` files that start with a UNIPEN keyword (`.VERSION`,
/// `.INCLUDE`, `.COMMENT`, `.PEN_DOWN` …). A corpus, one record a `.SEGMENT`; read only.
///
/// A folder opened as UNIPEN, or laid out as a UNIPEN distribution (``isDistribution(folder:)``),
/// goes to ``UnipenReader`` whole, which leaves `include/` folders to `.INCLUDE` and keys
/// records by their path below the folder.
public enum UnipenCodec: InkFormatCodec {
  public static let displayName = "UNIPEN"
  public static let fileExtensions = ["dat", "unp"]
  public static var holdsCorpus: Bool { true }

  /// Keywords a UNIPEN file may start with.
  static let leadingKeywords: Set<String> = [
    "VERSION", "INCLUDE", "COMMENT", "DATA_SOURCE", "DATA_ID", "COORD", "HIERARCHY", "PEN_DOWN",
    "PEN_UP", "SEGMENT", "X_DIM", "Y_DIM", "X_POINTS_PER_INCH", "Y_POINTS_PER_INCH",
    "POINTS_PER_SECOND", "WRITER_ID", "STYLE", "DT", "START_SET", "START_BOX", "LEXICON",
  ]

  public static func matches(head: [UInt8]) -> Bool {
    guard head.first == UInt8(ascii: ".") else { return false }
    let keyword = head.dropFirst().prefix { $0 > 0x20 }
    return leadingKeywords.contains(String(decoding: keyword, as: UTF8.self))
  }

  /// Whether a folder is laid out as a UNIPEN distribution: `data/` and `include/` side by side.
  public static func isDistribution(folder: URL) -> Bool {
    ["data", "include"].allSatisfy { name in
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(
        atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
        && isFolder.boolValue
    }
  }

  public static func openCorpus(at url: URL) throws -> any CorpusReader {
    try UnipenReader(url: url)
  }
}
