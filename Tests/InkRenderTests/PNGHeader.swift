import Foundation

/// The facts a PNG's first bytes state: the signature and the IHDR chunk's width and height,
/// read straight from the bytes (independently of Cairo's decoder).
struct PNGHeader: Equatable {
  var width: Int
  var height: Int

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// `nil` unless the bytes start with the PNG signature and an IHDR chunk.
  init?(_ data: Data) {
    let bytes = [UInt8](data.prefix(24))
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count == 24, Array(bytes[0..<8]) == signature,
      String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR"
    else { return nil }
    func bigEndian(_ offset: Int) -> Int {
      bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    width = bigEndian(16)
    height = bigEndian(20)
  }
}
