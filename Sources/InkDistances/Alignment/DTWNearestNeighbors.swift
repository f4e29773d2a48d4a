import InkSampling

/// The `k` nearest series by DTW of each query, found with lower bounds
/// (``DynamicTimeWarping/nearestNeighbors(among:k:)``), and how much work the bounds saved.
///
/// The neighbours are exactly those of a brute-force search over the whole distance matrix:
/// ascending distance, ties broken by the smaller index.
public struct DTWNearestNeighbors: Hashable, Sendable, Codable {
  /// The number of neighbours kept per query.
  public let k: Int
  /// The neighbours' indices among the candidates, `k` per query, query after query.
  public let indices: [Int]
  /// The matching DTW distances, ascending within each query.
  public let distances: [Double]
  /// The number of (query, candidate) pairs considered.
  public let pairCount: Int
  /// The pairs discarded by LB_Kim without computing their distance.
  public let prunedByKim: Int
  /// The pairs discarded by LB_Keogh without computing their distance.
  public let prunedByKeogh: Int
  /// The pairs whose DTW computation was abandoned early (the row minimum passed the `k`-th
  /// best distance so far).
  public let abandoned: Int

  /// A search result.
  public init(
    k: Int, indices: [Int], distances: [Double], pairCount: Int, prunedByKim: Int,
    prunedByKeogh: Int, abandoned: Int
  ) {
    self.k = k
    self.indices = indices
    self.distances = distances
    self.pairCount = pairCount
    self.prunedByKim = prunedByKim
    self.prunedByKeogh = prunedByKeogh
    self.abandoned = abandoned
  }

  /// The fraction of pairs whose distance was never computed (pruned by either bound).
  public var prunedFraction: Double {
    pairCount == 0 ? 0 : Double(prunedByKim + prunedByKeogh) / Double(pairCount)
  }

  /// The neighbour indices of query `q`.
  public func neighbors(ofQuery q: Int) -> ArraySlice<Int> {
    indices[(q * k)..<((q + 1) * k)]
  }

  /// The neighbour distances of query `q`.
  public func distances(ofQuery q: Int) -> ArraySlice<Double> {
    distances[(q * k)..<((q + 1) * k)]
  }
}
