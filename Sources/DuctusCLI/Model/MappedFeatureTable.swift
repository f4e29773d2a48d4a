import Foundation
import InkFormats

/// A `.npy` feature table (one point a row; more dimensions are flattened after the first) read
/// in place from its memory-mapped file, a few rows at a time: mini-batch k-means clusters a
/// table larger than memory (ten million drawings' 54 features are 4.3 GB) with the pages the
/// kernel keeps, never a copy of its own.
///
/// Float64 and float32 little-endian values are read as they lie, aligned or not; a
/// Fortran-order file is read into memory instead (see
/// ``ClusterInput/matrix(path:precomputed:streaming:context:)``).
struct MappedFeatureTable {
  /// The file's name, for errors.
  let path: String
  /// The file's bytes, mapped.
  let data: Data
  /// Its header.
  let header: NpyHeader

  /// The number of points.
  var rows: Int { header.shape.first ?? 0 }
  /// The features a point.
  var columns: Int { header.shape.dropFirst().reduce(1, *) }

  /// The table of a mapped `.npy` file, or nil for a Fortran-order file.
  init?(path: String, data: Data, header: NpyHeader) {
    guard !header.isFortranOrder else { return nil }
    (self.path, self.data, self.header) = (path, data, header)
  }

  /// The values of the rows `indices`, in their order, row-major.
  func values(ofRows indices: [Int]) -> [Double] {
    let d = columns
    var values = [Double]()
    values.reserveCapacity(indices.count * d)
    withValues { value in
      for row in indices {
        for column in 0..<d { values.append(value(row, column)) }
      }
    }
    return values
  }

  /// Calls `body` with a function that reads the value at a row and column (both in range; the
  /// value unchecked).
  func withValues<Result>(_ body: ((Int, Int) -> Double) throws -> Result) rethrows -> Result {
    let (header, d) = (header, columns)
    return try data.withUnsafeBytes { raw in
      try body { row, column in header.element(row * d + column, in: raw) }
    }
  }

  /// Checks every value, a row at a time.
  /// - Throws: `CommandFailure`, exit 65, naming the first value that is not finite.
  func checkFinite() throws {
    let (n, d) = (rows, columns)
    try withValues { value in
      for row in 0..<n {
        for column in 0..<d where !value(row, column).isFinite {
          throw CommandFailure(
            .malformedInput,
            "\(path): value \(row * d + column) (row \(row), feature \(column)) is "
              + "\(value(row, column)), not a number")
        }
      }
    }
  }

}
