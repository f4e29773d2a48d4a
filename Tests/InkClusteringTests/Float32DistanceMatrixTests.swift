import InkClustering
import InkMath
import Testing

/// A float32 matrix (as `ductus cluster` maps a `<f4` `.npy`) gives every method on precomputed
/// distances the answer of the float64 matrix of the same values, on the reference fixtures'
/// matrices rounded to float32; and its bad entries are named by row and column.
@Suite struct Float32DistanceMatrixTests {
  /// A row-major float32 matrix.
  struct Float32Matrix: DistanceMatrixStorage {
    let rows: Int
    let columns: Int
    let elements: [Float]

    /// `matrix` rounded to float32.
    init(rounding matrix: Matrix) {
      (rows, columns, elements) = (matrix.rows, matrix.columns, matrix.elements.map(Float.init))
    }

    init(rows: Int, columns: Int, elements: [Float]) {
      (self.rows, self.columns, self.elements) = (rows, columns, elements)
    }

    /// The same values widened to float64.
    var widened: Matrix {
      get throws { try Matrix(rows: rows, columns: columns, elements: elements.map(Double.init)) }
    }

    func withDistanceElements<Result>(_ body: (DistanceMatrixElements) throws -> Result)
      rethrows -> Result
    {
      try elements.withUnsafeBufferPointer {
        try body(DistanceMatrixElements(rows: rows, columns: columns, float32: $0))
      }
    }
  }

  @Test func dbscanAndSilhouetteMatchTheWidenedMatrix() throws {
    for c in try ClusteringFixture<DBSCANReferenceTests.Case>.load("dbscan") {
      let single = Float32Matrix(
        rounding: try c.metric.square(c.data, points: c.points, dimensions: c.dimensions))
      let model = DBSCAN(eps: c.eps, minSamples: c.minSamples)
      let result = try model.fit(distances: single)
      #expect(result == (try model.fit(distances: try single.widened)), "n = \(c.points)")
      if (2..<c.points).contains(Set(result.labels).count) {
        #expect(
          try ClusterQuality.silhouette(distances: single, labels: result.labels)
            == ClusterQuality.silhouette(distances: try single.widened, labels: result.labels))
      }
    }
  }

  @Test func hdbscanMatchesTheWidenedMatrix() throws {
    for c in try ClusteringFixture<HDBSCANReferenceTests.Case>.load("hdbscan") {
      // The directed metric is not symmetric, and HDBSCAN needs a symmetric matrix.
      guard c.metric != .directed else { continue }
      let single = Float32Matrix(
        rounding: try c.metric.square(c.data, points: c.points, dimensions: c.dimensions))
      let model = HDBSCAN(
        minClusterSize: c.minClusterSize, minSamples: c.minSamples,
        clusterSelection: try #require(HDBSCAN.ClusterSelection(rawValue: c.selection)),
        allowSingleCluster: c.allowSingleCluster)
      #expect(try model.fit(distances: single) == model.fit(distances: try single.widened))
    }
  }

  @Test func kmedoidsAndCondensedMatrixMatchTheWidenedMatrix() throws {
    let cases = try ClusteringFixture<KMedoidsReferenceTests.Case>.load("kmedoids")
    #expect(cases.contains { $0.metric == .directed }, "a matrix read by columns is covered")
    for c in cases {
      let single = Float32Matrix(
        rounding: try c.metric.square(c.data, points: c.points, dimensions: c.dimensions))
      let model = KMedoids(clusterCount: c.k)
      let result = try model.fit(distances: single, initialMedoids: c.initialMedoids)
      #expect(
        result == (try model.fit(distances: try single.widened, initialMedoids: c.initialMedoids)))
      #expect(result.medoids.count == c.k)
      #expect(
        try CondensedDistanceMatrix(square: single)
          == CondensedDistanceMatrix(square: try single.widened))
    }
  }

  @Test func medoidsAreTheMembersOfLeastTotalDistance() throws {
    let c = try #require(ClusteringFixture<KMedoidsReferenceTests.Case>.load("kmedoids").first)
    let square = try c.metric.square(c.data, points: c.points, dimensions: c.dimensions)
    // Every third point is noise; the rest in three clusters, one of them empty.
    let labels = (0..<c.points).map { $0 % 3 == 0 ? -1 : $0 % 2 }
    let expected = (0..<3).map { cluster in
      let members = labels.indices.filter { labels[$0] == cluster }
      let totals = members.map { a in members.reduce(0.0) { $0 + square[a, $1] } }
      return members.isEmpty ? 0 : members[totals.indices.min { totals[$0] < totals[$1] }!]
    }
    #expect(square.medoids(labels: labels, clusterCount: 3) == expected)
    #expect(expected[2] == 0 && expected[0] != expected[1])
    let single = Float32Matrix(rounding: square)
    #expect(
      single.medoids(labels: labels, clusterCount: 3)
        == (try single.widened).medoids(labels: labels, clusterCount: 3))
  }

  @Test func badEntriesAreNamedByRowAndColumn() throws {
    var elements = [Float](repeating: 1, count: 9)
    for i in 0..<3 { elements[i * 3 + i] = 0 }
    elements[1 * 3 + 2] = -1
    let negative = Float32Matrix(rows: 3, columns: 3, elements: elements)
    #expect(
      throws: ClusteringError.invalidValue(
        operation: "DBSCAN", index: 5,
        detail: "(row 1, column 2) is -1.0, not a finite distance ≥ 0")
    ) { try DBSCAN(eps: 1).fit(distances: negative) }
    elements[1 * 3 + 2] = .nan
    #expect(throws: ClusteringError.self) {
      try KMedoids(clusterCount: 2).fit(
        distances: Float32Matrix(rows: 3, columns: 3, elements: elements))
    }
    elements[1 * 3 + 2] = 2
    #expect(
      throws: ClusteringError.invalidArgument(
        operation: "HDBSCAN",
        detail: "the distance matrix is not symmetric: [1, 2] = 2.0, [2, 1] = 1.0")
    ) {
      try HDBSCAN(minClusterSize: 2).fit(
        distances: Float32Matrix(rows: 3, columns: 3, elements: elements))
    }
    #expect(
      throws: ClusteringError.dimensionMismatch(
        operation: "k-medoids", detail: "a 2 × 3 matrix is not square")
    ) {
      try KMedoids(clusterCount: 1).fit(
        distances: Float32Matrix(rows: 2, columns: 3, elements: Array(elements.dropLast(3))))
    }
  }
}
