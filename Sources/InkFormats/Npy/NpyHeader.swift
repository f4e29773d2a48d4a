import Foundation

/// The header of a NumPy `.npy` file: the element type, the order and the shape, and where
/// the elements start, read without touching the elements (so that a mapped file many times
/// the machine's memory can be read in place).
///
/// Versions 1.0, 2.0 and 3.0; little-endian float64 (`<f8`) or float32 (`<f4`) elements, in C
/// or Fortran order. The file's length must be exactly the header's and the elements'.
public struct NpyHeader: Hashable, Sendable {
  /// The extent of each dimension.
  public let shape: [Int]
  /// The bytes of one element: 8 for `<f8`, 4 for `<f4`.
  public let elementByteCount: Int
  /// Whether the elements are in column-major (Fortran) order rather than row-major (C) order.
  public let isFortranOrder: Bool
  /// The byte offset of the first element.
  public let dataOffset: Int

  /// The number of elements, the product of the shape.
  public var elementCount: Int { shape.reduce(1, *) }

  /// Element `index` (in file order) of the file whose bytes are `raw`, widened to `Double`.
  @inline(__always)
  public func element(_ index: Int, in raw: UnsafeRawBufferPointer) -> Double {
    let at = dataOffset + index * elementByteCount
    if elementByteCount == 8 {
      return Double(
        bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)))
    }
    return Double(
      Float(
        bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self))))
  }

  /// The most bytes of header read: NumPy's own reader refuses headers over 10,000 bytes
  /// (`max_header_size`) unless told otherwise.
  static let headerLimit = 65_536

  /// Reads the header of a `.npy` file's bytes and checks the file's length against it.
  ///
  /// - Throws: `InkFormatError` naming the byte offset when the magic, header, dtype or length
  ///   is wrong.
  public init(data: Data) throws(InkFormatError) {
    // The header is copied out; `data` may be a memory-mapped file many times its size.
    let bytes = [UInt8](data.prefix(Self.headerLimit))
    let byteCount = data.count
    guard bytes.count >= 10, Array(bytes[0..<6]) == NpyArray.magic else {
      throw InkFormatError(.malformed, "not a .npy file (no \\x93NUMPY magic)", offset: 0)
    }
    let major = bytes[6]
    let headerLength: Int
    let headerStart: Int
    switch major {
    case 1:
      headerLength = Int(bytes[8]) | Int(bytes[9]) << 8
      headerStart = 10
    case 2, 3:
      guard bytes.count >= 12 else {
        throw InkFormatError(.truncated, "header cut short", offset: 8)
      }
      headerLength = (0..<4).reduce(0) { $0 | Int(bytes[8 + $1]) << (8 * $1) }
      headerStart = 12
    default:
      throw InkFormatError(.unsupportedVersion, ".npy version \(major) is not supported", offset: 6)
    }
    guard headerStart + headerLength <= bytes.count else {
      if headerStart + headerLength > Self.headerLimit {
        throw InkFormatError(
          .invalidValue,
          "the header is \(headerLength) bytes; at most \(Self.headerLimit - headerStart) are read",
          offset: 8)
      }
      throw InkFormatError(.truncated, "the header is cut short", offset: headerStart)
    }
    let header = String(decoding: bytes[headerStart..<(headerStart + headerLength)], as: UTF8.self)
    func field(_ key: String) -> String? {
      guard let range = header.range(of: "'\(key)':") else { return nil }
      return String(header[range.upperBound...]).trimmingCharacters(in: .whitespaces)
    }
    guard let descr = field("descr"), let shapeText = field("shape"),
      let order = field("fortran_order")
    else {
      throw InkFormatError(
        .malformed, "the header lacks descr, fortran_order or shape", offset: headerStart)
    }
    guard order.hasPrefix("False") || order.hasPrefix("True") else {
      throw InkFormatError(
        .malformed, "fortran_order is neither True nor False", offset: headerStart)
    }
    let width: Int
    if descr.hasPrefix("'<f8'") {
      width = 8
    } else if descr.hasPrefix("'<f4'") {
      width = 4
    } else {
      throw InkFormatError(
        .malformed, "dtype \(descr.prefix(6)) is not <f8 or <f4", offset: headerStart)
    }
    guard let open = shapeText.firstIndex(of: "("),
      let close = shapeText[open...].firstIndex(of: ")")
    else {
      throw InkFormatError(.malformed, "the shape is not a tuple", offset: headerStart)
    }
    let dimensions = shapeText[shapeText.index(after: open)..<close].split(separator: ",")
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    var shape: [Int] = []
    var total = 1
    for dimension in dimensions {
      guard let extent = Int(dimension), extent >= 0 else {
        throw InkFormatError(
          .malformed, "shape entry '\(dimension)' is not a count", offset: headerStart)
      }
      let (product, overflow) = total.multipliedReportingOverflow(by: extent)
      guard !overflow else {
        throw InkFormatError(.invalidValue, "the shape is too large", offset: headerStart)
      }
      shape.append(extent)
      total = product
    }
    let start = headerStart + headerLength
    guard (byteCount - start) / width >= total, byteCount - start == total * width else {
      throw InkFormatError(
        .truncated,
        "the data holds \(byteCount - start) bytes, the shape needs \(total) values of \(width)",
        offset: start)
    }
    (self.shape, elementByteCount, isFortranOrder, dataOffset) = (
      shape, width, order.hasPrefix("True"), start
    )
  }
}
