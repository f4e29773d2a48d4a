import Foundation

extension InkFileFormat {
  /// How many leading bytes detection looks at.
  static let headLength = 4096

  /// The format of a file, told by its extension and confirmed by its first bytes.
  ///
  /// Among the formats that claim the extension, the first whose content matches wins; when
  /// none matches, any format whose content matches; failing that, the only format that claims
  /// the extension (so that its reader reports what is wrong with the file).
  ///
  /// - Throws: `InkFormatError` (`.unknownFormat`) when neither name nor content tells.
  public static func detect(url: URL) throws -> InkFileFormat {
    let fileExtension = url.pathExtension.lowercased()
    let head = try Self.head(of: url)
    if let format = detect(head: head, fileExtension: fileExtension) { return format }
    let claiming = allCases.filter { $0.fileExtensions.contains(fileExtension) }
    if claiming.count == 1 { return claiming[0] }
    throw InkFormatError(
      .unknownFormat, "neither the name nor the content tells the ink format", file: url.path)
  }

  /// The format whose content matches a file's first bytes, preferring formats that claim
  /// `fileExtension`; `nil` when no content matches.
  public static func detect(head: [UInt8], fileExtension: String = "") -> InkFileFormat? {
    let head = trimmed(head)
    let lowered = fileExtension.lowercased()
    let claiming = allCases.filter { $0.fileExtensions.contains(lowered) }
    let others = allCases.filter { !$0.fileExtensions.contains(lowered) }
    return (claiming + others).first { $0.codec.matches(head: head) }
  }

  /// The first `headLength` bytes of a file.
  static func head(of url: URL) throws -> [UInt8] {
    let handle: FileHandle
    do {
      handle = try FileHandle(forReadingFrom: url)
    } catch {
      throw InkFormatError(.malformed, "cannot open the file", file: url.path)
    }
    defer { try? handle.close() }
    do {
      return [UInt8](try handle.read(upToCount: headLength) ?? Data())
    } catch {
      throw InkFormatError(.truncated, "cannot read the file", file: url.path)
    }
  }

  /// The bytes without a UTF-8 byte-order mark and leading white space.
  static func trimmed(_ head: [UInt8]) -> [UInt8] {
    var start = 0
    if head.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    while start < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[start]) { start += 1 }
    return Array(head[start...])
  }
}
