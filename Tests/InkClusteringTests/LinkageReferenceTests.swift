import InkMath
import Testing

@testable import InkClustering

/// Hierarchical clustering against `scipy.cluster.hierarchy.linkage` and `fcluster(…,
/// criterion="maxclust")`, from features (Euclidean) and from a precomputed condensed matrix
/// (city-block), with the working copy in both layouts.
@Suite struct LinkageReferenceTests {
  struct Method: Decodable {
    let linkage: [Double]
    let maxclust: [String: [Int]]
  }

  struct Case: Decodable {
    let points: Int
    let dimensions: Int
    let metric: ReferenceMetric
    let data: [Double]
    let methods: [String: Method]
  }

  @Test(arguments: [LinkageDistances.Layout.square, .condensed])
  func sameLinkageMatrixAndFlatClustersAsSciPy(layout: LinkageDistances.Layout) throws {
    let cases = try ClusteringFixture<Case>.load("linkage")
    #expect(cases.count == 4)
    for c in cases {
      #expect(c.methods.count == 4)
      for (name, expected) in c.methods {
        let method = try #require(LinkageMethod(rawValue: name))
        let distances: CondensedDistanceMatrix
        if c.metric == .euclidean {
          let features = try Matrix(rows: c.points, columns: c.dimensions, elements: c.data)
          distances = try CondensedDistanceMatrix(euclideanDistancesOf: features)
          // The public entry picks the square layout for so few points.
          let picked = try HierarchicalClustering.linkage(features: features, method: method)
          let square = try HierarchicalClustering.linkage(
            distances, method: method, layout: .square)
          #expect(picked.matrix == square.matrix)
        } else {
          let square = try c.metric.square(c.data, points: c.points, dimensions: c.dimensions)
          distances = try CondensedDistanceMatrix(square: square)
        }
        let tree = try HierarchicalClustering.linkage(distances, method: method, layout: layout)
        let z = tree.matrix.elements
        #expect(z.count == expected.linkage.count)
        var structureMatches = true
        var heightsMatch = true
        for row in 0..<(z.count / 4) {
          let (got, want) = (
            z[(4 * row)..<(4 * row + 4)], expected.linkage[(4 * row)..<(4 * row + 4)]
          )
          if got[4 * row] != want[4 * row] || got[4 * row + 1] != want[4 * row + 1]
            || got[4 * row + 3] != want[4 * row + 3]
          {
            structureMatches = false
          }
          if !close(got[4 * row + 2], want[4 * row + 2]) { heightsMatch = false }
        }
        #expect(structureMatches, "\(name), n = \(c.points), \(c.metric), \(layout)")
        #expect(heightsMatch, "\(name), n = \(c.points), \(c.metric)")
        for (count, labels) in expected.maxclust {
          let flat = try tree.flatClusters(maxClusters: Int(count)!)
          #expect(flat == labels.map { $0 - 1 }, "\(name), n = \(c.points), t = \(count)")
        }
      }
    }
  }

  /// Points on a small grid have many equal distances, so the square copy (lazy column
  /// updates, compaction) must break ties exactly as the condensed one does.
  @Test(.timeLimit(.minutes(1)), arguments: LinkageMethod.allCases)
  func squareAndCondensedCopiesAgreeOnEqualDistances(method: LinkageMethod) throws {
    var state: UInt64 = 2026
    func nextCoordinate() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double((state >> 33) % 7)
    }
    let points = 300
    let features = try Matrix(
      rows: points, columns: 3, elements: (0..<(3 * points)).map { _ in nextCoordinate() })
    let distances = try CondensedDistanceMatrix(euclideanDistancesOf: features)
    let square = try HierarchicalClustering.linkage(distances, method: method, layout: .square)
    let condensed = try HierarchicalClustering.linkage(
      distances, method: method, layout: .condensed)
    #expect(square == condensed)
  }

  /// Distances whose squares overflow make Ward's copy hold `+∞` and then NaN, which a vector
  /// minimum cannot order: the square copy must fall back to the condensed copy's comparisons.
  @Test(.timeLimit(.minutes(1)), arguments: LinkageMethod.allCases)
  func squareAndCondensedCopiesAgreeWhenWardsSquaresOverflow(method: LinkageMethod) throws {
    var state: UInt64 = 12
    func nextUniform() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53)
    }
    let points = 100
    var values: [Double] = []
    for a in 0..<points {
      for b in (a + 1)..<points { values.append(nextUniform() * (a < 10 ? 1e200 : 1)) }
    }
    let distances = try CondensedDistanceMatrix(count: points, values: values)
    let square = try HierarchicalClustering.linkage(distances, method: method, layout: .square)
    let condensed = try HierarchicalClustering.linkage(
      distances, method: method, layout: .condensed)
    // NaN heights are not equal to themselves: compare bit patterns.
    func key(_ tree: Linkage) -> [[UInt64]] {
      tree.merges.map {
        [UInt64($0.left), UInt64($0.right), $0.distance.bitPattern, UInt64($0.size)]
      }
    }
    #expect(key(square) == key(condensed))
  }

  @Test func condensedMatrixIndexesTheUpperTriangle() throws {
    let square = try Matrix([[0, 1, 2, 3], [1, 0, 4, 5], [2, 4, 0, 6], [3, 5, 6, 0]])
    let condensed = try CondensedDistanceMatrix(square: square)
    #expect(condensed.values == [1, 2, 3, 4, 5, 6])
    #expect(condensed[2, 1] == 4 && condensed[3, 3] == 0)
    #expect(throws: ClusteringError.self) {
      try HierarchicalClustering.linkage(
        CondensedDistanceMatrix(count: 1, values: []), method: .ward)
    }
  }
}
