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
/// Large matrices are written as a stream: ``header(shape:elementByteCount:)`` first, then rows
/// through ``encode(_:)`` (float64) or ``encodeFloat32(_:)``, so a 20 000 × 20 000 result never
/// needs a second copy in memory. Reading accepts `<f8` and `<f4`, in C order or in Fortran
/// order (as NumPy saves a transposed or column-sliced array; the values are put in C order),
/// versions 1.0, 2.0 and 3.0; ``NpyHeader`` reads the header alone, so that a mapped file's
/// elements can be read in place.
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

  /// The `.npy` header (magic, version 1.0, the dictionary padded to a multiple of 64 bytes)
  /// for a C-order array of `shape` of float64 elements, or float32 when `elementByteCount` is 4.
  public static func header(shape: [Int], elementByteCount: Int = 8) -> Data {
    precondition(elementByteCount == 8 || elementByteCount == 4)
    let dimensions =
      shape.count == 1
      ? "(\(shape[0]),)" : "(" + shape.map(String.init).joined(separator: ", ") + ")"
    var dictionary =
      "{'descr': '<f\(elementByteCount)', 'fortran_order': False, 'shape': \(dimensions), }"
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

  /// Little-endian float32 bytes of values (each rounded to the nearest float32), to follow a
  /// header of `elementByteCount` 4.
  public static func encodeFloat32(_ values: [Double]) -> Data {
    var data = Data(count: values.count * 4)
    data.withUnsafeMutableBytes { raw in
      for (i, value) in values.enumerated() {
        raw.storeBytes(
          of: Float(value).bitPattern.littleEndian, toByteOffset: i * 4, as: UInt32.self)
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
    let header = try NpyHeader(data: data)
    var values = [Double](repeating: 0, count: header.elementCount)
    data.withUnsafeBytes { raw in
      for i in values.indices { values[i] = header.element(i, in: raw) }
    }
    self.init(
      shape: header.shape,
      values: header.isFortranOrder
        ? Self.rowMajor(fromColumnMajor: values, shape: header.shape) : values)
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
