/// Writes protocol-buffer wire data: tags, varints, fixed 32- and 64-bit values and
/// length-delimited fields, the inverse of ``ProtobufWireReader``.
///
/// Follows Google's protocol-buffer encoding (developers.google.com/protocol-buffers,
/// "Encoding"). Embedded messages are built in a writer of their own and then appended with
/// their length.
struct ProtobufWireWriter {
  /// The bytes written so far.
  private(set) var bytes: [UInt8] = []

  /// Appends a base-128 varint.
  mutating func writeVarint(_ value: UInt64) {
    var rest = value
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  /// Appends a field's tag.
  mutating func writeTag(_ field: Int, _ wireType: ProtobufWireReader.WireType) {
    writeVarint(UInt64(field) << 3 | UInt64(wireType.rawValue))
  }

  /// Appends a varint field.
  mutating func writeVarintField(_ field: Int, _ value: UInt64) {
    writeTag(field, .varint)
    writeVarint(value)
  }

  /// Appends a 32-bit float field (wire type 5).
  mutating func writeFloatField(_ field: Int, _ value: Float) {
    writeTag(field, .fixed32)
    withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
  }

  /// Appends a 64-bit float field (wire type 1).
  mutating func writeDoubleField(_ field: Int, _ value: Double) {
    writeTag(field, .fixed64)
    withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
  }

  /// Appends a length-delimited field holding raw bytes.
  mutating func writeBytesField<C: Collection<UInt8>>(_ field: Int, _ payload: C) {
    writeTag(field, .lengthDelimited)
    writeVarint(UInt64(payload.count))
    bytes.append(contentsOf: payload)
  }

  /// Appends an embedded message built by `build`.
  mutating func writeMessageField(_ field: Int, _ build: (inout ProtobufWireWriter) -> Void) {
    var message = ProtobufWireWriter()
    build(&message)
    writeBytesField(field, message.bytes)
  }

  /// Appends an embedded message of 32-bit float fields numbered from 1 (a colour, a rectangle,
  /// a transform).
  mutating func writeFloatsMessageField(_ field: Int, _ values: [Float]) {
    writeMessageField(field) { message in
      for (index, value) in values.enumerated() { message.writeFloatField(index + 1, value) }
    }
  }

  /// Appends another writer's fields.
  mutating func append(_ other: ProtobufWireWriter) { bytes.append(contentsOf: other.bytes) }
}
