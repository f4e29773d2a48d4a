import Foundation
import InkClustering
import InkSampling
import Testing

/// k-Shape against tslearn's `KShape(n_init=1, init=…)` on z-normalised series: the same labels,
/// inertia, iteration count and centres from the same start.
@Suite struct KShapeReferenceTests {
  struct Case: Decodable {
    let channels: [String]
    let maxIterations: Int
    let tolerance: Double
    let k: Int
    let series: [TimeSeriesKMeansReferenceTests.Series]
    let `init`: [TimeSeriesKMeansReferenceTests.Series]
    let labels: [Int]
    let inertia: Double
    let iterations: Int
    let centres: [TimeSeriesKMeansReferenceTests.Series]
  }

  @Test func sameLabelsInertiaAndCentresAsTslearn() throws {
    let cases = try ClusteringFixture<Case>.load("kshape")
    #expect(cases.count == 5)
    for c in cases {
      let model = KShape(
        clusterCount: c.k, maxIterations: c.maxIterations, tolerance: c.tolerance,
        channels: c.channels.map { SampleChannel($0) })
      let result = try model.fit(c.series.map(\.buffer), initialCentres: c.`init`.map(\.buffer))
      let name = "n = \(c.series.count), k = \(c.k)"
      #expect(result.labels == c.labels, "\(name)")
      #expect(close(result.inertia, c.inertia, tolerance: 1e-9), "\(name): \(result.inertia)")
      #expect(result.iterations == c.iterations, "\(name)")
      for (centre, expected) in zip(result.centres, c.centres) {
        #expect(zip(centre.xs, expected.xs).allSatisfy { close($0, $1, tolerance: 1e-6) })
        #expect(zip(centre.ys, expected.ys).allSatisfy { close($0, $1, tolerance: 1e-6) })
      }
    }
  }

  @Test func drawnStartIsSeededAndFindsShiftedShapes() throws {
    // Two shapes, a sine period and a narrow bump, each shifted by a few samples and scaled:
    // k-Shape groups them by shape whatever the shift and the scale (tslearn does for 40 seeds).
    var series = [SampleBuffer]()
    for index in 0..<16 {
      let scale = 1 + Double(index % 3)
      let values = (0..<32).map { sample -> Double in
        let t = (Double(sample) + Double(index % 4)) / 32
        let bump = (t - 0.5) / 0.08
        return scale * (index % 2 == 0 ? sin(2 * .pi * t) : exp(-bump * bump))
      }
      series.append(SampleBuffer(values: values))
    }
    let model = KShape(clusterCount: 2, channels: [.x], seed: 3)
    let first = try model.fit(series)
    #expect(try model.fit(series) == first)
    for seed in UInt64(0)..<4 {
      var seeded = model
      seeded.seed = seed
      let result = try seeded.fit(series)
      for index in series.indices { #expect(result.labels[index] == result.labels[index % 2]) }
      #expect(result.labels[0] != result.labels[1])
    }
  }

  @Test func refusesBadArguments() throws {
    let fine = [SampleBuffer(values: [0, 1, 2]), SampleBuffer(values: [5, 6, 4])]
    let model = KShape(clusterCount: 2, channels: [.x])
    #expect(throws: ClusteringError.self) { try model.fit([]) }
    #expect(throws: ClusteringError.self) { try model.fit([fine[0]]) }
    #expect(throws: ClusteringError.self) {
      try model.fit([fine[0], SampleBuffer(values: [1, 2])])
    }
    #expect(throws: ClusteringError.self) {
      try model.fit([fine[0], SampleBuffer(values: [1, .nan, 2])])
    }
    #expect(throws: ClusteringError.self) { try model.fit(fine, initialCentres: [fine[0]]) }
    #expect(throws: ClusteringError.self) {
      try KShape(clusterCount: 1, channels: []).fit(fine)
    }
  }
}
