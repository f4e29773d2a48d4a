import DuctusTestSupport
import InkMath
import Testing

@Suite("Pairwise distances")
struct DistanceTests {
  struct Case: Decodable {
    let name: String
    let x: FixtureMatrix
    let y: FixtureMatrix
    let euclidean: FixtureMatrix
    let squared: FixtureMatrix
  }

  /// The direct difference loop that `cdist` runs, as an independent check, for some rows of `x`.
  static func directSquaredDistances(_ x: Matrix, _ y: Matrix, rows: [Int]) -> [Double] {
    rows.flatMap { i in
      (0..<y.rows).map { j in
        zip(x.row(i), y.row(j)).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
      }
    }
  }

  /// Every 61st row plus the rows on both sides of each tile boundary.
  static func sampledRows(_ count: Int) -> [Int] {
    let tile = PairwiseDistances.tileSize
    let edges = stride(from: tile, to: count, by: tile).flatMap { [$0 - 1, $0] }
    return Array(Set(Array(stride(from: 0, to: count, by: 61)) + edges + [count - 1])).sorted()
  }

  /// The sampled rows of a distance matrix, flattened.
  static func rows(_ rows: [Int], of d: Matrix) -> [Double] {
    rows.flatMap { Array(d.row($0)) }
  }

  @Test func matchesSciPyCdistAndPdist() throws {
    let cases = try FixtureFile<Case>.load("distances")
    #expect(cases.count == 4)
    for test in cases {
      let (x, y) = (try test.x.matrix, try test.y.matrix)
      let label = Comment(rawValue: test.name)
      // The GEMM identity loses absolute precision ε·‖x‖² (the "offset" case sits near 100).
      let tolerance = test.name == "offset" ? 1e-7 : referenceTolerance
      expectClose(
        try PairwiseDistances.squaredEuclidean(x, y), test.squared, relative: tolerance, label)
      expectClose(
        try PairwiseDistances.euclidean(x, y), test.euclidean, relative: tolerance * 10, label)
      if test.name == "xx" || test.name == "one" {
        expectClose(
          try PairwiseDistances.squaredEuclidean(x), test.squared, relative: tolerance, label)
        expectClose(
          try PairwiseDistances.euclidean(x), test.euclidean, relative: tolerance * 10, label)
      }
    }
  }

  @Test func duplicateRowsAreExactlyZeroApartInTheSelfCase() throws {
    let test = try FixtureFile<Case>.load("distances").first { $0.name == "xx" }!
    let d = try PairwiseDistances.euclidean(test.x.matrix)
    #expect(d[3, 7] >= 0 && d[3, 7] < 1e-7)
    #expect((0..<d.rows).allSatisfy { d[$0, $0] == 0 })
  }

  /// Several tiles in both directions (the tile side is 1024), with ragged edges.
  @Test func selfCaseAcrossTilesIsSymmetricWithZeroDiagonal() throws {
    var generator = SplitMix64(seed: 11)
    let x = generator.matrix(2 * PairwiseDistances.tileSize + 37, 3)
    let d = try PairwiseDistances.squaredEuclidean(x)
    #expect(d == d.transposed())
    #expect((0..<d.rows).allSatisfy { d[$0, $0] == 0 })
    #expect(d.elements.allSatisfy { $0 >= 0 })
    let sample = Self.sampledRows(x.rows)
    expectClose(
      Self.rows(sample, of: d), Self.directSquaredDistances(x, x, rows: sample), relative: 1e-12)
  }

  @Test func crossCaseAcrossTilesMatchesTheDirectLoop() throws {
    var generator = SplitMix64(seed: 12)
    let x = generator.matrix(PairwiseDistances.tileSize + 5, 4)
    let y = generator.matrix(PairwiseDistances.tileSize + 300, 4)
    let d = try PairwiseDistances.squaredEuclidean(x, y)
    let sample = Self.sampledRows(x.rows)
    expectClose(
      Self.rows(sample, of: d), Self.directSquaredDistances(x, y, rows: sample), relative: 1e-12)
    let swapped = try PairwiseDistances.squaredEuclidean(y, x)
    #expect(swapped.transposed().elements.elementsEqual(d.elements) { abs($0 - $1) < 1e-12 })
  }

  /// One BLAS thread spreads whole tiles over the cores; more threads work tile by tile.
  @Test func bothTileSchedulesAgree() throws {
    var generator = SplitMix64(seed: 14)
    let x = generator.matrix(PairwiseDistances.tileSize + 100, 5)
    let original = BLASThreading.threadCount
    BLASThreading.setThreadCount(1)
    let acrossTiles = try PairwiseDistances.euclidean(x)
    BLASThreading.setThreadCount(2)
    let withinTiles = try PairwiseDistances.euclidean(x)
    BLASThreading.setThreadCount(original)
    expectClose(withinTiles.elements, acrossTiles.elements, relative: 1e-13)
  }

  @Test func distancesAreInvariantUnderRotationAndTranslation() throws {
    var generator = SplitMix64(seed: 13)
    let x = generator.matrix(40, 3)
    let moved = try Matrix.gemm(x, generator.rotation(3))
    var shifted = moved
    for i in 0..<shifted.rows { for j in 0..<3 { shifted[i, j] += [0.5, -2, 1][j] } }
    let before = try PairwiseDistances.euclidean(x)
    let after = try PairwiseDistances.euclidean(shifted)
    expectClose(after.elements, before.elements, relative: 1e-12)
  }

  @Test func edgeCases() throws {
    let empty = try Matrix(rows: 0, columns: 3)
    let one = try Matrix([[1, 2, 3]])
    #expect(try PairwiseDistances.euclidean(empty, one).rows == 0)
    #expect(try PairwiseDistances.euclidean(one) == Matrix([[0]]))
    let noFeatures = try Matrix(rows: 2, columns: 0)
    #expect(try PairwiseDistances.euclidean(noFeatures) == Matrix(rows: 2, columns: 2))
    #expect(
      throws: InkMathError.dimensionMismatch(
        operation: "euclidean", detail: "x has 3 columns, y has 0")
    ) {
      try PairwiseDistances.euclidean(one, noFeatures)
    }
    #expect(throws: InkMathError.nonFiniteElement(operation: "squaredEuclidean", row: 0, column: 1))
    {
      try PairwiseDistances.squaredEuclidean(Matrix([[0, .nan]]))
    }
  }
}
