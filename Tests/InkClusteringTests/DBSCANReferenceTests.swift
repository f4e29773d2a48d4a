import InkMath
import Testing

@testable import InkClustering

/// DBSCAN against scikit-learn's `DBSCAN(eps, min_samples)`: the same labels, noise and
/// cluster numbers, from features and from a precomputed matrix.
@Suite struct DBSCANReferenceTests {
  struct Case: Decodable {
    let points: Int
    let dimensions: Int
    let metric: ReferenceMetric
    let eps: Double
    let minSamples: Int
    let data: [Double]
    let labels: [Int]
  }

  @Test func sameLabelsAsScikitLearn() throws {
    let cases = try ClusteringFixture<Case>.load("dbscan")
    #expect(cases.count == 5)
    for c in cases {
      let model = DBSCAN(eps: c.eps, minSamples: c.minSamples)
      let result: DBSCANResult
      if c.metric == .euclidean {
        result = try model.fit(
          try Matrix(rows: c.points, columns: c.dimensions, elements: c.data))
        // The same labels from the Euclidean matrix.
        let square = try ReferenceMetric.euclidean.square(
          c.data, points: c.points, dimensions: c.dimensions)
        #expect(try model.fit(distances: square).labels == c.labels)
      } else {
        result = try model.fit(
          distances: try c.metric.square(c.data, points: c.points, dimensions: c.dimensions))
      }
      #expect(result.labels == c.labels, "n = \(c.points), eps = \(c.eps)")
      if c.metric == .euclidean {
        // The same labels when the pairs are too many to keep and a second sweep joins the
        // core points (none kept, or a few).
        for kept in [0, 7] {
          let swept = try model.fit(
            try Matrix(rows: c.points, columns: c.dimensions, elements: c.data),
            keepingPairs: kept)
          #expect(swept == result)
        }
      }
      #expect(result.clusterCount == (c.labels.max() ?? -1) + 1)
    }
  }

  @Test func corePointsBorderAndNoise() throws {
    // With eps 0.6 and min samples 2 every point but 5 is core; with 3 only 0.5 and 1 are, and
    // 0 and 1.5 are their border points. 5 is noise either way.
    let data = try Matrix(rows: 5, columns: 1, elements: [0, 0.5, 1, 1.5, 5])
    let result = try DBSCAN(eps: 0.6, minSamples: 2).fit(data)
    #expect(result.labels == [0, 0, 0, 0, -1])
    let strict = try DBSCAN(eps: 0.6, minSamples: 3).fit(data)
    #expect(strict.corePoints == [false, true, true, false, false])
    #expect(strict.labels == [0, 0, 0, 0, -1])
  }

  @Test func onePointAndDuplicates() throws {
    let one = try Matrix(rows: 1, columns: 2, elements: [3, 4])
    #expect(try DBSCAN(eps: 1, minSamples: 1).fit(one).labels == [0])
    #expect(try DBSCAN(eps: 1, minSamples: 2).fit(one).labels == [-1])
    // Three copies of one point and a point within eps of them are core (scikit-learn's labels
    // and core points); the far point is noise. Then 3 is a border point of the copies.
    let data = try Matrix(rows: 5, columns: 1, elements: [9, 2, 2, 2, 2.5])
    let result = try DBSCAN(eps: 0.6, minSamples: 4).fit(data)
    #expect(result.labels == [-1, 0, 0, 0, 0])
    #expect(result.corePoints == [false, true, true, true, true])
    let border = try DBSCAN(eps: 0.6, minSamples: 3).fit(
      try Matrix(rows: 4, columns: 1, elements: [2, 2, 2.5, 3]))
    #expect(border.labels == [0, 0, 0, 0])
    #expect(border.corePoints == [true, true, true, false])
  }

  @Test func refusesBadArguments() throws {
    let data = try Matrix(rows: 2, columns: 1, elements: [0, 1])
    #expect(throws: ClusteringError.self) { try DBSCAN(eps: 0).fit(data) }
    #expect(throws: ClusteringError.self) { try DBSCAN(eps: 1, minSamples: 0).fit(data) }
    #expect(throws: ClusteringError.self) { try DBSCAN(eps: 1).fit(distances: data) }
  }
}
