import Foundation
import InkClustering
import InkDistances
import InkMath
import InkSampling
import Testing

/// k-medoids of series by DTW without the matrix against FasterPAM on the full DTW matrix:
/// the same medoids, labels, loss, iterations and swaps from the same start, and pruning counts
/// that add up.
@Suite struct KMedoidsSeriesTests {
  /// A deterministic number in `[0, 1)` from two integers (the fractional part of a sine).
  static func hash(_ a: Int, _ b: Int) -> Double {
    let x = sin(Double(a) * 12.9898 + Double(b) * 78.233) * 43758.5453
    return x - x.rounded(.down)
  }

  /// `count` noisy two-dimensional series of `length` samples from four shapes (a line, a
  /// hook, a zigzag, a loop), so that clusters exist but are not trivial.
  static func series(count: Int, length: Int, seed: Int) -> [SampleBuffer] {
    (0..<count).map { index in
      let shape = index % 4
      let phase = hash(seed, index) * 0.5
      var (xs, ys) = ([Double](), [Double]())
      for i in 0..<length {
        let t = Double(i) / Double(max(length - 1, 1))
        let noise = (hash(seed * 1000 + index, i) - 0.5) * 0.2
        switch shape {
        case 0: (xs, ys) = (xs + [t], ys + [t * 0.5 + noise])
        case 1: (xs, ys) = (xs + [t], ys + [t < 0.6 ? noise : (t - 0.6) * 2 + noise])
        case 2:
          (xs, ys) = (
            xs + [t], ys + [abs((t * 4 + phase).truncatingRemainder(dividingBy: 2) - 1) + noise]
          )
        default: (xs, ys) = (xs + [cos(6.28 * t + phase) + noise], ys + [sin(6.28 * t) + noise])
        }
      }
      return SampleBuffer(xs: xs, ys: ys)
    }
  }

  /// FasterPAM on the full DTW matrix from the same start.
  static func matrixResult(
    _ series: [SampleBuffer], dtw: DynamicTimeWarping, model: KMedoids, start: [Int]?
  ) throws -> KMedoidsResult {
    let matrix = try dtw.distanceMatrix(series)
    let square = try Matrix(rows: series.count, columns: series.count, elements: matrix.values)
    return try model.fit(distances: square, initialMedoids: start)
  }

  /// Checks the on-demand result equals the matrix one, and that the counts add up.
  static func expectSame(
    _ series: [SampleBuffer], dtw: DynamicTimeWarping, model: KMedoids, start: [Int]? = nil,
    _ comment: Comment
  ) throws -> KMedoidsPruning {
    let reference = try matrixResult(series, dtw: dtw, model: model, start: start)
    let result = try model.fit(series: series, dtw: dtw, initialMedoids: start)
    #expect(result.medoids == reference.medoids, comment)
    #expect(result.labels == reference.labels, comment)
    #expect(result.loss == reference.loss, comment)
    #expect(result.iterations == reference.iterations, comment)
    #expect(result.swaps == reference.swaps, comment)
    #expect(reference.pruning == nil)
    let pruning = try #require(result.pruning)
    #expect(
      pruning.pairs
        == pruning.prunedByKim + pruning.prunedByKeogh + pruning.abandoned + pruning.computed)
    return pruning
  }

  @Test func sameResultAsTheFullMatrixAcrossSeedsKAndWindows() throws {
    let series = Self.series(count: 80, length: 24, seed: 7)
    var pruned = 0
    for constraint in [DTWGlobalConstraint.none, .sakoeChiba(radius: 2), .itakura(maxSlope: 2)] {
      let dtw = DynamicTimeWarping(constraint: constraint)
      for k in [2, 3, 7] {
        for seed in [UInt64(0), 1, 2] {
          let pruning = try Self.expectSame(
            series, dtw: dtw, model: KMedoids(clusterCount: k, seed: seed),
            "\(constraint), k = \(k), seed \(seed)")
          pruned += pruning.prunedByKim + pruning.prunedByKeogh + pruning.abandoned
        }
      }
    }
    #expect(pruned > 0)
  }

  @Test func boundsPruneMostPairsOfWellSeparatedShapes() throws {
    let series = Self.series(count: 200, length: 32, seed: 3)
    let pruning = try Self.expectSame(
      series, dtw: DynamicTimeWarping(constraint: .sakoeChiba(radius: 3)),
      model: KMedoids(clusterCount: 4, seed: 1), "200 series, k = 4")
    #expect(pruning.prunedByKim > 0)
    #expect(pruning.prunedByKeogh > 0)
    #expect(pruning.abandoned > 0)
    #expect(pruning.prunedFraction > 0.3, "\(pruning)")
  }

  @Test func unequalLengthsWithoutLBKeogh() throws {
    let series = Self.series(count: 60, length: 20, seed: 11).enumerated().map { index, buffer in
      let keep = 8 + index % 13
      return SampleBuffer(xs: Array(buffer.xs.prefix(keep)), ys: Array(buffer.ys.prefix(keep)))
    }
    let pruning = try Self.expectSame(
      series, dtw: DynamicTimeWarping(), model: KMedoids(clusterCount: 5, seed: 4),
      "unequal lengths")
    #expect(pruning.prunedByKim + pruning.abandoned > 0)
  }

  @Test func edgeCases() throws {
    let dtw = DynamicTimeWarping(constraint: .sakoeChiba(radius: 1))
    let series = Self.series(count: 12, length: 10, seed: 5)
    // k = 1: the point of least total distance, every pair computed.
    let single = try Self.expectSame(series, dtw: dtw, model: KMedoids(clusterCount: 1), "k = 1")
    #expect(single.computed == 12 * 11)
    // k = n: every point its own medoid, loss 0.
    let all = try KMedoids(clusterCount: 12).fit(series: series, dtw: dtw)
    #expect(all.loss == 0)
    #expect(Set(all.medoids).count == 12)
    _ = try Self.expectSame(series, dtw: dtw, model: KMedoids(clusterCount: 12), "k = n")
    // Duplicates (distance 0 to another point, so second-nearest distances of 0) and
    // one-sample series.
    let one = SampleBuffer(xs: [0.5], ys: [0.5])
    let duplicated = series + series.prefix(5) + [one, one, SampleBuffer(xs: [2], ys: [1])]
    for k in [2, 3, 6] {
      for start in [nil, [12, 0, 17, 18, 3, 19].prefix(k).map { $0 }] {
        _ = try Self.expectSame(
          duplicated, dtw: DynamicTimeWarping(), model: KMedoids(clusterCount: k, seed: 9),
          start: start, "duplicates, k = \(k), start \(String(describing: start))")
      }
    }
  }

  @Test func refusesBadInput() {
    let fine = Self.series(count: 4, length: 5, seed: 1)
    #expect(throws: ClusteringError.self) {
      try KMedoids(clusterCount: 5).fit(series: fine, dtw: DynamicTimeWarping())
    }
    #expect(throws: ClusteringError.self) {
      try KMedoids(clusterCount: 2).fit(
        series: fine + [SampleBuffer(xs: [.nan], ys: [0])], dtw: DynamicTimeWarping())
    }
    #expect(throws: ClusteringError.self) {
      try KMedoids(clusterCount: 2).fit(series: fine, dtw: DynamicTimeWarping(openEnd: true))
    }
    #expect(throws: ClusteringError.self) {
      try KMedoids(clusterCount: 2).fit(
        series: fine, dtw: DynamicTimeWarping(), initialMedoids: [0, 0])
    }
  }
}
