import InkClustering
import InkDistances
import InkSampling
import Testing

/// DTW k-means against tslearn's `TimeSeriesKMeans(metric="dtw", n_init=1, init=…)`: the same
/// labels, inertia, iteration count and DBA centres from the same start.
@Suite struct TimeSeriesKMeansReferenceTests {
  struct Series: Decodable {
    let xs: [Double]
    let ys: [Double]

    var buffer: SampleBuffer { SampleBuffer(xs: xs, ys: ys) }
  }

  struct Case: Decodable {
    let channels: [String]
    let radius: Int?
    let maxIterations: Int
    let tolerance: Double
    let k: Int
    let series: [Series]
    let `init`: [Series]
    let labels: [Int]
    let inertia: Double
    let iterations: Int
    let centres: [Series]

    var model: TimeSeriesKMeans {
      TimeSeriesKMeans(
        clusterCount: k, maxIterations: maxIterations, tolerance: tolerance,
        dtw: DynamicTimeWarping(
          channels: channels.map { SampleChannel($0) },
          constraint: radius.map { .sakoeChiba(radius: $0) } ?? .none))
    }
  }

  @Test func sameLabelsInertiaAndCentresAsTslearn() throws {
    let cases = try ClusteringFixture<Case>.load("dtw_kmeans")
    #expect(cases.count == 7)
    for c in cases {
      let result = try c.model.fit(c.series.map(\.buffer), initialCentres: c.`init`.map(\.buffer))
      let name = "n = \(c.series.count), k = \(c.k)"
      #expect(result.labels == c.labels, "\(name)")
      #expect(close(result.inertia, c.inertia), "\(name): \(result.inertia) against \(c.inertia)")
      #expect(result.iterations == c.iterations, "\(name)")
      #expect(result.converged == (c.iterations < c.maxIterations), "\(name)")
      #expect(result.centres.count == c.k)
      for (centre, expected) in zip(result.centres, c.centres) {
        #expect(centre.count == expected.xs.count, "\(name)")
        #expect(zip(centre.xs, expected.xs).allSatisfy { close($0, $1, tolerance: 1e-6) })
        #expect(zip(centre.ys, expected.ys).allSatisfy { close($0, $1, tolerance: 1e-6) })
      }
    }
  }

  @Test func plusPlusStartIsSeededAndSeparatesShapes() throws {
    // Three shapes (a rising ramp, a falling ramp, a bump) at several speeds: any seed finds them.
    var series = [SampleBuffer]()
    for index in 0..<24 {
      let length = 12 + index % 5
      let t = (0..<length).map { Double($0) / Double(length - 1) }
      let values: [Double]
      switch index % 3 {
      case 0: values = t.map { 10 * $0 }
      case 1: values = t.map { 10 - 10 * $0 }
      default: values = t.map { 10 * (1 - abs(2 * $0 - 1)) }
      }
      series.append(SampleBuffer(values: values))
    }
    let model = TimeSeriesKMeans(clusterCount: 3, dtw: DynamicTimeWarping(channels: [.x]), seed: 5)
    let first = try model.fit(series)
    #expect(try model.fit(series) == first)
    #expect(first.centres.allSatisfy { $0.count == 16 })
    for seed in UInt64(0)..<4 {
      var seeded = model
      seeded.seed = seed
      let result = try seeded.fit(series)
      #expect(Set(result.labels).count == 3)
      for index in series.indices { #expect(result.labels[index] == result.labels[index % 3]) }
    }
  }

  @Test func duplicatesAndSingleSamples() throws {
    // k equal to the number of series, with duplicates and one-sample series: every centre is
    // its series, the inertia 0.
    let series = [
      SampleBuffer(xs: [1], ys: [2]), SampleBuffer(xs: [0, 1, 2], ys: [0, 0, 0]),
      SampleBuffer(xs: [0, 1, 2], ys: [0, 0, 0]),
    ]
    let result = try TimeSeriesKMeans(clusterCount: 2).fit(
      series, initialCentres: [series[0], series[1]])
    #expect(result.labels == [0, 1, 1])
    #expect(result.inertia == 0)
    #expect(result.centres[0].xs == [1, 1, 1])
    #expect(result.centres[1].xs == [0, 1, 2])
  }

  @Test func refusesBadArgumentsAndEmptyClusters() throws {
    let fine = [SampleBuffer(values: [0, 1, 2]), SampleBuffer(values: [5, 6])]
    let model = TimeSeriesKMeans(clusterCount: 2, dtw: DynamicTimeWarping(channels: [.x]))
    #expect(throws: ClusteringError.self) { try model.fit([]) }
    #expect(throws: ClusteringError.self) { try model.fit([fine[0]]) }
    #expect(throws: ClusteringError.self) {
      try model.fit([fine[0], SampleBuffer(values: [1, .nan])])
    }
    #expect(throws: ClusteringError.self) { try model.fit([fine[0], SampleBuffer(values: [])]) }
    #expect(throws: ClusteringError.self) { try model.fit(fine, initialCentres: [fine[0]]) }
    var derivative = model
    derivative.dtw.usesDerivative = true
    #expect(throws: ClusteringError.self) { try derivative.fit(fine) }
    // Both given centres nearest the first series' cluster: the second cluster is empty.
    let start = [SampleBuffer(values: [0, 1]), SampleBuffer(values: [-9, -9])]
    #expect(throws: ClusteringError.self) { try model.fit(fine, initialCentres: start) }
  }
}
