import Foundation

/// A float64 array in NumPy's `.npy` format (version 1.0, little-endian, C order), the output
/// of matrix-valued commands (`ductus distances`, `ductus pca`) that NumPy, SciPy and Dask read
/// with `numpy.load` or `numpy.memmap`.
///
/// ```swift
/// let array = NpyArray(shape: [2, 3], values: [1, 2, 3, 4, 5, 6])
/// try array.dataRepresentation().write(to: url)
/// let back = try NpyArray(data: Data(contentsOf: url))
/// ```
///
/// Large matrices are written as a stream: ``header(shape:)`` first, then rows through
/// ``encode(_:)``, so a 20 000 × 20 000 result never needs a second copy in memory. Reading
/// accepts `<f8` and `<f4`, in C order or in Fortran order (as NumPy saves a transposed or
/// column-sliced array; the values are put in C order), versions 1.0, 2.0 and 3.0.
public struct NpyArray: Hashable, Sendable {
  /// The extent of each dimension.
  public var shape: [Int]
  /// The elements in row-major (C) order.
  public var values: [Double]

  /// An array of a shape and its values in row-major order.
  public init(shape: [Int], values: [Double]) {
    self.shape = shape
    self.values = values
  }

  static let magic: [UInt8] = [0x93] + Array("NUMPY".utf8)
  /// The most bytes of header read: NumPy's own reader refuses headers over 10,000 bytes
  /// (`max_header_size`) unless told otherwise.
  static let headerLimit = 65_536

  /// The `.npy` header (magic, version 1.0, the dictionary padded to a multiple of 64 bytes)
  /// for a float64 C-order array of `shape`.
  public static func header(shape: [Int]) -> Data {
    let dimensions =
      shape.count == 1
      ? "(\(shape[0]),)" : "(" + shape.map(String.init).joined(separator: ", ") + ")"
    var dictionary = "{'descr': '<f8', 'fortran_order': False, 'shape': \(dimensions), }"
    let unpadded = magic.count + 2 + 2 + dictionary.utf8.count + 1
    dictionary += String(repeating: " ", count: (64 - unpadded % 64) % 64) + "\n"
    var data = Data(magic)
    data.append(contentsOf: [1, 0])
    let length = UInt16(dictionary.utf8.count)
    data.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8)])
    data.append(contentsOf: dictionary.utf8)
    return data
  }

  /// Little-endian float64 bytes of values, to follow a header.
  public static func encode(_ values: [Double]) -> Data {
    var data = Data(count: values.count * 8)
    data.withUnsafeMutableBytes { raw in
      for (i, value) in values.enumerated() {
        raw.storeBytes(of: value.bitPattern.littleEndian, toByteOffset: i * 8, as: UInt64.self)
      }
    }
    return data
  }

  /// The whole file's bytes.
  public func dataRepresentation() -> Data {
    Self.header(shape: shape) + Self.encode(values)
  }

  /// Reads a `.npy` file's bytes.
  ///
  /// - Throws: `InkFormatError` naming the byte offset when the magic, header, dtype or length
  ///   is wrong.
  public init(data: Data) throws(InkFormatError) {
    // The header is copied out; the values are read from `data` itself, which may be a
    // memory-mapped file many times the header's size.
    let bytes = [UInt8](data.prefix(Self.headerLimit))
    let byteCount = data.count
    guard bytes.count >= 10, Array(bytes[0..<6]) == Self.magic else {
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
    var values = [Double](repeating: 0, count: total)
    data.withUnsafeBytes { raw in
      for i in 0..<total {
        if width == 8 {
          values[i] = Double(
            bitPattern: UInt64(
              littleEndian: raw.loadUnaligned(fromByteOffset: start + 8 * i, as: UInt64.self)))
        } else {
          values[i] = Double(
            Float(
              bitPattern: UInt32(
                littleEndian: raw.loadUnaligned(fromByteOffset: start + 4 * i, as: UInt32.self))))
        }
      }
    }
    self.init(
      shape: shape,
      values: order.hasPrefix("True")
        ? Self.rowMajor(fromColumnMajor: values, shape: shape) : values)
  }

  /// The values of a column-major (Fortran-order) array of `shape`, in row-major order.
  static func rowMajor(fromColumnMajor values: [Double], shape: [Int]) -> [Double] {
    guard shape.count > 1, !values.isEmpty else { return values }
    // The column-major stride of each dimension; an odometer over the row-major index.
    var strides = [Int](repeating: 1, count: shape.count)
    for axis in 1..<shape.count { strides[axis] = strides[axis - 1] * shape[axis - 1] }
    var index = [Int](repeating: 0, count: shape.count)
    var offset = 0
    var result = [Double]()
    result.reserveCapacity(values.count)
    for _ in 0..<values.count {
      result.append(values[offset])
      var axis = shape.count - 1
      while axis >= 0 {
        index[axis] += 1
        offset += strides[axis]
        if index[axis] < shape[axis] { break }
        offset -= strides[axis] * shape[axis]
        index[axis] = 0
        axis -= 1
      }
    }
    return result
  }
}
