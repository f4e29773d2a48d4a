import InkDistances
import InkSampling
import Testing

/// A pair's distance on demand is the matrix entry, bit for bit, and a pair settled below a
/// limit without it is one whose distance is not below the limit.
@Suite("DTW distances on demand, below a limit")
struct DTWBoundedDistancesTests {
  @Test(arguments: DynamicTimeWarping.boundedTestSettings)
  func outcomesAgreeWithTheMatrix(dtw: DynamicTimeWarping) throws {
    let series = DTWNearestNeighborsTests.corpus(seed: 5)
    let matrix = try dtw.distanceMatrix(series)
    let bounded = try DTWBoundedDistances(dtw, series: series)
    #expect(bounded.count == series.count)
    var stages = [0, 0, 0, 0]
    for i in series.indices {
      for j in series.indices {
        let exact = matrix[i, j]
        #expect(bounded.distance(i, j) == exact, "\(i), \(j)")
        // Limits around the distance itself, so that the bounds are tested where they are tight.
        for limit in [exact * 0.5, exact, exact.nextUp, exact * 1.5, 0.2] {
          let outcome = bounded.distance(i, j, below: limit)
          switch outcome {
          case .computed(let d):
            #expect(d == exact)
            stages[3] += 1
          case .prunedByKim, .prunedByKeogh, .abandoned:
            #expect(exact >= limit, "\(i), \(j) below \(limit): \(outcome), distance \(exact)")
            stages[outcome == .prunedByKim ? 0 : outcome == .prunedByKeogh ? 1 : 2] += 1
          }
          #expect(outcome.distance(below: limit) == (exact < limit ? exact : .infinity))
        }
      }
    }
    #expect(stages[0] > 0 && stages[2] > 0 && stages[3] > 0, "\(stages)")
    if case .itakura = dtw.constraint {
      #expect(stages[1] == 0)
    } else {
      #expect(stages[1] > 0, "\(stages)")
    }
  }

  @Test func refusesOpenEnds() {
    #expect(throws: DTWError.constraintWithOpenEnds) {
      try DTWBoundedDistances(
        DynamicTimeWarping(openBegin: true), series: [SampleBuffer(values: [1, 2])])
    }
  }
}

extension DynamicTimeWarping {
  /// The settings the lower-bound tests run under: no band, two Sakoe–Chiba bands (one with the
  /// Euclidean local cost) and an Itakura parallelogram.
  static let boundedTestSettings = [
    DynamicTimeWarping(),
    DynamicTimeWarping(constraint: .sakoeChiba(radius: 3)),
    DynamicTimeWarping(localCost: .euclidean, constraint: .sakoeChiba(radius: 1)),
    DynamicTimeWarping(constraint: .itakura(maxSlope: 2)),
  ]
}
