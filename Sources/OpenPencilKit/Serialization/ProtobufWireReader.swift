/// Reads protocol-buffer wire data (varints, fixed 32- and 64-bit values, length-delimited
/// fields) from a byte range, checking every read against the range's end.
///
/// Follows Google's protocol-buffer encoding (developers.google.com/protocol-buffers, "Encoding"):
/// a field is a varint tag (`number << 3 | wireType`) and a value. Groups (wire types 3 and 4) are
/// rejected rather than skipped, so reading never recurses. Offsets in errors count from the
/// start of the whole buffer, not of the range.
///
/// The reader borrows an `UnsafeRawBufferPointer`; it must not outlive the
/// `withUnsafeBytes` call that produced it.
struct ProtobufWireReader {
  /// How a field's value is laid out.
  enum WireType: UInt8, Sendable {
    case varint = 0
    case fixed64 = 1
    case lengthDelimited = 2
    case fixed32 = 5
  }

  /// One field's tag and where it starts.
  struct Field {
    /// The field number.
    var number: Int
    /// The value's layout.
    var wireType: WireType
    /// The offset of the tag.
    var offset: Int
  }

  /// The whole buffer.
  let bytes: UnsafeRawBufferPointer
  /// The offset of the next byte to read.
  private(set) var position: Int
  /// The offset just past the range.
  let end: Int

  /// Creates a reader of `range` within `bytes`; the range must lie within the buffer.
  init(bytes: UnsafeRawBufferPointer, range: Range<Int>) {
    precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count)
    self.bytes = bytes
    self.position = range.lowerBound
    self.end = range.upperBound
  }

  /// Whether every byte of the range has been read.
  var isAtEnd: Bool { position >= end }

  /// Reads the next field's tag; `nil` at the end of the range.
  mutating func nextField() throws(PencilKitBinaryError) -> Field? {
    guard !isAtEnd else { return nil }
    let offset = position
    let tag = try readVarint()
    let number = tag >> 3
    guard number > 0, number <= 0x1FFF_FFFF else {
      throw PencilKitBinaryError(
        .malformed, "field number \(number) is out of range", offset: offset)
    }
    guard let wireType = WireType(rawValue: UInt8(tag & 7)) else {
      throw PencilKitBinaryError(
        .malformed, "field \(number) has unsupported wire type \(tag & 7)", offset: offset)
    }
    return Field(number: Int(number), wireType: wireType, offset: offset)
  }

  /// Reads a base-128 varint of at most ten bytes whose value fits 64 bits.
  mutating func readVarint() throws(PencilKitBinaryError) -> UInt64 {
    let start = position
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      guard position < end else {
        throw PencilKitBinaryError(
          .truncated, "the varint runs past the end of its field", offset: start)
      }
      let byte = bytes[position]
      position += 1
      if shift == 63 && byte > 1 {
        throw PencilKitBinaryError(.malformed, "the varint overflows 64 bits", offset: start)
      }
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
  }

  /// Reads a little-endian 32-bit value.
  mutating func readFixed32() throws(PencilKitBinaryError) -> UInt32 {
    try require(4, "a 32-bit value")
    let value = bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self)
    position += 4
    return UInt32(littleEndian: value)
  }

  /// Reads a little-endian 64-bit value.
  mutating func readFixed64() throws(PencilKitBinaryError) -> UInt64 {
    try require(8, "a 64-bit value")
    let value = bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self)
    position += 8
    return UInt64(littleEndian: value)
  }

  /// Reads a length-delimited field's length and returns the range of its payload, which the
  /// reader steps over.
  mutating func readLengthDelimited() throws(PencilKitBinaryError) -> Range<Int> {
    let start = position
    let length = try readVarint()
    guard length <= UInt64(end - position) else {
      throw PencilKitBinaryError(
        .truncated, "a field declares \(length) bytes but only \(end - position) remain",
        offset: start)
    }
    let range = position..<(position + Int(length))
    position = range.upperBound
    return range
  }

  /// A reader of a length-delimited field's payload (an embedded message).
  mutating func readMessage() throws(PencilKitBinaryError) -> ProtobufWireReader {
    ProtobufWireReader(bytes: bytes, range: try readLengthDelimited())
  }

  /// Steps over the value of a field whose number the reader does not know.
  mutating func skipValue(of field: Field) throws(PencilKitBinaryError) {
    switch field.wireType {
    case .varint: _ = try readVarint()
    case .fixed64: _ = try readFixed64()
    case .lengthDelimited: _ = try readLengthDelimited()
    case .fixed32: _ = try readFixed32()
    }
  }

  /// Throws unless the field has the wire type its number calls for.
  func expect(_ wireType: WireType, for field: Field, in context: String)
    throws(PencilKitBinaryError)
  {
    guard field.wireType == wireType else {
      throw PencilKitBinaryError(
        .malformed,
        "\(context) field \(field.number) has wire type \(field.wireType.rawValue), "
          + "expected \(wireType.rawValue)", offset: field.offset)
    }
  }

  private func require(_ count: Int, _ what: String) throws(PencilKitBinaryError) {
    guard end - position >= count else {
      throw PencilKitBinaryError(
        .truncated, "\(what) runs past the end of its field", offset: position)
    }
  }
}
