import InkMath
import _DuctusSupport

/// k-medoids clustering by FasterPAM on any distance matrix.
///
/// FasterPAM (E. Schubert and P. J. Rousseeuw, *Fast and eager k-medoids clustering: O(k) runtime
/// improvement of the PAM, CLARA, and CLARANS algorithms*, Information Systems 101, 2021) keeps
/// for every point its nearest and second-nearest medoid, and the loss each medoid's removal
/// would cost. It walks the points in order; for each non-medoid it finds, in one pass over the
/// points, the medoid whose swap with it lowers the loss (the sum of every point's distance to
/// its nearest medoid) the most, and makes the swap at once if it does (the *eager* swap). A pass
/// ends when it returns to the point of the last swap; the iterations stop when a pass swaps
/// nothing or the loss no longer falls, or after ``maxIterations``. This is the order of
/// `kmedoids.fasterpam` (the Rust crate `kmedoids` 0.5 by Schubert and Lenssen, used from
/// Python), so the same start gives the same medoids and loss; for one cluster, as there, the
/// medoid is the point of least total distance to all.
///
/// ```swift
/// let result = try KMedoids(clusterCount: 5).fit(distances: matrix)
/// print(result.medoids, result.loss)
/// ```
/// - Complexity: O(n²) an iteration (one pass over the points a candidate, `k` times less than
///   PAM's swap step), usually a few iterations. Memory: the `n × n` matrix (not copied) and
///   O(n) more.
public struct KMedoids: Sendable, Hashable {
  /// The number of clusters, `k` (1 up to the number of points).
  public var clusterCount: Int
  /// The most passes over the points (`max_iter` of `kmedoids.fasterpam`).
  public var maxIterations: Int
  /// The seed of the random start: `k` distinct points drawn with `SplitMix64`.
  public var seed: UInt64

  /// A configuration; nothing is computed until ``fit(distances:initialMedoids:)``.
  public init(clusterCount: Int, maxIterations: Int = 100, seed: UInt64 = 0) {
    self.clusterCount = clusterCount
    self.maxIterations = maxIterations
    self.seed = seed
  }

  /// Clusters the `n` points whose pairwise distances are `distances` (`n × n`, finite, not
  /// negative; symmetry is not needed, row `i` holds the distances from point `i`).
  ///
  /// - Parameters:
  ///   - distances: the `n × n` distances.
  ///   - initialMedoids: `k` distinct point indices to start from; when nil, `k` points drawn
  ///     with ``seed``.
  /// - Throws: ``ClusteringError`` for a matrix that is not square or holds a NaN, infinity or
  ///   negative number, `k` out of `1…n`, or a bad start.
  public func fit(distances: some DistanceMatrixStorage, initialMedoids: [Int]? = nil) throws
    -> KMedoidsResult
  {
    try distances.withDistanceElements { try fit(distances: $0, initialMedoids: initialMedoids) }
  }

  /// ``fit(distances:initialMedoids:)`` on the entries themselves.
  private func fit(distances: DistanceMatrixElements, initialMedoids: [Int]?) throws
    -> KMedoidsResult
  {
    let operation = "k-medoids"
    let n = try distances.requireSquare(operation: operation)
    let isSymmetric = try distances.checkDistancesAndSymmetry(operation: operation)
    let medoids = try startingMedoids(count: n, initialMedoids: initialMedoids)
    return switch distances.values {
    case .float64(let matrix):
      search(FasterPAMMatrix(distances: matrix, count: n, isSymmetric: isSymmetric), medoids)
    case .float32(let matrix):
      search(FasterPAMMatrix(distances: matrix, count: n, isSymmetric: isSymmetric), medoids)
    }
  }

  /// Checks `k` and the iterations against `n` points; the given start, checked, or `k` points
  /// drawn with ``seed``.
  func startingMedoids(count n: Int, initialMedoids: [Int]?) throws -> [Int] {
    let operation = "k-medoids"
    guard (1...max(n, 1)).contains(clusterCount), n >= 1 else {
      throw ClusteringError.invalidArgument(
        operation: operation, detail: "k = \(clusterCount) is not between 1 and the \(n) points")
    }
    guard maxIterations >= 1 else {
      throw ClusteringError.invalidArgument(
        operation: operation, detail: "at least one iteration is needed, not \(maxIterations)")
    }
    guard let initialMedoids else {
      var random = SplitMix64(seed: seed)
      return Array(random.permutation(count: n).prefix(clusterCount))
    }
    guard initialMedoids.count == clusterCount,
      initialMedoids.allSatisfy({ (0..<n).contains($0) }),
      Set(initialMedoids).count == clusterCount
    else {
      throw ClusteringError.invalidArgument(
        operation: operation,
        detail: "the initial medoids must be \(clusterCount) distinct points of 0..<\(n)")
    }
    return initialMedoids
  }

  /// FasterPAM from `medoids` on any source of distances.
  func search(_ distances: some FasterPAMDistances, _ medoids: [Int]) -> KMedoidsResult {
    var search = FasterPAMSearch(distances: distances, medoids: medoids)
    return clusterCount == 1 ? search.singleMedoid() : search.run(maxIterations: maxIterations)
  }
}
