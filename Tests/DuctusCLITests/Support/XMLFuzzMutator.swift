import Foundation
import _DuctusSupport

/// Seeded mutations of a valid XML document, of the kinds that broke Foundation's `XMLParser`:
/// bytes that are not UTF-8 inside names, attributes, comments and processing instructions,
/// markup tokens in the wrong place, entity declarations, cut, doubled and swapped bytes.
struct XMLFuzzMutator {
  /// Markup put in at random places.
  static let tokens = [
    "<", ">", "&", "&amp;", "&#0;", "&#x110000;", "&undeclared;", "]]>", "<![CDATA[", "<!--",
    "-->", "<?", "?>", "\"", "'", "=", "/>", "</", "\u{0}", "\u{FEFF}", "xmlns:kvg=\"x\"",
    "<!DOCTYPE x [<!ENTITY a \"&a;\">]>", "<!ATTLIST g a CDATA #FIXED \"b\">",
    "<!DOCTYPE x [<!ENTITY b \"bb\"><!ENTITY c \"&b;&b;&b;&b;\">]>", "<!ENTITY", "%p;",
  ]
  /// Bytes that cannot stand in UTF-8 (or start a sequence that is cut off or overlong).
  static let invalidUTF8: [[UInt8]] = [
    [0xFF], [0xFE], [0xC3], [0xC0, 0x80], [0xE2, 0x82], [0xED, 0xA0, 0x80],
    [0xF4, 0x90, 0x80, 0x80],
    [0xF8, 0x88, 0x80, 0x80, 0x80], [0x80],
  ]

  private var generator: SplitMix64

  /// A mutator whose choices follow `seed`.
  init(seed: UInt64) { generator = SplitMix64(seed: seed) }

  /// One to four mutations of `document`.
  mutating func mutate(_ document: [UInt8]) -> [UInt8] {
    var bytes = document
    for _ in 0..<Int.random(in: 1...4, using: &generator) {
      bytes = mutateOnce(bytes)
    }
    return bytes
  }

  private mutating func position(in bytes: [UInt8]) -> Int {
    Int.random(in: 0...bytes.count, using: &generator)
  }

  /// A position just after a `<` (inside an element name), when there is one.
  private mutating func namePosition(in bytes: [UInt8]) -> Int {
    let starts = bytes.indices.filter { bytes[$0] == UInt8(ascii: "<") }
    guard let start = starts.randomElement(using: &generator) else { return position(in: bytes) }
    return min(bytes.count, start + Int.random(in: 1...4, using: &generator))
  }

  private mutating func mutateOnce(_ input: [UInt8]) -> [UInt8] {
    var bytes = input
    guard !bytes.isEmpty else { return Array("<".utf8) }
    switch Int.random(in: 0..<9, using: &generator) {
    case 0:
      bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
        in: 0...255, using: &generator)
    case 1:
      let invalid = Self.invalidUTF8.randomElement(using: &generator)!
      bytes.insert(contentsOf: invalid, at: namePosition(in: bytes))
    case 2:
      let invalid = Self.invalidUTF8.randomElement(using: &generator)!
      bytes.insert(contentsOf: invalid, at: position(in: bytes))
    case 3:
      let token = Self.tokens.randomElement(using: &generator)!
      bytes.insert(contentsOf: Array(token.utf8), at: position(in: bytes))
    case 4:
      let start = Int.random(in: 0..<bytes.count, using: &generator)
      let end = min(bytes.count, start + Int.random(in: 1...24, using: &generator))
      bytes.removeSubrange(start..<end)
    case 5:
      let start = Int.random(in: 0..<bytes.count, using: &generator)
      let end = min(bytes.count, start + Int.random(in: 1...64, using: &generator))
      bytes.insert(contentsOf: bytes[start..<end], at: position(in: bytes))
    case 6:
      bytes.removeSubrange(Int.random(in: 0..<bytes.count, using: &generator)...)
    case 7:
      let i = Int.random(in: 0..<bytes.count, using: &generator)
      let j = Int.random(in: 0..<bytes.count, using: &generator)
      bytes.swapAt(i, j)
    default:
      // A comment or processing instruction holding bytes that are not UTF-8.
      let invalid = Self.invalidUTF8.randomElement(using: &generator)!
      let wrapper: ([UInt8]) -> [UInt8] =
        Bool.random(using: &generator)
        ? { Array("<!-- ".utf8) + $0 + Array(" -->".utf8) }
        : { Array("<?pi ".utf8) + $0 + Array(" ?>".utf8) }
      bytes.insert(contentsOf: wrapper(invalid), at: position(in: bytes))
    }
    return bytes
  }
}
