import DuctusTestSupport
import InkDistances
import InkSampling
import Testing

/// The lower-bound search finds exactly the neighbours of the brute-force search over the whole
/// distance matrix, ties included, and prunes pairs on data where the bounds are tight.
@Suite("DTW nearest neighbours with lower bounds")
struct DTWNearestNeighborsTests {
  /// Each series' `k` nearest others from the whole matrix: ascending, ties by index.
  func bruteForce(_ dtw: DynamicTimeWarping, _ series: [SampleBuffer], k: Int) throws
    -> (indices: [Int], distances: [Double])
  {
    let matrix = try dtw.distanceMatrix(series)
    var indices = [Int]()
    var distances = [Double]()
    for i in series.indices {
      let ranked = series.indices.filter { $0 != i }.sorted {
        (matrix[i, $0], $0) < (matrix[i, $1], $1)
      }
      indices += ranked.prefix(k)
      distances += ranked.prefix(k).map { matrix[i, $0] }
    }
    return (indices, distances)
  }

  /// Equal-length strokes with duplicates (ties at 0 and between copies) and a few other lengths.
  static func corpus(seed: UInt64) -> [SampleBuffer] {
    var random = RandomStroke(state: seed)
    var series = (0..<40).map { _ in random.buffer(count: 32) }
    series += [series[2], series[2], series[17]]
    series += (0..<4).map { _ in random.buffer(count: 20 + Int(random.next() * 10)) }
    return series
  }

  @Test(arguments: DynamicTimeWarping.boundedTestSettings + [DynamicTimeWarping(channels: [.x])])
  func sameNeighboursAsBruteForce(_ dtw: DynamicTimeWarping) throws {
    let series = Self.corpus(seed: 31)
    for k in [0, 1, 3, 8] {
      let search = try dtw.nearestNeighbors(among: series, k: k)
      let expected = try bruteForce(dtw, series, k: k)
      #expect(search.indices == expected.indices, "k = \(k)")
      #expect(search.distances == expected.distances, "k = \(k)")
      #expect(search.pairCount == series.count * (series.count - 1))
    }
  }

  @Test func boundsPruneSimilarStrokes() throws {
    let dtw = DynamicTimeWarping(constraint: .sakoeChiba(radius: 2))
    let search = try dtw.nearestNeighbors(among: Self.corpus(seed: 32), k: 1)
    #expect(search.prunedByKim > 0)
    #expect(search.prunedFraction > 0.2 && search.prunedFraction < 1)
  }

  @Test func badArgumentsAreTypedErrors() {
    let series = Self.corpus(seed: 33)
    #expect(throws: DTWError.constraintWithOpenEnds) {
      try DynamicTimeWarping(openEnd: true).nearestNeighbors(among: series, k: 1)
    }
    #expect(throws: DTWError.self) {
      try DynamicTimeWarping().nearestNeighbors(among: series, k: series.count)
    }
    #expect(throws: DTWError.emptySeries(series: 1)) {
      try DynamicTimeWarping().nearestNeighbors(
        among: [series[0], SampleBuffer(xs: [], ys: [])], k: 1)
    }
  }
}
