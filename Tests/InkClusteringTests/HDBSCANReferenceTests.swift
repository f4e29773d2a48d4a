import InkClustering
import InkMath
import Testing

/// HDBSCAN against scikit-learn's `HDBSCAN`: the same labels, cluster numbers included, and
/// the same probabilities, from features and from a precomputed matrix, as scikit-learn gives
/// them with the spanning tree's edges sorted stably; as scikit-learn gives them as it is when
/// its sort leaves equal distances in index order (6 of the 10 cases), and close otherwise.
@Suite struct HDBSCANReferenceTests {
  struct Case: Decodable {
    let points: Int
    let dimensions: Int
    let metric: ReferenceMetric
    let minClusterSize: Int
    let minSamples: Int?
    let selection: String
    let allowSingleCluster: Bool
    let data: [Double]
    let labels: [Int]
    let probabilities: [Double]
    let stableLabels: [Int]
    let stableProbabilities: [Double]
  }

  @Test func sameLabelsAndProbabilitiesAsScikitLearn() throws {
    let cases = try ClusteringFixture<Case>.load("hdbscan")
    #expect(cases.count == 10)
    #expect(cases.filter { $0.labels == $0.stableLabels }.count == 6)
    for c in cases {
      let model = HDBSCAN(
        minClusterSize: c.minClusterSize, minSamples: c.minSamples,
        clusterSelection: try #require(HDBSCAN.ClusterSelection(rawValue: c.selection)),
        allowSingleCluster: c.allowSingleCluster)
      let result: HDBSCANResult
      if c.metric == .euclidean {
        result = try model.fit(
          try Matrix(rows: c.points, columns: c.dimensions, elements: c.data))
      } else {
        result = try model.fit(
          distances: try c.metric.square(c.data, points: c.points, dimensions: c.dimensions))
      }
      let name = "n = \(c.points), \(c.metric), \(c.selection), \(c.minClusterSize)"
      #expect(result.labels == c.stableLabels, "\(name)")
      #expect(result.clusterCount == (c.stableLabels.max() ?? -1) + 1, "\(name)")
      #expect(
        zip(result.probabilities, c.stableProbabilities).allSatisfy { close($0, $1) },
        "\(name)")
      // Against scikit-learn as it is: exact when its sort kept ties in order, else the
      // adjusted Rand index is 0.78 (leaves of 4 blobs), 0.91, 0.94 and 0.995 here.
      let agreement = try ClusterAgreement.adjustedRandIndex(
        truth: c.labels, predicted: result.labels)
      #expect(c.labels == c.stableLabels ? agreement == 1 : agreement > 0.75, "\(name)")
    }
  }

  @Test func euclideanMatrixGivesTheFeatureLabels() throws {
    let c = try #require(ClusteringFixture<Case>.load("hdbscan").first)
    let square = try ReferenceMetric.euclidean.square(
      c.data, points: c.points, dimensions: c.dimensions)
    let model = HDBSCAN(minClusterSize: c.minClusterSize, minSamples: c.minSamples)
    #expect(try model.fit(distances: square).labels == c.labels)
  }

  @Test func identicalPointsAreOneClusterOnlyWhenAllowed() throws {
    let data = try Matrix(rows: 6, columns: 2, repeating: 1)
    let noise = try HDBSCAN(minClusterSize: 2).fit(data)
    #expect(noise.labels == [Int](repeating: -1, count: 6))
    #expect(noise.probabilities == [Double](repeating: 0, count: 6))
    let single = try HDBSCAN(minClusterSize: 2, allowSingleCluster: true).fit(data)
    #expect(single.labels == [Int](repeating: 0, count: 6))
    #expect(single.probabilities == [Double](repeating: 1, count: 6))
  }

  @Test func refusesBadArguments() throws {
    let data = try Matrix(rows: 3, columns: 1, elements: [0, 1, 5])
    #expect(throws: ClusteringError.self) { try HDBSCAN(minClusterSize: 1).fit(data) }
    #expect(throws: ClusteringError.self) {
      try HDBSCAN(minClusterSize: 2, minSamples: 4).fit(data)
    }
    #expect(throws: ClusteringError.self) {
      try HDBSCAN().fit(try Matrix(rows: 1, columns: 2, elements: [0, 0]))
    }
    #expect(throws: ClusteringError.self) {
      try HDBSCAN().fit(try Matrix(rows: 2, columns: 1, elements: [0, .nan]))
    }
    let lopsided = try Matrix(rows: 2, columns: 2, elements: [0, 1, 2, 0])
    #expect(throws: ClusteringError.self) {
      try HDBSCAN(minClusterSize: 2).fit(distances: lopsided)
    }
  }
}
