import InkClustering
import InkMath
import Testing

/// FasterPAM against `kmedoids.fasterpam` (the Rust crate's deterministic single-thread
/// version): the same medoids, labels, loss, iterations and swaps from the same start, on
/// symmetric matrices (read by rows) and on one that is not (read by columns).
@Suite struct KMedoidsReferenceTests {
  struct Case: Decodable {
    let points: Int
    let dimensions: Int
    let metric: ReferenceMetric
    let k: Int
    let data: [Double]
    let initialMedoids: [Int]
    let medoids: [Int]
    let labels: [Int]
    let loss: Double
    let iterations: Int
    let swaps: Int
  }

  @Test func sameMedoidsAndLossAsKmedoids() throws {
    let cases = try ClusteringFixture<Case>.load("kmedoids")
    #expect(cases.count == 6)
    for c in cases {
      let distances = try c.metric.square(c.data, points: c.points, dimensions: c.dimensions)
      let result = try KMedoids(clusterCount: c.k).fit(
        distances: distances, initialMedoids: c.initialMedoids)
      #expect(result.medoids == c.medoids, "n = \(c.points), k = \(c.k), \(c.metric)")
      #expect(result.labels == c.labels)
      #expect(close(result.loss, c.loss), "\(result.loss) against \(c.loss)")
      #expect(result.iterations == c.iterations)
      #expect(result.swaps == c.swaps)
    }
  }

  @Test func seededStartIsRepeatableAndRefusesBadInput() throws {
    let distances = try ReferenceMetric.euclidean.square(
      (0..<40).map { Double(($0 * 37) % 23) }, points: 20, dimensions: 2)
    let first = try KMedoids(clusterCount: 3, seed: 5).fit(distances: distances)
    #expect(first == (try KMedoids(clusterCount: 3, seed: 5).fit(distances: distances)))
    #expect(Set(first.medoids).count == 3)
    #expect(first.medoids.enumerated().allSatisfy { first.labels[$0.element] == $0.offset })
    #expect(throws: ClusteringError.self) {
      try KMedoids(clusterCount: 2).fit(distances: distances, initialMedoids: [1, 1])
    }
    var negative = distances
    negative[0, 1] = -1
    #expect(throws: ClusteringError.self) {
      try KMedoids(clusterCount: 2).fit(distances: negative)
    }
  }

  /// A symmetric matrix with bad entries fails its one pass over blocks, and the first bad entry
  /// in row order is named: here the block pass meets (60, 61) before (5, 66).
  @Test func symmetricBadEntriesAreNamedInRowOrder() throws {
    let n = 70
    var distances = try ReferenceMetric.euclidean.square(
      (0..<(2 * n)).map { Double(($0 * 37) % 23) }, points: n, dimensions: 2)
    for (i, j, value) in [(60, 61, -1.0), (5, 66, -2.0)] {
      (distances[i, j], distances[j, i]) = (value, value)
    }
    #expect(
      throws: ClusteringError.invalidValue(
        operation: "k-medoids", index: 5 * n + 66,
        detail: "(row 5, column 66) is -2.0, not a finite distance ≥ 0")
    ) { try KMedoids(clusterCount: 2).fit(distances: distances) }
  }

  /// A bad entry below the diagonal alone (its mirror above is fine) makes the matrix not
  /// symmetric, which the block pass finds by comparing mirrors, and is named: (63, 61) lies in
  /// the scalar tail of its block row's gather, (66, 5) in a full vector.
  @Test(arguments: [(63, 61, Double.nan), (66, 5, -3.0)])
  func aBadEntryBelowTheDiagonalAloneIsNamed(i: Int, j: Int, value: Double) throws {
    let n = 70
    var distances = try ReferenceMetric.euclidean.square(
      (0..<(2 * n)).map { Double(($0 * 37) % 23) }, points: n, dimensions: 2)
    distances[i, j] = value
    #expect(
      throws: ClusteringError.invalidValue(
        operation: "k-medoids", index: i * n + j,
        detail: "(row \(i), column \(j)) is \(value), not a finite distance ≥ 0")
    ) { try KMedoids(clusterCount: 2).fit(distances: distances) }
  }
}
