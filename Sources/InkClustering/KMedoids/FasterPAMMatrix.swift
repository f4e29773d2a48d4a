/// An `n × n` distance matrix of either width as FasterPAM reads it: every distance exact, a
/// column read in place (row `j` of a symmetric matrix, contiguous, else column `j`).
///
/// A symmetric matrix is read by the rows of the medoids and candidates alone: `d(o, m)` comes
/// from row `m`, so that assigning every point to its medoids reads `k` rows rather than `k`
/// scattered entries of every row (on a memory-mapped matrix larger than memory, a page fault
/// each).
struct FasterPAMMatrix<Element: BinaryFloatingPoint & SIMDScalar>: FasterPAMDistances,
  @unchecked Sendable
{
  /// The `n × n` distances, row-major (read only; not copied).
  let distances: UnsafeBufferPointer<Element>
  let count: Int
  /// Whether the matrix is symmetric, so that column `j` can be read as row `j`.
  let isSymmetric: Bool

  func distance(_ o: Int, _ m: Int) -> Double {
    Double(isSymmetric ? distances[m * count + o] : distances[o * count + m])
  }

  func distance(_ o: Int, _ m: Int, below limit: Double) -> Double { distance(o, m) }

  func withColumn<Result>(
    _ j: Int, below limits: [Double],
    _ body: (_ start: UnsafePointer<Element>, _ step: Int) -> Result
  ) -> Result {
    isSymmetric
      ? body(distances.baseAddress! + j * count, 1) : body(distances.baseAddress! + j, count)
  }
}
