/// The `k` nearest neighbours of each query row among the rows of a point matrix, by brute force
/// on the GEMM distances of ``PairwiseDistances``, like scikit-learn's
/// `NearestNeighbors(algorithm="brute").kneighbors`.
///
/// Queries are processed in blocks: one `dgemm` gives a block of squared distances (never the
/// whole query × point matrix), then each query row keeps its `k` best candidates in a bounded
/// sorted buffer (a partial selection, O(n) comparisons and O(k) shifts per accepted candidate).
/// Ties are broken by the smaller point index, which scikit-learn does not guarantee. Distances
/// are Euclidean, sorted ascending.
public struct NearestNeighbors: Sendable, Equatable {
  /// The number of neighbours kept per query.
  public let k: Int
  /// The neighbours' row indices in the point matrix, `k` per query, query after query.
  public let indices: [Int]
  /// The matching Euclidean distances, ascending within each query.
  public let distances: [Double]

  /// The `k` nearest rows of `points` to every row of `queries`.
  /// - Complexity: O(q·n·d) for `q` queries and `n` points of dimension `d`, plus the selection.
  /// - Throws: ``InkMathError/dimensionMismatch(operation:detail:)`` when the column counts
  ///   differ; ``InkMathError/invalidArgument(operation:detail:)`` unless `0 ≤ k ≤ n`;
  ///   ``InkMathError/nonFiniteElement(operation:row:column:)`` for NaN or infinity.
  public init(queries: Matrix, points: Matrix, k: Int) throws {
    guard queries.columns == points.columns else {
      throw InkMathError.dimensionMismatch(
        operation: "NearestNeighbors",
        detail: "queries have \(queries.columns) columns, points have \(points.columns)")
    }
    try self.init(queries: queries, points: points, k: k, excludingSelf: false)
  }

  /// The `k` nearest other rows of `points` to each of its rows; a row is never its own
  /// neighbour (but an identical row elsewhere is, at distance 0).
  /// - Throws: ``InkMathError/invalidArgument(operation:detail:)`` unless `0 ≤ k < n`;
  ///   ``InkMathError/nonFiniteElement(operation:row:column:)`` for NaN or infinity.
  public init(amongRowsOf points: Matrix, k: Int) throws {
    try self.init(queries: points, points: points, k: k, excludingSelf: true)
  }

  /// The neighbour indices of query `q`.
  public func neighbors(ofQuery q: Int) -> ArraySlice<Int> {
    indices[(q * k)..<((q + 1) * k)]
  }

  /// The neighbour distances of query `q`.
  public func distances(ofQuery q: Int) -> ArraySlice<Double> {
    distances[(q * k)..<((q + 1) * k)]
  }

  private init(queries: Matrix, points: Matrix, k: Int, excludingSelf: Bool) throws {
    let candidates = points.rows - (excludingSelf ? 1 : 0)
    guard k >= 0, k <= candidates else {
      throw InkMathError.invalidArgument(
        operation: "NearestNeighbors", detail: "k = \(k) with \(max(candidates, 0)) candidates")
    }
    try queries.validateFinite(operation: "NearestNeighbors")
    try points.validateFinite(operation: "NearestNeighbors")
    let (q, n, d) = (queries.rows, points.rows, points.columns)
    var indices = [Int](repeating: 0, count: q * k)
    var distances = [Double](repeating: 0, count: q * k)
    if k > 0 {
      let queryNorms = PairwiseDistances.rowSquaredNorms(queries)
      let pointNorms = PairwiseDistances.rowSquaredNorms(points)
      let blockRows = max(1, min(256, (1 << 22) / max(n, 1)))
      var block = [Double](repeating: 0, count: blockRows * n)
      queries.elements.withUnsafeBufferPointer { pq in
        points.elements.withUnsafeBufferPointer { pp in
          block.withUnsafeMutableBufferPointer { pb in
            indices.withUnsafeMutableBufferPointer { pi in
              distances.withUnsafeMutableBufferPointer { pd in
                let (products, outIndices, outDistances) = (
                  DisjointWriteBuffer(pb), DisjointWriteBuffer(pi), DisjointWriteBuffer(pd)
                )
                for start in stride(from: 0, to: q, by: blockRows) {
                  let rows = start..<min(start + blockRows, q)
                  if d > 0 {
                    BLAS.gemm(
                      transposeA: false, transposeB: true, m: rows.count, n: n, k: d, alpha: -2,
                      a: pq.baseAddress! + start * d, lda: d, b: pp.baseAddress!, ldb: d,
                      beta: 0, c: products.baseAddress, ldc: n)
                  } else {
                    products.baseAddress.update(repeating: 0, count: rows.count * n)
                  }
                  ParallelLoop.forEachChunk(of: rows, minimumChunkSize: 4) { chunk in
                    for i in chunk {
                      NearestNeighbors.select(
                        k: k, products: products.baseAddress + (i - start) * n,
                        queryNorm: queryNorms[i], pointNorms: pointNorms,
                        excluded: excludingSelf ? i : -1,
                        indices: outIndices.baseAddress + i * k,
                        distances: outDistances.baseAddress + i * k)
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    self.k = k
    self.indices = indices
    self.distances = distances
  }

  /// Keeps the `k` smallest squared distances of one query in ascending (distance, index)
  /// order by insertion into a bounded sorted buffer, then takes square roots.
  private static func select(
    k: Int, products: UnsafePointer<Double>, queryNorm: Double,
    pointNorms: [Double], excluded: Int, indices: UnsafeMutablePointer<Int>,
    distances: UnsafeMutablePointer<Double>
  ) {
    var filled = 0
    pointNorms.withUnsafeBufferPointer { norms in
      for j in 0..<norms.count where j != excluded {
        let value = max(products[j] + queryNorm + norms[j], 0)
        // Scanning j upwards, an equal distance never displaces: ties keep the smaller index.
        if filled == k && value >= distances[k - 1] { continue }
        var slot = filled == k ? k - 1 : filled
        while slot > 0 && distances[slot - 1] > value {
          distances[slot] = distances[slot - 1]
          indices[slot] = indices[slot - 1]
          slot -= 1
        }
        distances[slot] = value
        indices[slot] = j
        filled = min(filled + 1, k)
      }
    }
    for slot in 0..<k { distances[slot] = distances[slot].squareRoot() }
  }
}
