import Dispatch
import InkMath
import _DuctusSupport

/// The distances among `n` points as SciPy's condensed vector: the upper triangle of the
/// symmetric `n × n` matrix without its diagonal, row by row (`pdist`'s order), `n(n − 1)/2`
/// numbers.
///
/// The distance between points `i < j` is at `n·i − i(i + 1)/2 + j − i − 1`.
public struct CondensedDistanceMatrix: Sendable, Hashable {
  /// The number of points, `n`.
  public let count: Int
  /// The `n(n − 1)/2` distances in `pdist` order.
  public internal(set) var values: [Double]

  /// A matrix from its condensed values.
  /// - Throws: ``ClusteringError`` when the count is not `n(n − 1)/2` or a value is NaN,
  ///   infinite or negative.
  public init(count: Int, values: [Double]) throws {
    guard count >= 0, values.count == count * max(count - 1, 0) / 2 else {
      throw ClusteringError.dimensionMismatch(
        operation: "condensed distance matrix",
        detail: "\(values.count) distances for \(count) points, not \(count) · \(count - 1) / 2")
    }
    try FiniteValues.checkDistances(values, operation: "condensed distance matrix")
    self.count = count
    self.values = values
  }

  /// The upper triangle of a square distance matrix, in memory or mapped from a file
  /// (`squareform` of SciPy, which does not check symmetry either: the lower triangle is not
  /// read).
  /// - Throws: ``ClusteringError`` for a matrix that is not square, or a value of the upper
  ///   triangle that is NaN, infinite or negative.
  public init(square matrix: some DistanceMatrixStorage) throws {
    let values = try matrix.withDistanceElements { matrix in
      let n = try matrix.requireSquare(operation: "condensed distance matrix")
      var values = [Double]()
      values.reserveCapacity(n * max(n - 1, 0) / 2)
      matrix.forEachRow { i, row in values.append(contentsOf: row[(i + 1)...]) }
      return values
    }
    try self.init(count: matrix.rows, values: values)
  }

  /// The Euclidean distances among the rows of `points` (SciPy's `pdist(points)`), each from the
  /// differences of the coordinates (not the GEMM identity, which loses precision for close
  /// points).
  /// - Complexity: O(n²·d), in parallel over the rows.
  /// - Throws: ``ClusteringError`` for a NaN or infinity.
  public init(euclideanDistancesOf points: Matrix) throws {
    try FiniteValues.check(points.elements, operation: "euclidean distances")
    let (n, d) = (points.rows, points.columns)
    let total = n * max(n - 1, 0) / 2
    let values = [Double](unsafeUninitializedCapacity: total) { storage, initialized in
      if let base = storage.baseAddress {
        Platform.adviseHugePages(base, byteCount: total * MemoryLayout<Double>.stride)
      }
      let out = DisjointWriteBuffer(storage)
      // Row i holds n − 1 − i pairs: balance the chunks by pairs, not rows.
      ParallelLoop.forEachChunk(of: 0..<n, chunksPerCore: 8) { rows in
        points.elements.withUnsafeBufferPointer { x in
          for i in rows {
            var offset = n * i - i * (i + 1) / 2
            for j in (i + 1)..<n {
              var sum = 0.0
              for c in 0..<d {
                let difference = x[i * d + c] - x[j * d + c]
                sum += difference * difference
              }
              out[offset] = sum.squareRoot()
              offset += 1
            }
          }
        }
      }
      initialized = total
    }
    self.count = n
    self.values = values
  }

  /// The position of the distance between points `i` and `j` (`i ≠ j`, either order).
  @inlinable
  public static func index(_ i: Int, _ j: Int, count n: Int) -> Int {
    let (a, b) = i < j ? (i, j) : (j, i)
    return n * a - a * (a + 1) / 2 + b - a - 1
  }

  /// The distance between points `i` and `j` (0 when they are the same point).
  public subscript(i: Int, j: Int) -> Double {
    i == j ? 0 : values[Self.index(i, j, count: count)]
  }
}
