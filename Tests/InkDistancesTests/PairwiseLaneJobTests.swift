import DuctusTestSupport
import InkDistances
import InkSampling
import Testing

/// The all-pairs job (eight pairs in the lanes of one vector, lone series on the anti-diagonal
/// kernel) gives each pair exactly the distance of the single-pair call, for DTW (a sum) and the
/// discrete Fréchet distance (a maximum).
@Suite("All-pairs lane job")
struct PairwiseLaneJobTests {
  /// Lengths that make full groups of eight, a partial group, lone series and one-point series.
  static func corpus(seed: UInt64) -> [SampleBuffer] {
    var random = RandomStroke(state: seed)
    let lengths =
      Array(repeating: 23, count: 11) + [1, 1, 7, 40, 40, 40] + Array(repeating: 5, count: 9)
    var series = lengths.map { random.buffer(count: $0) }
    series.append(series[3])  // a duplicate: distance 0 in the lanes
    return series
  }

  @Test(
    arguments: [
      DynamicTimeWarping(),
      DynamicTimeWarping(localCost: .euclidean),
      DynamicTimeWarping(constraint: .sakoeChiba(radius: 3)),
      DynamicTimeWarping(constraint: .sakoeChiba(radius: 0)),
      DynamicTimeWarping(channels: [.x]),
      DynamicTimeWarping(channels: [.x, .y, .t], channelWeights: [1, 0.5, 100]),
    ])
  func dtwMatrixEqualsEachPair(_ dtw: DynamicTimeWarping) throws {
    let series = Self.corpus(seed: 8)
    let matrix = try dtw.distanceMatrix(series)
    for i in series.indices {
      for j in series.indices where j != i {
        #expect(matrix[i, j] == (try dtw.distance(series[i], series[j])), "pair \(i), \(j)")
      }
    }
  }

  /// Itakura's parallelogram, whose rows' windows move at two speeds, on lengths it admits
  /// (odd and even row counts, so that the two-row pass ends on a lone row or not).
  @Test(arguments: [23, 24])
  func itakuraMatrixEqualsEachPair(length: Int) throws {
    let dtw = DynamicTimeWarping(constraint: .itakura(maxSlope: 2))
    var random = RandomStroke(state: UInt64(length))
    let series = (0..<19).map { random.buffer(count: $0 < 10 ? length : length + 3) }
    let matrix = try dtw.distanceMatrix(series)
    for i in series.indices {
      for j in series.indices where j != i {
        #expect(matrix[i, j] == (try dtw.distance(series[i], series[j])), "pair \(i), \(j)")
      }
    }
  }

  @Test func abandonedPairsAreInfiniteAndTheOthersExact() throws {
    let dtw = DynamicTimeWarping()
    let series = Self.corpus(seed: 9)
    let threshold = 60.0
    let matrix = try dtw.distanceMatrix(series, abandoningAbove: threshold)
    var abandoned = 0
    for i in series.indices {
      for j in series.indices where j != i {
        let single = try dtw.distance(series[i], series[j])
        if single > threshold {
          #expect(matrix[i, j] == .infinity)
          abandoned += 1
        } else {
          #expect(matrix[i, j] == single)
        }
      }
    }
    #expect(abandoned > 0 && abandoned < series.count * (series.count - 1))
  }

  @Test func frechetTilesEqualEachPair() throws {
    let series = Self.corpus(seed: 10)
    let tiling = try PairwiseTiling(count: series.count, tiles: 3)
    for tile in tiling.allTiles {
      let values = try CurveSimilarity.discreteFrechetDistances(series, tile: tile)
      for (r, i) in tile.rows.enumerated() {
        for (c, j) in tile.columns.enumerated() {
          let expected =
            i == j ? 0 : try CurveSimilarity.discreteFrechetDistance(series[i], series[j])
          #expect(values[r * tile.columns.count + c] == expected, "pair \(i), \(j)")
        }
      }
    }
  }

  @Test func frechetNamesTheFirstBadPair() throws {
    var series = Self.corpus(seed: 11)
    series[4] = SampleBuffer(xs: [], ys: [])
    let tile = try PairwiseTiling(count: series.count, tiles: 1).tile(row: 0, column: 0)
    #expect(
      throws: CorpusAnalysisError.pairFailed(
        first: 0, second: 4, reason: "the second curve has no sample")
    ) { try CurveSimilarity.discreteFrechetDistances(series, tile: tile) }
  }
}
