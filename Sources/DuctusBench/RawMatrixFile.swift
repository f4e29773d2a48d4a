import Foundation
import InkMath

/// Reads a benchmark input: `rows × columns` little-endian `Double`s in row-major order, as
/// NumPy's `ndarray.tofile` writes them.
enum RawMatrixFile {
  /// The matrix stored at `path` with `columns` columns (the row count follows from the size).
  static func read(_ path: String, columns: Int) throws -> Matrix {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let stride = MemoryLayout<Double>.size * columns
    guard columns > 0, data.count % stride == 0 else {
      throw BenchmarkError.badInput(
        path: path, detail: "\(data.count) bytes is not a whole number of \(columns)-column rows")
    }
    let values = data.withUnsafeBytes { raw in
      (0..<(data.count / 8)).map {
        Double(
          bitPattern: UInt64(
            littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self)))
      }
    }
    return try Matrix(rows: data.count / stride, columns: columns, elements: values)
  }
}
