import InkMath

/// A square matrix of precomputed distances that the clustering methods read in place: an
/// InkMath `Matrix` in memory, or a float64 or float32 `.npy` file mapped from disk (as
/// `ductus cluster --precomputed` maps one), so that a matrix larger than memory can be
/// clustered.
///
/// DBSCAN, HDBSCAN, k-medoids and the silhouette read it a row at a time (k-medoids by
/// contiguous rows when the matrix is symmetric); a float32 matrix gives the same answer as the
/// float64 matrix of the same values, each entry widened exactly to `Double`.
///
/// ```swift
/// let result = try DBSCAN(eps: 0.5).fit(distances: matrix)  // any DistanceMatrixStorage
/// ```
public protocol DistanceMatrixStorage {
  /// The number of rows.
  var rows: Int { get }
  /// The number of columns; the clustering methods need as many as ``rows``.
  var columns: Int { get }
  /// Calls `body` with the entries in row-major order, valid only while it runs.
  func withDistanceElements<Result>(_ body: (DistanceMatrixElements) throws -> Result) rethrows
    -> Result
}
