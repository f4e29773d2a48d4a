import DuctusTestSupport
import InkDistances
import InkSampling
import Testing

@Suite("Pairwise tiling")
struct PairwiseTilingTests {
  /// Every pair i < j of N series lies in exactly one tile, for every small N and K.
  @Test func tilesCoverEachPairOnce() throws {
    for count in 0...17 {
      for tiles in 1...6 {
        let tiling = try PairwiseTiling(count: count, tiles: tiles)
        var seen = [Int](repeating: 0, count: count * count)
        for tile in tiling.allTiles {
          var pairs = 0
          for i in tile.rows {
            for j in tile.columns where i < j {
              seen[i * count + j] += 1
              pairs += 1
            }
          }
          #expect(pairs == tile.pairCount)
        }
        #expect(tiling.allTiles.count == tiles * (tiles + 1) / 2)
        for i in 0..<count {
          for j in 0..<count { #expect(seen[i * count + j] == (i < j ? 1 : 0)) }
        }
      }
    }
  }

  @Test func stitchedTilesEqualTheWholeMatrix() throws {
    var random = RandomStroke(state: 31)
    let series = (0..<23).map { _ in random.buffer(count: 8 + Int(random.next() * 4)) }
    let dtw = DynamicTimeWarping(constraint: .sakoeChiba(radius: 2))
    let whole = try dtw.distanceMatrix(series)
    let tiling = try PairwiseTiling(count: series.count, tiles: 4)
    let tiles = try tiling.allTiles.map { try dtw.distances(series, tile: $0) }
    let stitched = DistanceMatrix(count: series.count, stitching: tiles)
    #expect(stitched == whole)
    for i in series.indices {
      #expect(whole[i, i] == 0)
      for j in series.indices { #expect(whole[i, j] == whole[j, i]) }
    }
    #expect(try dtw.distance(series[3], series[17]) == whole[3, 17])
  }

  @Test func badTilesAreTypedErrors() throws {
    let tiling = try PairwiseTiling(count: 10, tiles: 3)
    #expect(try tiling.tile(row: 1, column: 2).rows == 3..<6)
    #expect(try tiling.tile(row: 1, column: 2).columns == 6..<10)
    #expect(throws: DTWError.invalidTile("tile 2,1 lies below the diagonal (need row ≤ column)")) {
      try tiling.tile(row: 2, column: 1)
    }
    #expect(throws: DTWError.invalidTile("tile 0,3 is outside 0..<3")) {
      try tiling.tile(row: 0, column: 3)
    }
    #expect(throws: DTWError.self) { try PairwiseTiling(count: 10, tiles: 0) }
    let tile = try tiling.tile(row: 0, column: 2)
    #expect(throws: DTWError.self) {
      try DynamicTimeWarping().distances([SampleBuffer(values: [1])], tile: tile)
    }
  }
}
