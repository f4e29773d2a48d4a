import Foundation
import InkClustering
import InkFormats
import _DuctusSupport

/// A square `.npy` distance matrix read in place from its memory-mapped file: `ductus cluster
/// --precomputed` clusters matrices larger than memory (N = 100,000 in float32 is 40 GB) with
/// the pages the kernel keeps, never a copy of its own.
///
/// Float64 and float32 entries are read as they lie; a Fortran-order file (a transposed array)
/// or one whose elements are not aligned to their width is read into memory instead (see
/// ``ClusterInput/matrix(path:precomputed:context:)``).
struct MappedDistanceMatrix: DistanceMatrixStorage {
  /// The file's bytes, mapped.
  let data: Data
  /// Its header.
  let header: NpyHeader

  var rows: Int { header.shape[0] }
  var columns: Int { header.shape[1] }

  /// The matrix of a mapped `.npy` file, or nil when its elements cannot be read in place (a
  /// Fortran-order or misaligned file, or one of other than two dimensions).
  init?(data: Data, header: NpyHeader) {
    let aligned = data.withUnsafeBytes { raw in
      raw.baseAddress.map { Int(bitPattern: $0 + header.dataOffset) % header.elementByteCount == 0 }
        ?? true
    }
    guard header.shape.count == 2, !header.isFortranOrder, aligned else { return nil }
    (self.data, self.header) = (data, header)
  }

  func withDistanceElements<Result>(_ body: (DistanceMatrixElements) throws -> Result) rethrows
    -> Result
  {
    try data.withUnsafeBytes { raw in
      let start = raw.baseAddress.map { $0 + header.dataOffset }
      let (count, rowBytes) = (rows * columns, columns * header.elementByteCount)
      let willReadRow = start.map { start in
        { (i: Int) in Platform.adviseWillNeed(start + i * rowBytes, byteCount: rowBytes) }
      }
      if header.elementByteCount == 8 {
        let elements = UnsafeBufferPointer(
          start: start?.assumingMemoryBound(to: Double.self), count: count)
        return try body(
          DistanceMatrixElements(
            rows: rows, columns: columns, float64: elements, willReadRow: willReadRow))
      }
      let elements = UnsafeBufferPointer(
        start: start?.assumingMemoryBound(to: Float.self), count: count)
      return try body(
        DistanceMatrixElements(
          rows: rows, columns: columns, float32: elements, willReadRow: willReadRow))
    }
  }
}
