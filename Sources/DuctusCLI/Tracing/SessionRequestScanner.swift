import _DuctusSupport

/// Reads one request line of `ductus trace session` in a single pass over its bytes, checking
/// it before anything is built from it:
///
/// - the line is one JSON object (RFC 8259: strings of UTF-8 with valid escapes, numbers in
///   JSON's grammar, nothing after the object), nested at most ``maximumDepth`` levels;
/// - no member of the request is given twice, and the request has only the keys of
///   ``SessionRequest/keys``;
/// - every number outside the attempt is finite as a `Double` (`1e999` is not).
///
/// The attempt object is only walked to its end: its strings are read and checked as the
/// request's are, and its brackets must pair and nest within ``maximumDepth``. Its numbers,
/// commas and keys are read once, by the Ductus JSON reader that builds the drawing, which
/// refuses what is not its grammar, a key given twice, a string or a number too large where a
/// number goes, and strokes and points over the session's limits as it counts them.
///
/// Messages name the field (`template`, `in attempt`). After a problem that leaves the JSON
/// readable (an unknown key, a number), the scan goes on to the end so that the request's `id`
/// is still found for the answer; a syntax error ends it at once and is the one reported. A
/// problem inside the attempt's drawing is found when the reader reads it, after the template
/// and the settings are checked.
struct SessionRequestScanner {
  /// A top-level member: where its value is in the line, its type and, for a string, its text.
  struct Member {
    /// The bytes of the value in the line.
    var range: Range<Int>
    /// The value's JSON type.
    var type: ValueType
    /// The value unescaped, when it is a string.
    var string: String?
  }

  /// The six types of JSON values.
  enum ValueType: String, Hashable, Sendable {
    case object, array, string, number, boolean, null

    /// The type with its article, for messages: `an object`, `null`.
    var described: String {
      switch self {
      case .object, .array: "an \(rawValue)"
      case .null: "null"
      default: "a \(rawValue)"
      }
    }
  }

  /// One step of the path to a value, for messages.
  private enum PathStep {
    case key(String)
    case index(Int)
  }

  /// The deepest nesting accepted (a request with an attempt needs 6 levels); under 64, the
  /// bits of the attempt walk's stack of open brackets.
  static let maximumDepth = 32
  /// The longest string `id` accepted, in bytes.
  static let maximumIDLength = 1024

  private let bytes: UnsafeRawBufferPointer
  private let limits: SessionLimits
  private var position = 0
  private var path: [PathStep] = []
  /// The first problem found, kept while the scan goes on to find the id.
  private var firstProblem: SessionRequestError?
  /// Whether `id` appeared twice (the answer then carries `null`).
  private var isIDAmbiguous = false

  /// The request's id as JSON text for the answer (a string re-escaped, a number as written,
  /// `null`), once read.
  private(set) var id: String?
  /// The request's members, once scanned.
  private(set) var members: [String: Member] = [:]

  /// A scanner of one line.
  init(_ bytes: UnsafeRawBufferPointer, limits: SessionLimits) {
    self.bytes = bytes
    self.limits = limits
  }

  /// Scans the line, filling ``members`` and ``id``.
  ///
  /// - Throws: ``SessionRequestError`` for the first problem, with ``id`` when it was read.
  mutating func scan() throws(SessionRequestError) {
    skipWhitespace()
    guard position < bytes.count, bytes[position] == UInt8(ascii: "{") else {
      throw SessionRequestError(
        position < bytes.count
          ? "a request must be one JSON object ({…}), not \(describeValueStart())"
          : "a request must be one JSON object ({…})")
    }
    try object(isRequest: true, depth: 1)
    skipWhitespace()
    if position < bytes.count { throw syntax("unexpected bytes after the request object") }
    if let firstProblem { throw firstProblem }
  }

  // MARK: - Values

  private mutating func value(depth: Int) throws(SessionRequestError) {
    skipWhitespace()
    guard depth <= Self.maximumDepth else {
      throw syntax("values are nested more than \(Self.maximumDepth) levels deep")
    }
    guard position < bytes.count else { throw syntax("expected a value") }
    switch bytes[position] {
    case UInt8(ascii: "{"):
      try object(isRequest: false, depth: depth)
    case UInt8(ascii: "["):
      try array(depth: depth)
    case UInt8(ascii: "\""):
      _ = try readString(decoding: false)
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      try literal()
    default:
      try number()
    }
  }

  private mutating func object(isRequest: Bool, depth: Int) throws(SessionRequestError) {
    position += 1
    var keys: Set<String> = []
    var isFirst = true
    while true {
      skipWhitespace()
      guard position < bytes.count else { throw syntax("expected a key or }") }
      if bytes[position] == UInt8(ascii: "}") {
        position += 1
        break
      }
      if !isFirst {
        guard bytes[position] == UInt8(ascii: ",") else { throw syntax("expected , or }") }
        position += 1
        skipWhitespace()
      }
      isFirst = false
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
        throw syntax("expected a key in quotes")
      }
      let key = try readString(decoding: true) ?? ""
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
        throw syntax("expected : after a key")
      }
      position += 1
      path.append(.key(key))
      defer { path.removeLast() }
      if !keys.insert(key).inserted {
        problem("\(pathText): the key appears twice")
        if isRequest, key == "id" { isIDAmbiguous = true }
      }
      if isRequest {
        try member(key, depth: depth)
      } else {
        try value(depth: depth + 1)
      }
    }
  }

  private mutating func array(depth: Int) throws(SessionRequestError) {
    position += 1
    var index = 0
    path.append(.index(0))
    defer { path.removeLast() }
    while true {
      skipWhitespace()
      guard position < bytes.count else { throw syntax("expected a value or ]") }
      if bytes[position] == UInt8(ascii: "]") {
        position += 1
        break
      }
      if index > 0 {
        guard bytes[position] == UInt8(ascii: ",") else { throw syntax("expected , or ]") }
        position += 1
      }
      path[path.count - 1] = .index(index)
      try value(depth: depth + 1)
      index += 1
    }
  }

  /// Reads a top-level member's value and keeps it.
  private mutating func member(_ key: String, depth: Int) throws(SessionRequestError) {
    skipWhitespace()
    let start = position
    guard position < bytes.count else { throw syntax("expected a value") }
    let type = valueType(at: position)
    if !SessionRequest.keys.contains(key) {
      problem(
        "unknown key \(SessionRequestError.quoted(key)); a request takes "
          + SessionRequest.keys.sorted().joined(separator: ", "))
    }
    var string: String?
    if key == "id" {
      try readID(type: type, depth: depth)
    } else if type == .string {
      string = try readString(decoding: true)
    } else if key == "attempt", type == .object {
      try skipObject(depth: depth + 1)
    } else {
      try value(depth: depth + 1)
    }
    if members[key] == nil {
      members[key] = Member(range: start..<position, type: type, string: string)
    }
  }

  /// Walks an object to its end (the attempt, which the Ductus JSON reader reads after): its
  /// strings are read as every string is, and its brackets must pair and nest at most
  /// ``maximumDepth`` levels, the object being at `depth`. The bytes between (numbers, literals,
  /// commas, colons) are passed over eight at a time while none of them may be a quote or a
  /// bracket.
  private mutating func skipObject(depth: Int) throws(SessionRequestError) {
    guard depth <= Self.maximumDepth else {
      throw syntax("values are nested more than \(Self.maximumDepth) levels deep")
    }
    // One bit a level open, innermost lowest: 1 for an object, 0 for an array.
    var open: UInt64 = 1
    var level = depth
    position += 1
    let end = bytes.count
    guard let base = bytes.baseAddress else { throw syntax("expected a key or }") }
    // Whether a word of eight bytes may hold a quote or a bracket: a byte is a quote when it
    // equals 0x22, and may be a bracket when, with bit 5 set and bits 1 and 2 cleared, it is
    // 0x79 (which [ ] { } are, and so are Y _ y DEL, which then take the byte-by-byte path).
    func mayHoldStructure(_ word: UInt64) -> Bool {
      let ones: UInt64 = 0x0101_0101_0101_0101
      let quotes = word ^ 0x2222_2222_2222_2222
      let brackets = (word | 0x2020_2020_2020_2020) & 0xF9F9_F9F9_F9F9_F9F9 ^ 0x7979_7979_7979_7979
      let zeros = (quotes &- ones) & ~quotes | (brackets &- ones) & ~brackets
      return zeros & 0x8080_8080_8080_8080 != 0
    }
    while true {
      while position + 8 <= end,
        !mayHoldStructure(base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
      {
        position += 8
      }
      guard position < end else { throw syntax("the attempt object does not end") }
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        _ = try readString(decoding: false)
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        level += 1
        position += 1
        // A container at the deepest level may only be empty: its values would lie deeper.
        if level == Self.maximumDepth {
          skipWhitespace()
          let closer = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
          if position < end, bytes[position] != closer { level += 1 }
        }
        guard level <= Self.maximumDepth else {
          throw syntax("values are nested more than \(Self.maximumDepth) levels deep")
        }
        open = open << 1 | (byte == UInt8(ascii: "{") ? 1 : 0)
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        guard (open & 1 == 1) == (byte == UInt8(ascii: "}")) else {
          throw syntax(open & 1 == 1 ? "expected a key or }" : "expected a value or ]")
        }
        open >>= 1
        level -= 1
        position += 1
        if open == 0 { return }
      default:
        position += 1
      }
    }
  }

  /// Reads `id`: a string of at most ``maximumIDLength`` bytes, a finite number or `null`.
  private mutating func readID(type: ValueType, depth: Int) throws(SessionRequestError) {
    let start = position
    switch type {
    case .string:
      let text = try readString(decoding: true) ?? ""
      guard text.utf8.count <= Self.maximumIDLength else {
        problem("id: a string id has at most \(Self.maximumIDLength) bytes")
        return
      }
      if !isIDAmbiguous { id = JSONTextWriter.string(text) }
    case .number:
      let isFinite = try number()
      // A number the text ends in may have lost digits (the head of a line over the limit).
      if isFinite, !isIDAmbiguous, position < bytes.count {
        id = String(
          decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
      }
    case .null:
      try literal()
      if !isIDAmbiguous { id = "null" }
    default:
      problem("id: must be a string, a number or null, not \(type.described)")
      try value(depth: depth + 1)
    }
    if isIDAmbiguous { id = nil }
  }

  // MARK: - Scalars

  /// Reads a string; its text when `decoding`, `nil` otherwise.
  private mutating func readString(decoding: Bool) throws(SessionRequestError) -> String? {
    position += 1
    let start = position
    var hasEscape = false
    var hasNonASCII = false
    var pendingHighSurrogate = false
    while true {
      guard position < bytes.count else { throw syntax("a string does not end") }
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        guard !pendingHighSurrogate else {
          throw syntax("a \\u escape leaves half a surrogate pair")
        }
        break
      }
      if byte < 0x20 { throw syntax("a control character in a string (escape it)") }
      if byte >= 0x80 { hasNonASCII = true }
      if byte == UInt8(ascii: "\\") {
        hasEscape = true
        position += 1
        guard position < bytes.count else { throw syntax("a string does not end") }
        let escape = bytes[position]
        if escape == UInt8(ascii: "u") {
          guard position + 4 < bytes.count, let unit = hexQuad(at: position + 1) else {
            throw syntax("a \\u escape needs four hexadecimal digits")
          }
          position += 4
          let isHigh = (0xD800..<0xDC00).contains(unit)
          let isLow = (0xDC00..<0xE000).contains(unit)
          guard isLow == pendingHighSurrogate else {
            throw syntax("a \\u escape leaves half a surrogate pair")
          }
          pendingHighSurrogate = isHigh
        } else {
          guard !pendingHighSurrogate else {
            throw syntax("a \\u escape leaves half a surrogate pair")
          }
          guard Self.simpleEscapes.contains(escape) else { throw syntax("an unknown escape") }
        }
      } else if pendingHighSurrogate {
        throw syntax("a \\u escape leaves half a surrogate pair")
      }
      position += 1
    }
    let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<position])
    position += 1
    if hasNonASCII, String(validating: raw, as: UTF8.self) == nil {
      position = start
      throw syntax("a string is not UTF-8")
    }
    guard decoding else { return nil }
    return hasEscape ? Self.unescaped(raw) : String(decoding: raw, as: UTF8.self)
  }

  /// The escapes after `\` other than `\u`.
  private static let simpleEscapes: Set<UInt8> = Set("\"\\/bfnrt".utf8)

  /// The value of four hexadecimal digits.
  private func hexQuad(at start: Int) -> UInt32? {
    var value: UInt32 = 0
    for offset in 0..<4 {
      let byte = bytes[start + offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  /// The text of a string's bytes (between the quotes) with escapes resolved; the scan has
  /// checked the escapes and surrogate pairs.
  private static func unescaped(_ raw: UnsafeRawBufferPointer) -> String {
    var utf8: [UInt8] = []
    utf8.reserveCapacity(raw.count)
    var index = 0
    func hex(_ start: Int) -> UInt32 {
      var value: UInt32 = 0
      for byte in raw[start..<start + 4] {
        value = value << 4 | UInt32((byte & 0x0F) + (byte > UInt8(ascii: "9") ? 9 : 0))
      }
      return value
    }
    while index < raw.count {
      let byte = raw[index]
      guard byte == UInt8(ascii: "\\") else {
        utf8.append(byte)
        index += 1
        continue
      }
      let escape = raw[index + 1]
      index += 2
      switch escape {
      case UInt8(ascii: "b"): utf8.append(0x08)
      case UInt8(ascii: "f"): utf8.append(0x0C)
      case UInt8(ascii: "n"): utf8.append(0x0A)
      case UInt8(ascii: "r"): utf8.append(0x0D)
      case UInt8(ascii: "t"): utf8.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = hex(index)
        index += 4
        if (0xD800..<0xDC00).contains(scalar) {
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hex(index + 2) - 0xDC00)
          index += 6
        }
        utf8.append(
          contentsOf: String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
      default: utf8.append(escape)
      }
    }
    return String(decoding: utf8, as: UTF8.self)
  }

  /// Reads `true`, `false` or `null`.
  private mutating func literal() throws(SessionRequestError) {
    for word in ["true", "false", "null"] {
      let utf8 = Array(word.utf8)
      if position + utf8.count <= bytes.count,
        bytes[position..<position + utf8.count].elementsEqual(utf8)
      {
        position += utf8.count
        return
      }
    }
    throw syntax("expected a value")
  }

  /// Reads a number in JSON's grammar; `false` (after noting the problem) when it is too large
  /// for a `Double`.
  @discardableResult
  private mutating func number() throws(SessionRequestError) -> Bool {
    let start = position
    let end = bytes.count
    guard let base = bytes.baseAddress else { throw syntax("expected a value") }
    func isDigit(_ index: Int) -> Bool {
      index < end && base.load(fromByteOffset: index, as: UInt8.self) &- UInt8(ascii: "0") < 10
    }
    // The index of the first byte at or after `index` that is not a digit, eight bytes at a
    // time while eight remain: a byte is a digit when its top bit is clear, its low seven bits
    // minus 0x30 do not borrow, and plus 0x46 do not reach 0x80 (no byte carries into the next).
    func digitsEnd(from index: Int) -> Int {
      var i = index
      let high: UInt64 = 0x8080_8080_8080_8080
      while i + 8 <= end {
        let word = UInt64(
          littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
        let atLeastZero = (word | high) &- 0x3030_3030_3030_3030
        let aboveNine = (word & ~high) &+ 0x4646_4646_4646_4646
        let notDigits = ~(atLeastZero & ~aboveNine & ~word) & high
        if notDigits != 0 { return i + notDigits.trailingZeroBitCount / 8 }
        i += 8
      }
      while isDigit(i) { i += 1 }
      return i
    }
    if position < end, bytes[position] == UInt8(ascii: "-") { position += 1 }
    guard isDigit(position) else { throw syntax("expected a value") }
    let integerStart = position
    position = bytes[position] == UInt8(ascii: "0") ? position + 1 : digitsEnd(from: position)
    let integerDigits = position - integerStart
    if position < end, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard isDigit(position) else { throw syntax("a number needs digits after its point") }
      position = digitsEnd(from: position)
    }
    var hasExponent = false
    if position < end, bytes[position] | 0x20 == UInt8(ascii: "e") {
      hasExponent = true
      position += 1
      if position < end,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      guard isDigit(position) else { throw syntax("a number needs digits in its exponent") }
      position = digitsEnd(from: position)
    }
    // Without an exponent, fewer than 309 integer digits is always below Double's 1.8e308.
    guard hasExponent || integerDigits >= 309 else { return true }
    let text = String(
      decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      problem("\(pathText): \(SessionRequestError.quoted(text)) is not a finite number")
      return false
    }
    return true
  }

  // MARK: - Reporting

  /// Keeps the first problem; the scan goes on.
  private mutating func problem(_ message: String) {
    if firstProblem == nil { firstProblem = SessionRequestError(message) }
  }

  /// A syntax error at the current position, which ends the scan.
  private func syntax(_ message: String) -> SessionRequestError {
    SessionRequestError(
      "the request is not valid JSON: \(message) at byte \(position)"
        + (path.isEmpty ? "" : " (in \(pathText))"))
  }

  /// The path to the current value: `attempt.strokes[0].points.x[3]`.
  private var pathText: String {
    var text = ""
    for step in path {
      switch step {
      case .index(let index):
        text += "[\(index)]"
      case .key(let key):
        let isPlain =
          !key.isEmpty && key.utf8.count <= 64
          && key.utf8.allSatisfy {
            ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F
          }
        let name = isPlain ? key : "[\(JSONTextWriter.string(String(key.prefix(64))))]"
        text += text.isEmpty || !isPlain ? name : "." + name
      }
    }
    return text
  }

  /// The type of the value starting at `index`, from its first byte.
  private func valueType(at index: Int) -> ValueType {
    switch bytes[index] {
    case UInt8(ascii: "{"): .object
    case UInt8(ascii: "["): .array
    case UInt8(ascii: "\""): .string
    case UInt8(ascii: "t"), UInt8(ascii: "f"): .boolean
    case UInt8(ascii: "n"): .null
    default: .number
    }
  }

  /// What a line that is not an object starts with, for the message.
  private func describeValueStart() -> String {
    func starts(with word: String) -> Bool {
      let utf8 = Array(word.utf8)
      return position + utf8.count <= bytes.count
        && bytes[position..<position + utf8.count].elementsEqual(utf8)
    }
    let byte = bytes[position]
    switch byte {
    case UInt8(ascii: "["): return "an array"
    case UInt8(ascii: "\""): return "a string"
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
    default:
      if starts(with: "null") { return "null" }
      if starts(with: "true") || starts(with: "false") { return "a boolean" }
      return "text that is not JSON"
    }
  }

  private mutating func skipWhitespace() {
    while position < bytes.count {
      let byte = bytes[position]
      guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return }
      position += 1
    }
  }
}
