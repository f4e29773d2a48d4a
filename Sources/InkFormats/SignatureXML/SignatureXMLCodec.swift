import Foundation

/// Signature XML in the registry: `.xml` files whose first bytes hold the
/// `urn:ductus:signature-channels:1` namespace. A corpus of signatures a file, read and written.
public enum SignatureXMLCodec: InkFormatCodec {
  public static let displayName = "Signature channels XML (ISO/IEC 19794-7)"
  public static let fileExtensions = ["xml"]
  public static var holdsCorpus: Bool { true }

  public static func matches(head: [UInt8]) -> Bool {
    let text = String(decoding: head, as: UTF8.self)
    return text.contains("<SignatureChannels") && text.contains(SignatureXMLWriter.namespace)
  }

  public static func openCorpus(at url: URL) throws -> any CorpusReader {
    try openCorpus(at: url, limits: .default)
  }

  /// Strokes and points checked as they are read.
  public static func openCorpus(at url: URL, limits: InkReadLimits) throws -> any CorpusReader {
    try SignatureXMLReader(url: url, limits: limits)
  }

  public static func makeCorpusWriter(to url: URL) throws -> any CorpusWriter {
    try SignatureXMLWriter(url: url)
  }
}
