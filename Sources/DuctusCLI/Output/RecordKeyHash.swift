/// A running hash of the keys of a batch's records, in input order (64-bit FNV-1a, each key
/// followed by a zero byte), with which a resumed batch checks that the records it skips are
/// the ones its journal counted as done.
struct RecordKeyHash: Hashable, Sendable {
  private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

  /// Adds one record's key (or, for a record that could not be read, its failure's message).
  mutating func add(_ key: String) {
    for byte in key.utf8 { mix(byte) }
    mix(0)
  }

  /// Adds bytes as they are (no terminator).
  mutating func add(bytes: some Sequence<UInt8>) {
    for byte in bytes { mix(byte) }
  }

  private mutating func mix(_ byte: UInt8) {
    value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
  }

  /// The value as 16 hexadecimal digits.
  var hexadecimal: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
