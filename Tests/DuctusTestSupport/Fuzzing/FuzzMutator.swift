import _DuctusSupport

/// The one mutation engine of the fuzz tests and of `Scripts/fuzz`: seeded, stacked mutations
/// of real files, of the kinds that break readers. Byte-level ones for every format (bit flips,
/// interesting bytes, inserted, deleted, duplicated and swapped chunks, splices between seeds,
/// truncation, bytes that are not UTF-8) and structural ones chosen by the ``FuzzSyntax``:
/// "interesting" numbers (`1e999`, `-0`, `NaN`, 400 digits, 2³¹, 2⁶³ …) written over numeric
/// fields of text, huge varint counts in PencilKit bytes, huge shapes and header lengths in
/// `.npy`, deep nesting and markup tokens in JSON and XML, repeated lines in line formats.
///
/// Every input is a function of the seed and its index alone (``input(_:seed:)``), so that one
/// input of a long run can be made again without the run.
public struct FuzzMutator {

  /// Numbers that readers get wrong: overflowing, non-finite, signed zero, too long, not quite
  /// numbers.
  public static let interestingNumbers: [String] = [
    "1e999", "-1e999", "1e-999", "-0", "-0.0", "NaN", "nan", "-nan", "inf", "-inf", "Infinity",
    "2147483647", "2147483648", "-2147483649", "4294967296", "9223372036854775807",
    "9223372036854775808", "-9223372036854775809", "18446744073709551616",
    "1.7976931348623157e308", "1.8e308", "4.9e-324", "0", "-1", "0x7FFFFFFF", "1e", ".", "-",
    "+", "00000000000000000001", "1.5.5", "1e+", String(repeating: "9", count: 400),
    "0." + String(repeating: "1", count: 400), "1" + String(repeating: "0", count: 400) + ".5",
  ]
  /// Bytes that cannot stand in UTF-8 (or start a sequence that is cut off or overlong).
  public static let invalidUTF8: [[UInt8]] = [
    [0xFF], [0xFE], [0xC3], [0xC0, 0x80], [0xE2, 0x82], [0xED, 0xA0, 0x80],
    [0xF4, 0x90, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0x80],
  ]
  /// Markup put in at random places in XML.
  static let xmlTokens = [
    "<", ">", "&", "&amp;", "&#0;", "&#x110000;", "&undeclared;", "]]>", "<![CDATA[", "<!--",
    "-->", "<?", "?>", "\"", "'", "=", "/>", "</", "\u{0}", "\u{FEFF}", "xmlns:kvg=\"x\"",
    "<!DOCTYPE x [<!ENTITY a \"&a;\">]>", "<!ATTLIST g a CDATA #FIXED \"b\">",
    "<!DOCTYPE x [<!ENTITY b \"bb\"><!ENTITY c \"&b;&b;&b;&b;\">]>", "<!ENTITY", "%p;",
    "<!DOCTYPE x SYSTEM \"file:///etc/passwd\">", "<xi:include href=\"/etc/passwd\"/>",
  ]
  /// Tokens put in at random places in JSON.
  static let jsonTokens = [
    "{", "}", "[", "]", ",", ":", "\"", "\\", "\\u0000", "\\ud800", "\\uDFFF", "\\u", "null",
    "true", "false", "[]", "{}", "\"\":", "\u{FEFF}", "\n", "\r\n", "\u{0}", "[[", "]]",
  ]
  /// Tokens put in at random places in the line formats.
  static let textTokens = [
    "\n", "\r", "\r\n", "\t", " ", "\u{0}", "\u{FEFF}", ".PEN_DOWN\n", ".PEN_UP\n", ".DT 10\n",
    ".SEGMENT CHARACTER 0-99999999 ? \"x\"\n", ".SEGMENT WORD 3:1-0 ? \"\n",
    ".INCLUDE ../../../../etc/passwd\n", ".INCLUDE missing.dat\n", ".COORD X Y T\n",
    ".X_POINTS_PER_INCH 0\n", "99999 999", "R", " R", "\n12345678", "-1 -1 -1 -1 -1 -1 -1\n",
  ]

  private var generator: SplitMix64
  private let seeds: [[UInt8]]
  private let syntax: FuzzSyntax
  /// The largest input made; longer results are cut to this length.
  public let maximumLength: Int

  /// A mutator of `seeds` (real files of one format) whose structural mutations fit `syntax`,
  /// making inputs of at most `maximumLength` bytes.
  public init(seeds: [[UInt8]], syntax: FuzzSyntax, maximumLength: Int = 1 << 18) {
    self.seeds = seeds.isEmpty ? [[]] : seeds
    self.syntax = syntax
    self.maximumLength = maximumLength
    generator = SplitMix64(seed: 0)
  }

  /// Input `index` of the run with `seed`: one to four stacked mutations of a seed file, or
  /// (one time in forty) random bytes after the first bytes of a seed.
  public mutating func input(_ index: Int, seed: UInt64) -> [UInt8] {
    generator = SplitMix64(seed: seed &+ UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15)
    var bytes = seeds.randomElement(using: &generator)!
    if int(40) == 0 {
      let prefix = bytes.prefix(int(9))
      return Array(prefix) + (0..<int(400)).map { _ in byte() }
    }
    for _ in 0...int(4) {
      mutate(&bytes)
      if bytes.count > maximumLength { bytes.removeSubrange(maximumLength...) }
    }
    return bytes
  }

  /// A random integer in `0..<bound`.
  private mutating func int(_ bound: Int) -> Int {
    Int.random(in: 0..<max(1, bound), using: &generator)
  }

  private mutating func byte() -> UInt8 { UInt8.random(in: 0...255, using: &generator) }

  /// A position in `bytes`, from 0 to its length.
  private mutating func position(in bytes: [UInt8]) -> Int { int(bytes.count + 1) }

  /// A position just after one of `marks` (or anywhere when there is none).
  private mutating func position(after marks: Set<UInt8>, in bytes: [UInt8]) -> Int {
    let start = position(in: bytes)
    guard
      let found = bytes[start...].firstIndex(where: marks.contains)
        ?? bytes[..<start].firstIndex(where: marks.contains)
    else { return start }
    return found + 1
  }

  private mutating func pick<T>(_ values: [T]) -> T { values[int(values.count)] }

  private mutating func mutate(_ bytes: inout [UInt8]) {
    guard !bytes.isEmpty else {
      bytes = (0..<int(64)).map { _ in byte() }
      return
    }
    let at = int(bytes.count)
    switch int(16) {
    case 0:  // bit flips
      for _ in 0...int(4) { bytes[int(bytes.count)] ^= 1 << UInt8(int(8)) }
    case 1:  // an interesting byte
      bytes[at] = pick([0x00, 0x01, 0x7F, 0x80, 0xFF, 0x08, 0x0A, 0x12, 0x22, 0x2A, 0x3A, 0x20])
    case 2:  // inserted random bytes
      bytes.insert(contentsOf: (0...int(16)).map { _ in byte() }, at: position(in: bytes))
    case 3:  // a deleted chunk
      bytes.removeSubrange(at..<min(bytes.count, at + 1 + int(32)))
    case 4:  // a duplicated chunk
      let chunk = bytes[at..<min(bytes.count, at + 1 + int(64))]
      bytes.insert(contentsOf: chunk, at: position(in: bytes))
    case 5:  // a splice with another seed
      let other = pick(seeds)
      bytes = Array(bytes[..<at]) + other[int(other.count + 1)...]
    case 6:  // truncation
      bytes.removeSubrange(at...)
    case 7:  // swapped bytes
      bytes.swapAt(at, int(bytes.count))
    case 8, 9:  // bytes that are not UTF-8, anywhere or inside a name or a quoted value
      let marks: Set<UInt8> = int(2) == 0 ? [UInt8(ascii: "<")] : [0x22, 0x27]
      let place = int(2) == 0 ? position(in: bytes) : position(after: marks, in: bytes)
      bytes.insert(contentsOf: pick(Self.invalidUTF8), at: place)
    default:
      mutateStructure(&bytes)
    }
  }

  /// The mutations that know the syntax.
  private mutating func mutateStructure(_ bytes: inout [UInt8]) {
    switch (syntax, int(4)) {
    case (.pencilKitBinary, 0), (.pencilKitBinary, 1): hugeVarint(&bytes)
    case (.pencilKitBinary, _): interestingNumber(&bytes)
    case (.npy, 0): hugeShape(&bytes)
    case (.npy, 1):  // a huge or short header length
      let length = pick([0, 1, 0xFFFF, 0x7FFF_FFFF, 0xFFFF_FFFF, bytes.count])
      for i in 8..<max(8, min(12, bytes.count)) {
        bytes[i] = UInt8(truncatingIfNeeded: length >> (8 * (i - 8)))
      }
    case (.npy, _): interestingNumber(&bytes)
    case (.json, 0), (.xml, 0): deepNesting(&bytes)
    case (.json, 1): insert(pick(Self.jsonTokens), into: &bytes)
    case (.xml, 1): insert(pick(Self.xmlTokens), into: &bytes)
    case (.xml, 2):  // a comment or processing instruction holding bytes that are not UTF-8
      let (open, close) = pick([("<!-- ", " -->"), ("<?pi ", " ?>")])
      let wrapped = Array(open.utf8) + pick(Self.invalidUTF8) + Array(close.utf8)
      bytes.insert(contentsOf: wrapped, at: position(after: [UInt8(ascii: ">")], in: bytes))
    case (.text, 0): insert(pick(Self.textTokens), into: &bytes)
    case (.text, 1), (.json, 2): repeatedLine(&bytes)
    default: interestingNumber(&bytes)
    }
  }

  private mutating func insert(_ token: String, into bytes: inout [UInt8]) {
    bytes.insert(contentsOf: Array(token.utf8), at: position(in: bytes))
  }

  /// An interesting number written over the next numeric field after a random position (or
  /// put in when there is none).
  private mutating func interestingNumber(_ bytes: inout [UInt8]) {
    let number = Array(pick(Self.interestingNumbers).utf8)
    let isDigit: (UInt8) -> Bool = { $0 >= 0x30 && $0 <= 0x39 }
    let isNumeric: (UInt8) -> Bool = { isDigit($0) || [0x2B, 0x2D, 0x2E, 0x45, 0x65].contains($0) }
    let from = position(in: bytes)
    guard let digit = bytes[from...].firstIndex(where: isDigit) ?? bytes.firstIndex(where: isDigit)
    else {
      bytes.insert(contentsOf: number, at: from)
      return
    }
    var start = digit
    while start > 0, isNumeric(bytes[start - 1]) { start -= 1 }
    var end = digit
    while end < bytes.count, isNumeric(bytes[end]) { end += 1 }
    bytes.replaceSubrange(start..<end, with: number)
  }

  /// A huge count or length in the varint after a count or length-delimited protobuf tag.
  private mutating func hugeVarint(_ bytes: inout [UInt8]) {
    let tags: Set<UInt8> = [0x08, 0x10, 0x18, 0x20, 0x22, 0x2A, 0x32, 0x3A, 0x0A, 0x12]
    let start = min(bytes.count, position(after: tags, in: bytes))
    var huge = UInt64.random(in: 0...UInt64.max, using: &generator) >> UInt64(int(41))
    var varint: [UInt8] = []
    while huge >= 0x80 {
      varint.append(UInt8(truncatingIfNeeded: huge) | 0x80)
      huge >>= 7
    }
    varint.append(UInt8(huge))
    bytes.replaceSubrange(start..<min(start + 1 + int(2), bytes.count), with: varint)
  }

  /// A `.npy` shape tuple replaced by a huge, negative, overflowing or malformed one.
  private mutating func hugeShape(_ bytes: inout [UInt8]) {
    let shapes = [
      "(2147483648, 2)", "(9223372036854775807,)", "(4294967296, 4294967296)", "(-1, 2)",
      "(0,)", "()", "(1e3,)", "(3037000500, 3037000500)", "(99999999999999999999,)",
      "(" + Array(repeating: "1", count: 33).joined(separator: ", ") + ")",
      "(3, -3)", "(2,", "(,)",
    ]
    let shape = Array(pick(shapes).utf8)
    guard let open = bytes.firstIndex(of: UInt8(ascii: "(")),
      let close = bytes[open...].firstIndex(of: UInt8(ascii: ")"))
    else { return interestingNumber(&bytes) }
    bytes.replaceSubrange(open...close, with: shape)
  }

  /// Deep nesting: up to 2 000 (or, one time in 32, 100 000) open arrays or objects in JSON,
  /// open elements in XML, after a random `[`, `{`, `:` or `>`.
  private mutating func deepNesting(_ bytes: inout [UInt8]) {
    let depth = int(32) == 0 ? 100_000 : pick([8, 64, 500, 2_000])
    let unit: [UInt8] =
      syntax == .xml
      ? Array(pick(["<a>", "<g>", "<trace>", "<traceGroup>"]).utf8)
      : Array(pick(["[", "{\"a\":", "{\"strokes\":["]).utf8)
    let marks: Set<UInt8> = syntax == .xml ? [UInt8(ascii: ">")] : [0x5B, 0x7B, 0x3A]
    var nested: [UInt8] = []
    nested.reserveCapacity(depth * unit.count)
    for _ in 0..<depth { nested += unit }
    bytes.insert(contentsOf: nested, at: position(after: marks, in: bytes))
  }

  /// One line repeated up to 1 000 times, or 20 000 one time in 32 (a huge number of points,
  /// strokes or records).
  private mutating func repeatedLine(_ bytes: inout [UInt8]) {
    let start = bytes[..<int(bytes.count)].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    let end = bytes[start...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
    let line = bytes[start..<end]
    guard !line.isEmpty else { return }
    let times = min(int(32) == 0 ? 20_000 : pick([2, 10, 100, 1_000]), maximumLength / line.count)
    var repeated: [UInt8] = []
    repeated.reserveCapacity(line.count * times)
    for _ in 0..<times { repeated += line }
    bytes.replaceSubrange(start..<end, with: repeated)
  }
}
