/// Reads decimal numbers from ASCII bytes without building strings: the number grammar of SVG
/// path data (an optional sign, digits with an optional fraction, an optional exponent), which
/// also covers the integer columns of UNIPEN and SVC2004 files.
///
/// A number ends where the grammar ends, so `1.5-2.3` reads as 1.5 and −2.3 and `.5.5` as 0.5
/// and 0.5, as the SVG grammar demands. Callers of line formats check `atSeparatorOrEnd` after
/// each number to reject such run-together values.
struct NumberScanner {
  /// The bytes scanned.
  let bytes: [UInt8]
  /// The next byte to read.
  var position: Int
  /// Where scanning stops.
  let end: Int

  /// Scans a byte range.
  init(_ bytes: [UInt8], range: Range<Int>) {
    self.bytes = bytes
    self.position = range.lowerBound
    self.end = range.upperBound
  }

  /// Whether only separators are left.
  var isAtEnd: Bool {
    var probe = self
    probe.skipSeparators()
    return probe.position >= end
  }

  /// Whether the next byte is a separator (white space or a comma) or the end.
  var atSeparatorOrEnd: Bool {
    position >= end || Self.isSeparator(bytes[position])
  }

  /// The next byte, if any, without consuming it.
  var peek: UInt8? { position < end ? bytes[position] : nil }

  /// Skips white space and at most one comma surrounded by white space.
  mutating func skipSeparators() {
    skipWhiteSpace()
    if position < end, bytes[position] == UInt8(ascii: ",") {
      position += 1
      skipWhiteSpace()
    }
  }

  /// Skips white space only.
  mutating func skipWhiteSpace() {
    while position < end, Self.isWhiteSpace(bytes[position]) { position += 1 }
  }

  /// Reads a number after optional separators; `nil` (and the position unchanged) when the next
  /// bytes are not a number.
  mutating func number() -> Double? {
    var probe = self
    probe.skipSeparators()
    let start = probe.position
    var index = start
    var negative = false
    if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
      negative = bytes[index] == UInt8(ascii: "-")
      index += 1
    }
    var mantissa: Double = 0
    var digits = 0
    var exponent = 0
    while index < end, let digit = Self.digit(bytes[index]) {
      mantissa = mantissa * 10 + Double(digit)
      digits += 1
      index += 1
    }
    if index < end, bytes[index] == UInt8(ascii: ".") {
      index += 1
      while index < end, let digit = Self.digit(bytes[index]) {
        mantissa = mantissa * 10 + Double(digit)
        exponent -= 1
        digits += 1
        index += 1
      }
    }
    guard digits > 0 else { return nil }
    if index < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
      var probeIndex = index + 1
      var exponentNegative = false
      if probeIndex < end,
        bytes[probeIndex] == UInt8(ascii: "-") || bytes[probeIndex] == UInt8(ascii: "+")
      {
        exponentNegative = bytes[probeIndex] == UInt8(ascii: "-")
        probeIndex += 1
      }
      var written = 0
      var exponentDigits = 0
      while probeIndex < end, let digit = Self.digit(bytes[probeIndex]) {
        written = min(written * 10 + digit, 9999)
        exponentDigits += 1
        probeIndex += 1
      }
      if exponentDigits > 0 {
        exponent += exponentNegative ? -written : written
        index = probeIndex
      }
    }
    let value: Double
    if digits <= 15, exponent == 0 {
      value = mantissa
    } else {
      // Beyond 15 digits or with a fraction, let the standard library round correctly.
      value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) ?? .nan
      position = index
      return value
    }
    position = index
    return negative ? -value : value
  }

  /// Reads an SVG flag (`0` or `1`, which may run into the next number).
  mutating func flag() -> Bool? {
    skipSeparators()
    guard position < end else { return nil }
    switch bytes[position] {
    case UInt8(ascii: "0"):
      position += 1
      return false
    case UInt8(ascii: "1"):
      position += 1
      return true
    default: return nil
    }
  }

  private static func digit(_ byte: UInt8) -> Int? {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
  }

  private static func isWhiteSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
  }

  private static func isSeparator(_ byte: UInt8) -> Bool {
    isWhiteSpace(byte) || byte == UInt8(ascii: ",")
  }
}
