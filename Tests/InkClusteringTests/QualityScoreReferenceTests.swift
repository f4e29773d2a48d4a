import InkClustering
import InkMath
import Testing

/// The quality scores against `sklearn.metrics`: silhouette (Euclidean and precomputed
/// city-block), Davies–Bouldin, Calinski–Harabasz, adjusted Rand and normalised mutual
/// information, on labels that are not `0..<k`.
@Suite struct QualityScoreReferenceTests {
  struct Case: Decodable {
    let points: Int
    let dimensions: Int
    let data: [Double]
    let truth: [Int]
    let predicted: [Int]
    let silhouette: Double
    let silhouettePrecomputed: Double
    let daviesBouldin: Double
    let calinskiHarabasz: Double
    let adjustedRand: Double
    let normalizedMutualInformation: Double
  }

  @Test func sameScoresAsScikitLearn() throws {
    let cases = try ClusteringFixture<Case>.load("scores")
    #expect(cases.count == 4)
    for c in cases {
      let features = try Matrix(rows: c.points, columns: c.dimensions, elements: c.data)
      let cityblock = try ReferenceMetric.cityblock.square(
        c.data, points: c.points, dimensions: c.dimensions)
      let labels = c.predicted
      let scores = [
        (try ClusterQuality.silhouette(features: features, labels: labels), c.silhouette),
        (
          try ClusterQuality.silhouette(distances: cityblock, labels: labels),
          c.silhouettePrecomputed
        ),
        (try ClusterQuality.daviesBouldin(features: features, labels: labels), c.daviesBouldin),
        (
          try ClusterQuality.calinskiHarabasz(features: features, labels: labels),
          c.calinskiHarabasz
        ),
        (try ClusterAgreement.adjustedRandIndex(truth: c.truth, predicted: labels), c.adjustedRand),
        (
          try ClusterAgreement.normalizedMutualInformation(truth: c.truth, predicted: labels),
          c.normalizedMutualInformation
        ),
      ]
      for (index, (value, expected)) in scores.enumerated() {
        #expect(close(value, expected), "score \(index) of n = \(c.points): \(value) ≠ \(expected)")
      }
    }
  }

  @Test func agreementSpecialCases() throws {
    #expect(
      try ClusterAgreement.adjustedRandIndex(truth: [0, 0, 1, 1], predicted: [5, 5, 2, 2]) == 1)
    #expect(
      try ClusterAgreement.normalizedMutualInformation(truth: [3, 3], predicted: [1, 1]) == 1)
    #expect(
      try ClusterAgreement.normalizedMutualInformation(
        truth: [0, 1, 0, 1], predicted: [0, 0, 0, 0])
        == 0)
    #expect(throws: ClusteringError.self) {
      try ClusterQuality.daviesBouldin(
        features: Matrix(rows: 3, columns: 1, elements: [0, 1, 2]), labels: [0, 0, 0])
    }
  }
}
