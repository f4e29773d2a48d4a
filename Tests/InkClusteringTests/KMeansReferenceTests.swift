import InkClustering
import InkMath
import Testing

/// k-means against scikit-learn's `KMeans(algorithm="lloyd", n_init=1, init=…)`: the same
/// labels, inertia, centres and iteration count from the same start, with both assignment
/// algorithms.
@Suite struct KMeansReferenceTests {
  struct Case: Decodable {
    let points: Int
    let dimensions: Int
    let k: Int
    let tolerance: Double
    let maxIterations: Int
    let data: [Double]
    let `init`: [Double]
    let labels: [Int]
    let inertia: Double
    let iterations: Int
    let centres: [Double]
  }

  @Test(arguments: KMeans.Algorithm.allCases)
  func sameLabelsInertiaAndCentresAsScikitLearn(algorithm: KMeans.Algorithm) throws {
    let cases = try ClusteringFixture<Case>.load("kmeans")
    #expect(cases.count == 8)
    for c in cases {
      let data = try Matrix(rows: c.points, columns: c.dimensions, elements: c.data)
      let start = try Matrix(rows: c.k, columns: c.dimensions, elements: c.`init`)
      let result = try KMeans(
        clusterCount: c.k, maxIterations: c.maxIterations, tolerance: c.tolerance,
        algorithm: algorithm
      ).fit(data, initialCentres: start)
      #expect(result.labels == c.labels, "n = \(c.points), k = \(c.k)")
      #expect(close(result.inertia, c.inertia), "\(result.inertia) against \(c.inertia)")
      #expect(result.iterations == c.iterations, "n = \(c.points), k = \(c.k)")
      #expect(zip(result.centres.elements, c.centres).allSatisfy { close($0, $1) })
    }
  }

  /// Lloyd's assignment takes its products in registers for `k·d` up to 4,096 (every case of
  /// the scikit-learn fixture) and from a GEMM beyond: both must give the labels and inertia of
  /// Hamerly's exact distances, iteration by iteration (k not a multiple of 16, so the
  /// registers' padding is crossed too).
  @Test(arguments: [(k: 20, d: 3), (k: 37, d: 120)])
  func registerAndGEMMProductsAgreeWithExactDistances(k: Int, d: Int) throws {
    #expect((k * d > 4096) == (d == 120))
    let n = 2_000
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let values = (0..<(n * d)).map { index -> Double in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53) * 10 + Double(index / d % 7)
    }
    let data = try Matrix(rows: n, columns: d, elements: values)
    let start = try Matrix(rows: k, columns: d, elements: Array(values[0..<(k * d)]))
    for iterations in [0, 1, 4] {
      let fits = try KMeans.Algorithm.allCases.map { algorithm in
        try KMeans(
          clusterCount: k, maxIterations: iterations, tolerance: 0, algorithm: algorithm
        ).fit(data, initialCentres: start)
      }
      #expect(fits[0].labels == fits[1].labels, "k = \(k), d = \(d), \(iterations) iterations")
      #expect(close(fits[0].inertia, fits[1].inertia), "\(fits[0].inertia), \(fits[1].inertia)")
      #expect(Set(fits[0].labels).count > k / 2)
    }
  }

  @Test func plusPlusStartIsSeededAndFindsSeparatedBlobs() throws {
    // Four tight blobs far apart: k-means++ puts a centre in each, whatever the seed.
    let corners: [(Double, Double)] = [(0, 0), (100, 0), (0, 100), (100, 100)]
    var elements: [Double] = []
    for index in 0..<80 {
      let (x, y) = corners[index % 4]
      elements += [x + Double(index % 7) * 0.1, y + Double(index % 5) * 0.1]
    }
    let data = try Matrix(rows: 80, columns: 2, elements: elements)
    let first = try KMeans(clusterCount: 4, seed: 11).fit(data)
    let again = try KMeans(clusterCount: 4, seed: 11).fit(data)
    #expect(first == again)
    for seed in UInt64(0)..<5 {
      let result = try KMeans(clusterCount: 4, seed: seed).fit(data)
      #expect(Set(result.labels).count == 4)
      for index in 0..<80 { #expect(result.labels[index] == result.labels[index % 4]) }
    }
  }

  @Test(arguments: KMeans.Algorithm.allCases)
  func noIterationsAssignsEachPointToItsNearestGivenCentre(algorithm: KMeans.Algorithm) throws {
    for c in try ClusteringFixture<Case>.load("kmeans") {
      let data = try Matrix(rows: c.points, columns: c.dimensions, elements: c.data)
      let start = try Matrix(rows: c.k, columns: c.dimensions, elements: c.`init`)
      let result = try KMeans(clusterCount: c.k, maxIterations: 0, algorithm: algorithm)
        .fit(data, initialCentres: start)
      var labels: [Int] = []
      var inertia = 0.0
      for i in 0..<c.points {
        let distances = (0..<c.k).map { j in
          (0..<c.dimensions).reduce(0.0) { sum, column in
            let difference = c.data[i * c.dimensions + column] - c.`init`[j * c.dimensions + column]
            return sum + difference * difference
          }
        }
        let nearest = distances.indices.min { distances[$0] < distances[$1] }!
        labels.append(nearest)
        inertia += distances[nearest]
      }
      #expect(result.labels == labels, "n = \(c.points), k = \(c.k)")
      #expect(close(result.inertia, inertia), "\(result.inertia) against \(inertia)")
      #expect(result.centres == start)
      #expect(result.iterations == 0 && !result.converged)
    }
  }

  @Test func refusesBadArguments() throws {
    let data = try Matrix(rows: 3, columns: 1, elements: [0, 1, .nan])
    #expect(throws: ClusteringError.self) { try KMeans(clusterCount: 2).fit(data) }
    let fine = try Matrix(rows: 3, columns: 1, elements: [0, 1, 2])
    #expect(throws: ClusteringError.self) { try KMeans(clusterCount: 4).fit(fine) }
    #expect(throws: ClusteringError.self) {
      try KMeans(clusterCount: 2).fit(fine, initialCentres: Matrix(rows: 2, columns: 2))
    }
    // No iterations means only the assignment step, which needs centres to assign to.
    #expect(throws: ClusteringError.self) {
      try KMeans(clusterCount: 2, maxIterations: 0).fit(fine)
    }
  }
}
