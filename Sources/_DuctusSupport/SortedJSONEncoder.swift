import Foundation

/// Encodes `Encodable` values as compact JSON with sorted keys: the same bytes as Foundation's
/// `JSONEncoder` with `outputFormatting = [.sortedKeys, .withoutEscapingSlashes]` and its default
/// strategies, several times faster (the commands' record output, the tracing session's answers).
///
/// What it shares with Foundation's, byte for byte (`SortedJSONEncoderTests` compares the two):
/// keys sorted by their UTF-8 bytes, a key encoded twice keeping its last value; numbers in
/// their shortest round-trip digits without a trailing `.0` (`1`, `-0`, `1e+20`, `1e-05`);
/// strings with `"`, `\`, `\n`, `\r`, `\t`, `\b`, `\f` escaped, other control characters as
/// `\u00xx` and everything else, `/` included, as it is; `URL` as its absolute string, `Date`
/// as seconds since 2001, `Data` as Base64. A number that is not finite is refused with
/// `EncodingError.invalidValue`, as Foundation's default strategy does.
package struct SortedJSONEncoder: Sendable {
  /// An encoder.
  package init() {}

  /// The JSON text of a value.
  package func encode<Value: Encodable>(_ value: Value) throws -> Data {
    let node = try Self.node(of: value, at: [])
    var bytes: [UInt8] = []
    bytes.reserveCapacity(1024)
    node.write(into: &bytes)
    return Data(bytes)
  }

  /// The tree of a value; `Foundation` types are written as Foundation's encoder writes them.
  fileprivate static func node<Value: Encodable>(of value: Value, at path: [any CodingKey]) throws
    -> Node
  {
    if Value.self == URL.self { return .string((value as! URL).absoluteString) }
    if Value.self == Date.self {
      return try number((value as! Date).timeIntervalSinceReferenceDate, at: path)
    }
    if Value.self == Data.self { return .string((value as! Data).base64EncodedString()) }
    if Value.self == Decimal.self { return .text((value as! Decimal).description) }
    let encoder = TreeEncoder(codingPath: path)
    try value.encode(to: encoder)
    return encoder.root ?? .object(ObjectStorage())
  }

  fileprivate static func number<F: BinaryFloatingPoint & LosslessStringConvertible>(
    _ value: F, at path: @autoclosure () -> [any CodingKey]
  ) throws -> Node {
    .text(try numberText(value, at: path()))
  }

  /// The text of an array of numbers, `[1,2.5]`, written at once rather than a node an element
  /// (point lists are most of what the commands' records hold), into `bytes`.
  fileprivate static func appendNumberArray(
    _ values: [Double], to bytes: inout [UInt8], at path: () -> [any CodingKey]
  ) throws {
    bytes.append(UInt8(ascii: "["))
    for (index, value) in values.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(contentsOf: try numberText(value, at: path() + [IndexKey(index)]).utf8)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  /// The JSON text of a number, as Foundation writes it.
  private static func numberText<F: BinaryFloatingPoint & LosslessStringConvertible>(
    _ value: F, at path: @autoclosure () -> [any CodingKey]
  ) throws -> String {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: path(), debugDescription: "Unable to encode \(value) directly in JSON."))
    }
    if F.self == Double.self {
      let double = unsafeBitCast(value, to: Double.self)
      let text = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
        tenThousandthsText(double, into: buffer).map {
          String(decoding: UnsafeBufferPointer(rebasing: buffer[..<$0]), as: UTF8.self)
        }
      }
      if let text { return text }
    }
    var text = value.description
    // "2.0" is written "2", as Foundation writes it; the test reads bytes, not characters.
    let whole = text.withUTF8 { utf8 in
      utf8.count > 2 && utf8[utf8.count - 1] == 0x30 && utf8[utf8.count - 2] == 0x2E
    }
    return whole ? String(decoding: text.utf8.dropLast(2), as: UTF8.self) : text
  }

  /// Writes `value` into `buffer` (24 bytes or more) when it is a whole number of
  /// ten-thousandths less than 10¹⁰ in size (as the commands round most of their answers), with
  /// integer arithmetic rather than `description`'s search for digits, and returns the number of
  /// bytes; `nil` for any other number.
  ///
  /// The text is `description`'s less a trailing `.0`: the decimal reads back as `value`
  /// (`value` is the correctly rounded quotient of its digits by 10⁴, which is checked), and no
  /// other decimal of as few digits does, since two such decimals differ by 10⁻⁴ or more and
  /// doubles under 10¹⁰ lie 2⁻¹⁹ apart or closer; `description` writes such numbers without an
  /// exponent.
  static func tenThousandthsText(_ value: Double, into buffer: UnsafeMutableBufferPointer<UInt8>)
    -> Int?
  {
    let scaled = (value * 10_000).rounded()
    guard abs(scaled) < 1e14, scaled / 10_000 == value else { return nil }
    var units = UInt64(abs(scaled))
    // The fraction's places, trailing zeros dropped.
    var places = 4
    while places > 0, units % 10 == 0 {
      units /= 10
      places -= 1
    }
    // The digits backwards from the end of the buffer, then moved to its start.
    var end = buffer.count
    var written = 0
    repeat {
      if written == places, places > 0 {
        end -= 1
        buffer[end] = UInt8(ascii: ".")
      }
      end -= 1
      buffer[end] = UInt8(ascii: "0") + UInt8(units % 10)
      units /= 10
      written += 1
    } while units > 0 || written <= places
    if value.sign == .minus {
      end -= 1
      buffer[end] = UInt8(ascii: "-")
    }
    let count = buffer.count - end
    for k in 0..<count { buffer[k] = buffer[end + k] }
    return count
  }

  /// Appends a string as a JSON literal, escaped as Foundation escapes.
  fileprivate static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
    bytes.append(0x22)
    // Most strings (every key) need no escape: their bytes are copied at once.
    var text = text
    let plain = text.withUTF8 { utf8 in
      guard !utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else { return false }
      bytes.append(contentsOf: utf8)
      return true
    }
    if plain {
      bytes.append(0x22)
      return
    }
    let hex = Array("0123456789abcdef".utf8)
    for byte in text.utf8 {
      switch byte {
      case 0x22: bytes += [0x5C, 0x22]
      case 0x5C: bytes += [0x5C, 0x5C]
      case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
      case 0x0D: bytes += [0x5C, UInt8(ascii: "r")]
      case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
      case 0x08: bytes += [0x5C, UInt8(ascii: "b")]
      case 0x0C: bytes += [0x5C, UInt8(ascii: "f")]
      case 0..<0x20:
        bytes += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]]
      default: bytes.append(byte)
      }
    }
    bytes.append(0x22)
  }
}

/// A value being encoded: JSON text already written (a scalar's as a string, a list of numbers'
/// as bytes), a string to quote, or a container still being filled.
private enum Node {
  case text(String)
  case bytes([UInt8])
  case string(String)
  case array(ArrayStorage)
  case object(ObjectStorage)

  func write(into bytes: inout [UInt8]) {
    switch self {
    case .text(let text): bytes.append(contentsOf: text.utf8)
    case .bytes(let text): bytes += text
    case .string(let text): SortedJSONEncoder.appendQuoted(text, to: &bytes)
    case .array(let storage):
      bytes.append(UInt8(ascii: "["))
      for (index, element) in storage.elements.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        element.write(into: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let storage):
      bytes.append(UInt8(ascii: "{"))
      for (index, member) in storage.sortedMembers().enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        SortedJSONEncoder.appendQuoted(member.key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        member.value.write(into: &bytes)
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }
}

private final class ArrayStorage {
  var elements: [Node] = []
}

private final class ObjectStorage {
  var members: [(key: String, value: Node)] = []

  /// The members sorted by the UTF-8 bytes of their keys, a key given twice keeping its last
  /// value.
  ///
  /// A stable sort (by insertion for the few keys most objects have) that compares the first
  /// eight bytes of two keys as one number and the whole keys only when those are equal.
  func sortedMembers() -> [(key: String, value: Node)] {
    let prefixes = members.map { Self.prefix(of: $0.key) }
    var order = Array(members.indices)
    func precedes(_ a: Int, _ b: Int) -> Bool {
      prefixes[a] != prefixes[b]
        ? prefixes[a] < prefixes[b]
        : members[a].key.utf8.lexicographicallyPrecedes(members[b].key.utf8)
    }
    if order.count > 32 {
      order.sort { precedes($0, $1) || (!precedes($1, $0) && $0 < $1) }
    } else {
      for i in order.indices.dropFirst() {
        let member = order[i]
        var j = i
        while j > 0, precedes(member, order[j - 1]) {
          order[j] = order[j - 1]
          j -= 1
        }
        order[j] = member
      }
    }
    var unique: [(key: String, value: Node)] = []
    unique.reserveCapacity(order.count)
    for index in order {
      let member = members[index]
      if let last = unique.last, last.key == member.key {
        unique[unique.count - 1] = member
      } else {
        unique.append(member)
      }
    }
    return unique
  }

  /// The first eight UTF-8 bytes of a key as a big-endian number, zeros after a shorter key.
  static func prefix(of key: String) -> UInt64 {
    var key = key
    return key.withUTF8 { utf8 in
      var prefix: UInt64 = 0
      for byte in utf8.prefix(8) { prefix = prefix << 8 | UInt64(byte) }
      return utf8.count >= 8 ? prefix : prefix << (8 * (8 - utf8.count))
    }
  }
}

/// The `Encoder` a value encodes itself to; its first container is the value's node.
private final class TreeEncoder: Encoder {
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  var root: Node?

  init(codingPath: [any CodingKey]) { self.codingPath = codingPath }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let storage: ObjectStorage
    if case .object(let existing) = root {
      storage = existing
    } else {
      storage = ObjectStorage()
      root = .object(storage)
    }
    return KeyedEncodingContainer(KeyedContainer<Key>(storage: storage, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let storage: ArrayStorage
    if case .array(let existing) = root {
      storage = existing
    } else {
      storage = ArrayStorage()
      root = .array(storage)
    }
    return UnkeyedContainer(storage: storage, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueContainer(encoder: self)
  }
}

/// The integer types besides `Int`, written as their decimal digits.
private let integerTypes: [any Any.Type] = [
  Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self, UInt16.self, UInt32.self,
  UInt64.self,
]

/// The node of one value: the common scalars by a type check (no dynamic cast), anything else
/// encoded into its own tree.
private func scalar<Value: Encodable>(_ value: Value, at path: @autoclosure () -> [any CodingKey])
  throws -> Node
{
  if Value.self == Double.self {
    return try SortedJSONEncoder.number(unsafeBitCast(value, to: Double.self), at: path())
  }
  if Value.self == String.self { return .string(value as! String) }
  if Value.self == Int.self { return .text(String(unsafeBitCast(value, to: Int.self))) }
  if Value.self == Bool.self {
    return .text(unsafeBitCast(value, to: Bool.self) ? "true" : "false")
  }
  if Value.self == Float.self {
    return try SortedJSONEncoder.number(unsafeBitCast(value, to: Float.self), at: path())
  }
  if Value.self == [Double].self {
    var bytes: [UInt8] = []
    let values = unsafeBitCast(value, to: [Double].self)
    bytes.reserveCapacity(2 + 24 * values.count)
    try SortedJSONEncoder.appendNumberArray(values, to: &bytes, at: path)
    return .bytes(bytes)
  }
  if Value.self == [[Double]].self {
    let rows = unsafeBitCast(value, to: [[Double]].self)
    var bytes: [UInt8] = [UInt8(ascii: "[")]
    bytes.reserveCapacity(2 + rows.reduce(0) { $0 + 3 + 24 * $1.count })
    for (index, row) in rows.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      try SortedJSONEncoder.appendNumberArray(row, to: &bytes) { path() + [IndexKey(index)] }
    }
    bytes.append(UInt8(ascii: "]"))
    return .bytes(bytes)
  }
  if Value.self == [Int].self {
    // A list of integers (a shape's strokes) written at once, as its elements' nodes would be.
    var bytes: [UInt8] = [UInt8(ascii: "[")]
    for (index, element) in unsafeBitCast(value, to: [Int].self).enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(contentsOf: String(element).utf8)
    }
    bytes.append(UInt8(ascii: "]"))
    return .bytes(bytes)
  }
  if integerTypes.contains(where: { $0 == Value.self }) { return .text("\(value)") }
  return try SortedJSONEncoder.node(of: value, at: path())
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let storage: ObjectStorage
  let codingPath: [any CodingKey]

  mutating func encodeNil(forKey key: Key) throws {
    storage.members.append((key.stringValue, .text("null")))
  }

  mutating func encode(_ value: Double, forKey key: Key) throws {
    storage.members.append(
      (key.stringValue, try SortedJSONEncoder.number(value, at: codingPath + [key])))
  }

  mutating func encode(_ value: String, forKey key: Key) throws {
    storage.members.append((key.stringValue, .string(value)))
  }

  mutating func encode(_ value: Int, forKey key: Key) throws {
    storage.members.append((key.stringValue, .text(String(value))))
  }

  mutating func encode(_ value: Bool, forKey key: Key) throws {
    storage.members.append((key.stringValue, .text(value ? "true" : "false")))
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    storage.members.append((key.stringValue, try scalar(value, at: codingPath + [key])))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let nested = ObjectStorage()
    storage.members.append((key.stringValue, .object(nested)))
    return KeyedEncodingContainer(
      KeyedContainer<NestedKey>(storage: nested, codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested = ArrayStorage()
    storage.members.append((key.stringValue, .array(nested)))
    return UnkeyedContainer(storage: nested, codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder {
    SuperEncoder(storage: storage, key: "super", codingPath: codingPath)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    SuperEncoder(storage: storage, key: key.stringValue, codingPath: codingPath + [key])
  }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
  let storage: ArrayStorage
  let codingPath: [any CodingKey]
  var count: Int { storage.elements.count }

  mutating func encodeNil() throws { storage.elements.append(.text("null")) }

  mutating func encode(_ value: Double) throws {
    storage.elements.append(
      try SortedJSONEncoder.number(value, at: codingPath + [IndexKey(count)]))
  }

  mutating func encode(_ value: Int) throws { storage.elements.append(.text(String(value))) }

  mutating func encode(_ value: String) throws {
    storage.elements.append(.string(value))
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    storage.elements.append(try scalar(value, at: codingPath + [IndexKey(count)]))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let nested = ObjectStorage()
    let path = codingPath + [IndexKey(count)]
    storage.elements.append(.object(nested))
    return KeyedEncodingContainer(KeyedContainer<NestedKey>(storage: nested, codingPath: path))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let nested = ArrayStorage()
    let path = codingPath + [IndexKey(count)]
    storage.elements.append(.array(nested))
    return UnkeyedContainer(storage: nested, codingPath: path)
  }

  mutating func superEncoder() -> any Encoder {
    let encoder = TreeEncoder(codingPath: codingPath + [IndexKey(count)])
    let placeholder = ArrayStorage()
    storage.elements.append(.array(placeholder))
    return ElementEncoder(encoder: encoder, storage: storage, index: storage.elements.count - 1)
  }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
  let encoder: TreeEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  mutating func encodeNil() throws { encoder.root = .text("null") }

  mutating func encode<T: Encodable>(_ value: T) throws {
    encoder.root = try scalar(value, at: codingPath)
  }

  mutating func encode(_ value: Double) throws {
    encoder.root = try SortedJSONEncoder.number(value, at: codingPath)
  }
}

/// A superclass's encoder: what it encodes becomes the member `key`.
private final class SuperEncoder: Encoder {
  let storage: ObjectStorage
  let key: String
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  private let inner: TreeEncoder

  init(storage: ObjectStorage, key: String, codingPath: [any CodingKey]) {
    self.storage = storage
    self.key = key
    self.codingPath = codingPath
    inner = TreeEncoder(codingPath: codingPath)
  }

  deinit { storage.members.append((key, inner.root ?? .object(ObjectStorage()))) }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    inner.container(keyedBy: type)
  }
  func unkeyedContainer() -> any UnkeyedEncodingContainer { inner.unkeyedContainer() }
  func singleValueContainer() -> any SingleValueEncodingContainer {
    inner.singleValueContainer()
  }
}

/// An array element's superclass encoder: what it encodes replaces the element's placeholder.
private final class ElementEncoder: Encoder {
  let encoder: TreeEncoder
  let storage: ArrayStorage
  let index: Int
  var codingPath: [any CodingKey] { encoder.codingPath }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(encoder: TreeEncoder, storage: ArrayStorage, index: Int) {
    self.encoder = encoder
    self.storage = storage
    self.index = index
  }

  deinit { storage.elements[index] = encoder.root ?? .object(ObjectStorage()) }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    encoder.container(keyedBy: type)
  }
  func unkeyedContainer() -> any UnkeyedEncodingContainer { encoder.unkeyedContainer() }
  func singleValueContainer() -> any SingleValueEncodingContainer {
    encoder.singleValueContainer()
  }
}

/// The coding key of an array element.
private struct IndexKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "Index \(intValue ?? 0)" }
  init(_ index: Int) { intValue = index }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { self.intValue = intValue }
}
