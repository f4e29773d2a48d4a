/// A cursor over the bytes of one JSON text that reads values in place, without building a tree.
///
/// Readers of the JSON-based formats walk their schema with it: `nextKey(_:)` steps through an
/// object's members, `nextElement(_:)` through an array's, and `readNumbers(into:)` parses a
/// number array straight into a `[Double]` (the hot loop of every ink file). Errors carry the
/// absolute byte offset (`baseOffset` plus the position), so that a reader of a line of an
/// NDJSON file reports the offset in the file.
struct JSONScanner {
  /// The JSON text.
  let bytes: UnsafeRawBufferPointer
  /// The offset of `bytes[0]` in the file.
  let baseOffset: Int
  /// The position of the next byte to read.
  var position: Int

  /// Creates a scanner at the start of `bytes`, which begin at `baseOffset` in their file.
  init(_ bytes: UnsafeRawBufferPointer, baseOffset: Int = 0) {
    self.bytes = bytes
    self.baseOffset = baseOffset
    self.position = 0
  }

  /// A `.malformed` error at the current position (`.truncated` at the end of the text).
  func failure(_ message: String) -> InkFormatError { failure(.malformed, message) }

  /// An error at the current position (`.truncated` at the end of the text).
  func failure(_ kind: InkFormatError.Kind, _ message: String) -> InkFormatError {
    InkFormatError(
      position >= bytes.count ? .truncated : kind,
      position >= bytes.count && kind == .malformed ? "\(message), but the text ends" : message,
      offset: baseOffset + position)
  }

  /// Skips spaces, tabs, carriage returns and line feeds.
  @inline(__always)
  mutating func skipWhitespace() {
    while position < bytes.count {
      let byte = bytes[position]
      guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
      position += 1
    }
  }

  /// The next byte after whitespace, not consumed; `nil` at the end.
  @inline(__always)
  mutating func peek() -> UInt8? {
    skipWhitespace()
    return position < bytes.count ? bytes[position] : nil
  }

  /// Consumes `byte` after whitespace, or throws naming what was expected.
  @inline(__always)
  mutating func expect(_ byte: UInt8, _ what: String) throws(InkFormatError) {
    guard peek() == byte else { throw failure("expected \(what)") }
    position += 1
  }

  /// Throws unless only whitespace is left.
  mutating func expectEnd() throws(InkFormatError) {
    if peek() != nil { throw failure("unexpected bytes after the JSON value") }
  }

  // MARK: - Objects and arrays

  /// Consumes `{`.
  mutating func beginObject() throws(InkFormatError) { try expect(0x7B, "an object ({)") }

  /// The next member's key of the current object (consuming the `:` after it), or `nil` after
  /// consuming its `}`. `isFirst` starts `true` and tracks whether a comma is due.
  mutating func nextKey(_ isFirst: inout Bool) throws(InkFormatError) -> String? {
    guard let byte = peek() else { throw failure("expected a key or }") }
    if byte == 0x7D {
      position += 1
      return nil
    }
    if !isFirst { try expect(0x2C, "a comma (,) or }") }
    isFirst = false
    guard peek() == 0x22 else { throw failure("expected a key in quotes") }
    let key = try readString()
    try expect(0x3A, "a colon (:)")
    return key
  }

  /// Refuses a key of `known` that its object had already, noting it in `seen` (a bit for each
  /// of `known`, in order) otherwise: RFC 8259 leaves what a repeated key means to each reader,
  /// and two readers of one text could see two drawings. Keys not in `known` are not noted.
  func checkFirst(_ key: String, among known: [String], seen: inout UInt32)
    throws(InkFormatError)
  {
    guard let index = known.firstIndex(of: key) else { return }
    guard seen & 1 << index == 0 else {
      throw failure("the key \"\(key)\" appears twice in one object")
    }
    seen |= 1 << index
  }

  /// Consumes `[`.
  mutating func beginArray() throws(InkFormatError) { try expect(0x5B, "an array ([)") }

  /// Whether another element follows in the current array (consuming the comma before it), or
  /// `false` after consuming its `]`. `isFirst` starts `true`.
  mutating func nextElement(_ isFirst: inout Bool) throws(InkFormatError) -> Bool {
    guard let byte = peek() else { throw failure("expected a value or ]") }
    if byte == 0x5D {
      position += 1
      return false
    }
    if !isFirst { try expect(0x2C, "a comma (,) or ]") }
    isFirst = false
    return true
  }

  // MARK: - Scalars

  /// Reads a finite number. A number too large for a `Double` (`1e999`, 400 digits) is refused
  /// as out of range rather than read as infinity, and so are the strings `"NaN"` and
  /// `"Infinity"`, which are not numbers.
  @inline(__always)
  mutating func readNumber() throws(InkFormatError) -> Double {
    skipWhitespace()
    let start = position
    if let value = DecimalNumberParser.parse(bytes, at: &position) {
      guard value.isFinite else {
        let literal = Self.literal(bytes, start..<position)
        position = start
        throw failure(.invalidValue, "\(literal) is out of range")
      }
      return value
    }
    if position < bytes.count, bytes[position] == 0x22 {
      throw failure(.invalidValue, "expected a number, not a string")
    }
    throw failure("expected a number")
  }

  /// A number's text for an error message: as written when short, else its first digits and
  /// its length.
  static func literal(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
    let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    guard range.count > 24 else { return text }
    return "\(text.prefix(12))… (a number of \(range.count) characters)"
  }

  /// Reads an array of numbers, appending them to `values`: at most `maximumCount` of them
  /// (counting those already there), `limit` saying what the count is (`points, the limit of
  /// points a stroke`). A failure inside the array names the element by `element(index)`, e.g.
  /// `field "x" of stroke 2 point 7`.
  mutating func readNumbers(
    into values: inout [Double], maximumCount: Int = .max, limit: String = "numbers",
    element: (_ index: Int) -> String = { "element \($0)" }
  ) throws(InkFormatError) {
    try beginArray()
    skipWhitespace()
    if position < bytes.count, bytes[position] == 0x5D {
      position += 1
      return
    }
    let first = values.count
    while true {
      guard values.count < maximumCount else {
        throw failure(
          .invalidValue, "\(element(values.count - first)): more than \(maximumCount) \(limit)")
      }
      do {
        values.append(try readNumber())
      } catch {
        var named = error
        named.message = "\(element(values.count - first)): \(error.message)"
        throw named
      }
      skipWhitespace()
      guard position < bytes.count else { throw failure("expected a comma (,) or ]") }
      let byte = bytes[position]
      position += 1
      if byte == 0x5D { return }
      if byte != 0x2C {
        position -= 1
        throw failure("expected a comma (,) or ]")
      }
    }
  }

  /// Reads an integer in `range`.
  mutating func readInteger(in range: ClosedRange<Int>, _ what: String) throws(InkFormatError)
    -> Int
  {
    let start = position
    let value = try readNumber()
    guard value.rounded() == value, value >= Double(range.lowerBound),
      value <= Double(range.upperBound)
    else {
      position = start
      throw failure(.invalidValue, "\(what) must be an integer in \(range)")
    }
    return Int(value)
  }

  /// Reads `true` or `false`.
  mutating func readBool() throws(InkFormatError) -> Bool {
    if try consumeLiteral("true") { return true }
    if try consumeLiteral("false") { return false }
    throw failure("expected true or false")
  }

  /// Consumes `null` when it comes next.
  mutating func readNull() throws(InkFormatError) -> Bool { try consumeLiteral("null") }

  /// Consumes a literal word when it comes next.
  private mutating func consumeLiteral(_ word: StaticString) throws(InkFormatError) -> Bool {
    skipWhitespace()
    let count = word.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] {
      return false
    }
    position += count
    return true
  }

  /// Reads a string, resolving escapes (including UTF-16 surrogate pairs).
  mutating func readString() throws(InkFormatError) -> String {
    try expect(0x22, "a string")
    let start = position
    while position < bytes.count {
      let byte = bytes[position]
      if byte == 0x22 {
        let text = String(
          decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        position += 1
        return text
      }
      if byte == 0x5C { break }
      if byte < 0x20 { throw failure("control character in a string") }
      position += 1
    }
    var utf8 = Array(bytes[start..<position])
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      switch byte {
      case 0x22:
        return String(decoding: utf8, as: UTF8.self)
      case 0x5C:
        guard position < bytes.count else { break }
        let escape = bytes[position]
        position += 1
        switch escape {
        case 0x22, 0x5C, 0x2F: utf8.append(escape)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try readHexQuad()
          if scalar >= 0xD800, scalar < 0xDC00, position + 1 < bytes.count,
            bytes[position] == 0x5C, bytes[position + 1] == UInt8(ascii: "u")
          {
            position += 2
            let low = try readHexQuad()
            guard low >= 0xDC00, low < 0xE000 else { throw failure("unpaired surrogate") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          }
          utf8.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
        default:
          position -= 1
          throw failure("unknown escape in a string")
        }
      case 0..<0x20:
        position -= 1
        throw failure("control character in a string")
      default:
        utf8.append(byte)
      }
    }
    throw failure(.truncated, "unterminated string")
  }

  /// Reads the four hex digits of a `\u` escape.
  private mutating func readHexQuad() throws(InkFormatError) -> UInt32 {
    guard position + 4 <= bytes.count else { throw failure(.truncated, "short \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position] | 0x20
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte - 0x30
      case 0x61...0x66: digit = byte - 0x61 + 10
      default: throw failure("bad hex digit in a \\u escape")
      }
      value = value << 4 | UInt32(digit)
      position += 1
    }
    return value
  }

  /// Reads an object whose values are kept as text (strings as they are, other values as
  /// written), as corpus metadata is.
  mutating func readTextObject() throws(InkFormatError) -> [String: String] {
    try beginObject()
    var entries: [String: String] = [:]
    var first = true
    while let name = try nextKey(&first) { entries[name] = try readValueText() }
    return entries
  }

  /// Skips any value, nested up to 512 levels.
  mutating func skipValue(depth: Int = 0) throws(InkFormatError) {
    guard depth < 512 else { throw failure("values nested too deeply") }
    guard let byte = peek() else { throw failure("expected a value") }
    switch byte {
    case 0x7B:
      position += 1
      var first = true
      while try nextKey(&first) != nil { try skipValue(depth: depth + 1) }
    case 0x5B:
      position += 1
      var first = true
      while try nextElement(&first) { try skipValue(depth: depth + 1) }
    case 0x22:
      _ = try readString()
    case UInt8(ascii: "t"), UInt8(ascii: "f"):
      _ = try readBool()
    case UInt8(ascii: "n"):
      guard try readNull() else { throw failure("expected a value") }
    default:
      _ = try readNumber()
    }
  }

  /// The raw text of the next value (a number or any other), for values kept as text.
  mutating func readValueText() throws(InkFormatError) -> String {
    skipWhitespace()
    if position < bytes.count, bytes[position] == 0x22 { return try readString() }
    let start = position
    try skipValue()
    return String(
      decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
  }
}

extension JSONScanner {
  /// The members at the start of a JSON object, as far as `head` goes: each key with its value
  /// when that is a string (`nil` otherwise). Formats are recognised by these from a file's
  /// first bytes, which may end inside the object.
  static func leadingMembers(of head: [UInt8]) -> [String: String?] {
    head.withUnsafeBytes { bytes in
      var scanner = JSONScanner(bytes)
      var members: [String: String?] = [:]
      do {
        try scanner.beginObject()
        var first = true
        while let key = try scanner.nextKey(&first) {
          if scanner.peek() == 0x22 {
            members[key] = try scanner.readString()
          } else {
            members[key] = String?.none
            try scanner.skipValue()
          }
        }
      } catch {
        return members
      }
      return members
    }
  }
}
