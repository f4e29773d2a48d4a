import DuctusTestSupport
import InkMath
import Testing

@Suite("Nearest neighbours")
struct NearestNeighborsTests {
  struct Case: Decodable {
    let name: String
    let queries: FixtureMatrix
    let points: FixtureMatrix
    let k: Int
    let indices: [Int]
    let distances: [Double]
  }

  @Test func matchesScikitLearnBruteForce() throws {
    let cases = try FixtureFile<Case>.load("neighbors")
    #expect(cases.count == 2)
    for test in cases {
      let neighbors =
        test.name == "self"
        ? try NearestNeighbors(amongRowsOf: test.points.matrix, k: test.k)
        : try NearestNeighbors(queries: test.queries.matrix, points: test.points.matrix, k: test.k)
      #expect(neighbors.indices == test.indices, Comment(rawValue: test.name))
      expectClose(neighbors.distances, test.distances, relative: 1e-8, Comment(rawValue: test.name))
    }
  }

  /// Points on an integer grid have exactly equal distances: ties go to the smaller index.
  @Test func breaksTiesByIndex() throws {
    let points = try Matrix([[0, 0], [1, 0], [0, 1], [-1, 0], [0, -1], [0, 0]])
    let neighbors = try NearestNeighbors(amongRowsOf: points, k: 3)
    #expect(Array(neighbors.neighbors(ofQuery: 0)) == [5, 1, 2])
    #expect(Array(neighbors.distances(ofQuery: 0)) == [0, 1, 1])
    #expect(Array(neighbors.neighbors(ofQuery: 5)) == [0, 1, 2])
    #expect(Array(neighbors.neighbors(ofQuery: 1)) == [0, 5, 2])
    let query = try NearestNeighbors(queries: Matrix([[0, 0]]), points: points, k: 6)
    #expect(query.indices == [0, 5, 1, 2, 3, 4])
  }

  /// Against a full sort of the distance matrix, over several query blocks.
  @Test func agreesWithSortingTheDistanceMatrix() throws {
    var generator = SplitMix64(seed: 31)
    let points = generator.matrix(300, 3)
    let neighbors = try NearestNeighbors(amongRowsOf: points, k: 7)
    let distances = try PairwiseDistances.euclidean(points)
    var mismatches = 0
    for i in 0..<points.rows {
      let order = (0..<points.rows).filter { $0 != i }
        .sorted { (distances[i, $0], $0) < (distances[i, $1], $1) }
      if Array(order.prefix(7)) != Array(neighbors.neighbors(ofQuery: i)) { mismatches += 1 }
    }
    #expect(mismatches == 0)
  }

  @Test func rejectsBadArguments() throws {
    let points = try Matrix([[0, 0], [1, 1]])
    #expect(
      throws: InkMathError.invalidArgument(
        operation: "NearestNeighbors", detail: "k = 2 with 1 candidates")
    ) {
      try NearestNeighbors(amongRowsOf: points, k: 2)
    }
    #expect(throws: InkMathError.self) {
      try NearestNeighbors(queries: Matrix([[0]]), points: points, k: 1)
    }
    #expect(throws: InkMathError.nonFiniteElement(operation: "NearestNeighbors", row: 0, column: 1))
    {
      try NearestNeighbors(queries: Matrix([[0, .nan]]), points: points, k: 1)
    }
    #expect(try NearestNeighbors(amongRowsOf: points, k: 0).indices.isEmpty)
  }
}
