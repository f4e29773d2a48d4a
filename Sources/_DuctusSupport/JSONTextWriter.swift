/// Builds JSON text byte by byte: escaped strings and numbers in their shortest round-trip form.
///
/// Numbers use Swift's `description`, which prints the shortest digits that read back as the
/// same `Double` (the standard library's SwiftDtoa, T. Kientzle 2018); integral values below
/// 2⁵³ are printed without a fraction and `-0.0` keeps its sign. No number that is not finite
/// is ever written as data: JSON has no literal for one, and Ductus's commands check their
/// values before they write them (a record with one fails, naming it); should one reach the
/// writer all the same, it writes `null`, never `NaN` or `Infinity`.
package struct JSONTextWriter {
  /// The text so far, UTF-8.
  package var bytes: [UInt8] = []

  /// An empty text.
  package init() {}

  /// Appends text as it is.
  package mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

  /// Appends a string literal with quotes and escapes.
  package mutating func appendString(_ text: String) {
    bytes.append(0x22)
    for byte in text.utf8 {
      switch byte {
      case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
      case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
      case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
      case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
      case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
      case 0..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: [
          0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)],
        ])
      default: bytes.append(byte)
      }
    }
    bytes.append(0x22)
  }

  /// Appends a number in its shortest form that reads back exactly.
  package mutating func appendNumber(_ value: Double) { append(Self.number(value)) }

  /// A number as JSON text, as `appendNumber(_:)` writes it: the shortest digits that read back
  /// exactly (`3`, `0.1`, `-0.0`, `1e-300`), and `null` for a value that is not finite.
  package static func number(_ value: Double) -> String {
    value.isFinite ? digits(value) : "null"
  }

  /// The shortest digits of a finite number that read back exactly; integral values below 2⁵³
  /// without a fraction, `-0.0` with its sign.
  package static func digits(_ value: Double) -> String {
    precondition(value.isFinite, "digits(_:) takes a finite number")
    if value == value.rounded(), abs(value) < 9_007_199_254_740_992,
      !(value == 0 && value.sign == .minus)
    {
      return String(Int64(value))
    }
    return value.description
  }

  /// A string as a JSON literal, with quotes and escapes, as `appendString(_:)` writes it.
  package static func string(_ text: String) -> String {
    var writer = JSONTextWriter()
    writer.appendString(text)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// Numbers as a JSON array, `[n0,n1,…]`, as `appendNumbers(_:)` writes them.
  package static func numbers<C: Collection>(_ values: C) -> String where C.Element == Double {
    var writer = JSONTextWriter()
    writer.appendNumbers(values)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// Appends `[n0,n1,…]`.
  package mutating func appendNumbers<C: Collection>(_ values: C) where C.Element == Double {
    bytes.append(0x5B)
    var first = true
    for value in values {
      if !first { bytes.append(0x2C) }
      first = false
      appendNumber(value)
    }
    bytes.append(0x5D)
  }

  /// Appends an object of text values, sorted by name so that equal dictionaries give equal text.
  package mutating func appendTextObject(_ entries: [String: String]) {
    bytes.append(0x7B)
    for (index, entry) in entries.sorted(by: { $0.key < $1.key }).enumerated() {
      appendKey(entry.key, first: index == 0)
      appendString(entry.value)
    }
    bytes.append(0x7D)
  }

  /// Appends `"key":`, with a comma before it unless it is the object's first member.
  package mutating func appendKey(_ key: String, first: Bool = false) {
    if !first { bytes.append(0x2C) }
    appendString(key)
    bytes.append(0x3A)
  }
}
