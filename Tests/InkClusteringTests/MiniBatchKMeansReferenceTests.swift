import DuctusTestSupport
import InkClustering
import InkMath
import Testing

/// Mini-batch k-means: the update step against a NumPy re-implementation of scikit-learn's
/// `_mini_batch_step` on fixed batches (checked against scikit-learn's own function when the
/// fixture was made), and the inertia of a whole run against `MiniBatchKMeans` on blobs.
@Suite struct MiniBatchKMeansReferenceTests {
  struct Step: Decodable {
    let centres: [Double]
    let counts: [Double]
    let inertia: Double
  }

  struct StepCase: Decodable {
    let points: Int
    let dimensions: Int
    let k: Int
    let data: [Double]
    let `init`: [Double]
    let batches: [[Int]]
    let steps: [Step]
  }

  struct FitCase: Decodable {
    let points: Int
    let dimensions: Int
    let k: Int
    let batchSize: Int
    let data: [Double]
    let inertia: Double
    let lloydInertia: Double
  }

  struct File: Decodable {
    let steps: [StepCase]
    let fit: FitCase
  }

  /// `minibatch.json`, whose cases are an object of the step cases and the fit case.
  struct Wrapper: Decodable {
    let cases: File
  }

  static func file() throws -> File {
    try Fixture.decode(Wrapper.self, from: "clustering/minibatch.json").cases
  }

  @Test func everyStepMatchesScikitLearnsMiniBatchStep() throws {
    let cases = try Self.file().steps
    #expect(cases.count == 3)
    for c in cases {
      var state = try MiniBatchKMeansState(centres: c.`init`, dimension: c.dimensions)
      let d = c.dimensions
      for (batch, expected) in zip(c.batches, c.steps) {
        let values = batch.flatMap { c.data[($0 * d)..<(($0 + 1) * d)] }
        let inertia = try state.step(batch: values)
        #expect(close(inertia, expected.inertia, tolerance: 1e-12))
        #expect(state.counts == expected.counts)
        #expect(
          zip(state.centres, expected.centres).allSatisfy { close($0, $1, tolerance: 1e-12) },
          "n = \(c.points), k = \(c.k)")
      }
    }
  }

  @Test func inertiaOnBlobsIsCloseToScikitLearns() throws {
    let c = try Self.file().fit
    let data = try Matrix(rows: c.points, columns: c.dimensions, elements: c.data)
    for seed in UInt64(0)..<3 {
      let result = try MiniBatchKMeans(clusterCount: c.k, batchSize: c.batchSize, seed: seed)
        .fit(data)
      // Within 2% of scikit-learn's run, and never below the Lloyd optimum.
      #expect(result.inertia <= c.inertia * 1.02, "seed \(seed): \(result.inertia)")
      #expect(result.inertia >= c.lloydInertia * (1 - 1e-9))
      #expect(Set(result.labels).count == c.k)
      #expect(result.steps >= 2 && result.iterations <= 100)
    }
  }

  @Test func aSeedGivesTheSameRunAndRowReaderAgreesWithMatrix() throws {
    let c = try Self.file().fit
    let d = c.dimensions
    let data = try Matrix(rows: c.points, columns: d, elements: c.data)
    let model = MiniBatchKMeans(clusterCount: c.k, batchSize: 100, tolerance: 1e-3, seed: 5)
    let first = try model.fit(data)
    #expect(try model.fit(data) == first)
    var read = 0
    let streamed = try model.fit(rowCount: c.points, dimension: d) { rows in
      read = max(read, rows.count)
      return rows.flatMap { c.data[($0 * d)..<(($0 + 1) * d)] }
    }
    #expect(streamed == first)
    // The largest read is the k-means++ sample of 3 batches.
    #expect(read == 300)
  }

  @Test func refusesBadArguments() throws {
    let data = try Matrix(rows: 4, columns: 1, elements: [0, 1, 2, 3])
    #expect(throws: ClusteringError.self) { try MiniBatchKMeans(clusterCount: 5).fit(data) }
    #expect(throws: ClusteringError.self) {
      try MiniBatchKMeans(clusterCount: 2, batchSize: 0).fit(data)
    }
    #expect(throws: ClusteringError.self) {
      try MiniBatchKMeans(clusterCount: 2, tolerance: -1).fit(data)
    }
    var state = try MiniBatchKMeansState(centres: [0, 0], dimension: 2)
    #expect(throws: ClusteringError.self) { try state.step(batch: [1, 2, 3]) }
    #expect(throws: ClusteringError.self) { try state.step(batch: [1, .nan]) }
  }
}
