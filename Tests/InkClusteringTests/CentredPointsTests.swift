import InkMath
import Testing

@testable import InkClustering

/// The column means and the mean variance k-means centres its points by and scales its
/// tolerance with, bit for bit NumPy's `X.mean(axis=0)` and `np.mean(np.var(X, axis=0))` on the
/// fixture's cases that carry them: one column (summed pairwise, NumPy's contiguous axis) and
/// ten (eight a vector and two alone, each in row order).
@Suite struct CentredPointsTests {
  struct Case: Decodable {
    let points: Int
    let dimensions: Int
    let data: [Double]
    let mean: [Double]?
    let meanVariance: Double?
  }

  @Test func meansAndMeanVarianceAreNumPysBitForBit() throws {
    let cases = try ClusteringFixture<Case>.load("kmeans").filter { $0.mean != nil }
    #expect(cases.map(\.dimensions) == [1, 10])
    for c in cases {
      let data = try Matrix(rows: c.points, columns: c.dimensions, elements: c.data)
      let sums = data.elements.withUnsafeBufferPointer {
        CentredPoints.columnSums(of: $0, rows: c.points, columns: c.dimensions)
      }
      let centred = try CentredPoints(data, columnSums: sums)
      #expect(centred.mean == c.mean, "d = \(c.dimensions)")
      if c.dimensions == 1 {
        // The case tells the orders apart: summed in row order, its mean is another number.
        #expect(c.data.reduce(0, +) / Double(c.points) != c.mean?[0])
      }
      #expect(centred.meanVariance == c.meanVariance, "d = \(c.dimensions)")
    }
  }
}
