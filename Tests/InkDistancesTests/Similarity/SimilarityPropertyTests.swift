import DuctusTestSupport
import Foundation
import InkDistances
import InkSampling
import Testing

/// Symmetry, invariance and edge cases of the similarity measures on seeded random strokes.
@Suite("Curve similarity properties and edge cases")
struct SimilarityPropertyTests {
  /// The curve moved by a rotation, a uniform scale and a translation.
  func transformed(
    _ curve: SampleBuffer, angle: Double, scale: Double = 1, dx: Double, dy: Double
  ) -> SampleBuffer {
    let (c, s) = (cos(angle) * scale, sin(angle) * scale)
    return SampleBuffer(
      xs: zip(curve.xs, curve.ys).map { c * $0 - s * $1 + dx },
      ys: zip(curve.xs, curve.ys).map { s * $0 + c * $1 + dy })
  }

  func strokes(seed: UInt64, counts: (Int, Int)) -> (SampleBuffer, SampleBuffer) {
    var random = RandomStroke(state: seed)
    return (random.buffer(count: counts.0), random.buffer(count: counts.1))
  }

  @Test(arguments: [(1, (40, 40)), (2, (57, 23)), (3, (5, 90))] as [(UInt64, (Int, Int))])
  func symmetricMeasuresAreSymmetric(seed: UInt64, counts: (Int, Int)) throws {
    let (a, b) = strokes(seed: seed, counts: counts)
    #expect(
      try CurveSimilarity.discreteFrechetDistance(a, b)
        == CurveSimilarity.discreteFrechetDistance(b, a))
    #expect(try CurveSimilarity.hausdorffDistance(a, b) == CurveSimilarity.hausdorffDistance(b, a))
    #expect(
      try CurveSimilarity.meanNearestPointDistance(a, b)
        == CurveSimilarity.meanNearestPointDistance(b, a))
    #expect(try CurveSimilarity.lengthRatio(a, b) == CurveSimilarity.lengthRatio(b, a))
    #expect(
      try CurveSimilarity.turningFunctionDistance(a, b)
        == CurveSimilarity.turningFunctionDistance(b, a))
  }

  @Test func closedTurningDistanceIsSymmetricForCurvesOfEqualTotalTurning() throws {
    // Two convex counter-clockwise polygons (total turning 2π): a hexagon and a wobbly ellipse.
    let hexagon = SampleBuffer(
      xs: (0..<6).map { cos(Double($0) * .pi / 3) }, ys: (0..<6).map { sin(Double($0) * .pi / 3) })
    let angles = (0..<23).map { 2 * Double.pi * Double($0) / 23 }
    let ellipse = SampleBuffer(
      xs: angles.map { 3 * cos($0) + 0.1 * cos(5 * $0) }, ys: angles.map { sin($0) })
    let ab = try CurveSimilarity.turningFunctionDistance(hexagon, ellipse, closed: true)
    let ba = try CurveSimilarity.turningFunctionDistance(ellipse, hexagon, closed: true)
    #expect(abs(ab - ba) <= 1e-12)
    #expect(ab > 0.1)
    // With different total turning (2π against −2π) the measure shifts a only and is not
    // symmetric; that is documented.
    let clockwise = SampleBuffer(xs: ellipse.xs, ys: ellipse.ys.map { -$0 })
    #expect(try TurningFunction(clockwise, closed: true).periodTurning! < 0)
  }

  @Test func rigidMotionsLeaveDistancesUnchanged() throws {
    let (a, b) = strokes(seed: 7, counts: (64, 48))
    let (a2, b2) = (
      transformed(a, angle: 0.7, dx: 31, dy: -12), transformed(b, angle: 0.7, dx: 31, dy: -12)
    )
    let pairs: [(String, (SampleBuffer, SampleBuffer) throws -> Double)] = [
      ("Fréchet", CurveSimilarity.discreteFrechetDistance),
      ("Hausdorff", { try CurveSimilarity.hausdorffDistance($0, $1) }),
      ("mean nearest", { try CurveSimilarity.meanNearestPointDistance($0, $1) }),
      ("area", CurveSimilarity.areaBetweenCurves),
      ("length ratio", CurveSimilarity.lengthRatio),
      ("turning", { try CurveSimilarity.turningFunctionDistance($0, $1) }),
    ]
    for (name, measure) in pairs {
      let before = try measure(a, b)
      let after = try measure(a2, b2)
      #expect(abs(before - after) <= 1e-9 * max(1, before), "\(name): \(before) vs \(after)")
    }
  }

  @Test func turningDistanceIgnoresRotationScaleAndStartOfClosedCurves() throws {
    let (a, b) = strokes(seed: 11, counts: (30, 45))
    let open = try CurveSimilarity.turningFunctionDistance(a, b)
    let moved = transformed(a, angle: 2.1, scale: 3.5, dx: -4, dy: 9)
    let movedOpen = try CurveSimilarity.turningFunctionDistance(moved, b)
    #expect(abs(open - movedOpen) <= 1e-9 * max(1, open))
    let closed = try CurveSimilarity.turningFunctionDistance(a, b, closed: true)
    let rolled = SampleBuffer(
      xs: Array(a.xs[12...] + a.xs[..<12]), ys: Array(a.ys[12...] + a.ys[..<12]))
    let rolledClosed = try CurveSimilarity.turningFunctionDistance(rolled, b, closed: true)
    #expect(abs(closed - rolledClosed) <= 1e-9 * max(1, closed))
    #expect(closed <= open + 1e-12)
  }

  @Test func closedTurningDistanceIsTheMinimumOverStartingPoints() throws {
    let (a, b) = strokes(seed: 5, counts: (12, 17))
    let closed = try CurveSimilarity.turningFunctionDistance(a, b, closed: true)
    let first = try TurningFunction(a, closed: true)
    let second = try TurningFunction(b, closed: true)
    #expect(first.periodTurning != nil)
    #expect(first.starts.count == 12 && second.starts.count == 17)
    // Every rotation of a's sample order is another start; none may beat the minimum.
    for start in 0..<a.count {
      let rolled = SampleBuffer(
        xs: Array(a.xs[start...] + a.xs[..<start]), ys: Array(a.ys[start...] + a.ys[..<start]))
      let open = try CurveSimilarity.turningFunctionDistance(
        SampleBuffer(xs: rolled.xs + [rolled.xs[0]], ys: rolled.ys + [rolled.ys[0]]),
        SampleBuffer(xs: b.xs + [b.xs[0]], ys: b.ys + [b.ys[0]]))
      #expect(closed <= open + 1e-12)
    }
  }

  @Test func identicalCurvesAreAtDistanceZero() throws {
    let (a, _) = strokes(seed: 3, counts: (50, 1))
    #expect(try CurveSimilarity.discreteFrechetDistance(a, a) == 0)
    #expect(try CurveSimilarity.hausdorffDistance(a, a) == 0)
    #expect(try CurveSimilarity.meanNearestPointDistance(a, a) == 0)
    #expect(try CurveSimilarity.areaBetweenCurves(a, a) == 0)
    #expect(try CurveSimilarity.pointCloudDistance(a, a) == 0)
    #expect(try CurveSimilarity.turningFunctionDistance(a, a) == 0)
    #expect(try CurveSimilarity.turningFunctionDistance(a, a, closed: true) == 0)
    #expect(try CurveSimilarity.partialCurveMapping(a, a) == 0)
    #expect(try CurveSimilarity.lengthRatio(a, a) == 1)
  }

  @Test(arguments: [(21, (40, 33, 25)), (22, (8, 60, 15))] as [(UInt64, (Int, Int, Int))])
  func metricsKeepTheTriangleInequality(seed: UInt64, counts: (Int, Int, Int)) throws {
    var random = RandomStroke(state: seed)
    let (a, b, c) = (
      random.buffer(count: counts.0), random.buffer(count: counts.1),
      random.buffer(count: counts.2)
    )
    for measure in [
      CurveSimilarity.discreteFrechetDistance,
      { try CurveSimilarity.hausdorffDistance($0, $1) },
      { try CurveSimilarity.turningFunctionDistance($0, $1) },
    ] as [(SampleBuffer, SampleBuffer) throws -> Double] {
      #expect(try measure(a, c) <= measure(a, b) + measure(b, c) + 1e-9)
    }
    // Fréchet bounds Hausdorff from above; Hausdorff bounds the mean nearest distance.
    #expect(
      try CurveSimilarity.hausdorffDistance(a, b) <= CurveSimilarity.discreteFrechetDistance(a, b))
    #expect(
      try CurveSimilarity.meanNearestPointDistance(from: a, to: b)
        <= CurveSimilarity.directedHausdorffDistance(from: a, to: b).distance)
  }

  @Test func frechetMatchesTheFullTableOnVeryDifferentLengths() throws {
    for (n, m) in [(1, 1), (1, 37), (37, 1), (3, 400), (400, 3), (9, 9), (17, 64)] {
      let (a, b) = strokes(seed: UInt64(n * 1000 + m), counts: (n, m))
      #expect(try CurveSimilarity.discreteFrechetDistance(a, b) == fullTableFrechet(a, b))
    }
  }

  /// Eiter and Mannila's recurrence on the whole table, the plainest possible way.
  func fullTableFrechet(_ a: SampleBuffer, _ b: SampleBuffer) -> Double {
    var table = [[Double]](
      repeating: [Double](repeating: 0, count: b.count), count: a.count)
    for i in 0..<a.count {
      for j in 0..<b.count {
        let dx = a.xs[i] - b.xs[j]
        let dy = a.ys[i] - b.ys[j]
        let distance = (dx * dx + dy * dy).squareRoot()
        switch (i, j) {
        case (0, 0): table[i][j] = distance
        case (0, _): table[i][j] = max(table[i][j - 1], distance)
        case (_, 0): table[i][j] = max(table[i - 1][j], distance)
        default:
          table[i][j] = max(
            min(table[i - 1][j], table[i][j - 1], table[i - 1][j - 1]), distance)
        }
      }
    }
    return table[a.count - 1][b.count - 1]
  }

  @Test func meanNearestPointDistanceSplitOverCoresMatchesAPlainLoop() throws {
    // 1200 × 700 pairs is above the parallel threshold.
    let (a, b) = strokes(seed: 17, counts: (1200, 700))
    var sum = 0.0
    for i in 0..<a.count {
      var nearest = Double.infinity
      for j in 0..<b.count {
        let dx = a.xs[i] - b.xs[j]
        let dy = a.ys[i] - b.ys[j]
        nearest = min(nearest, dx * dx + dy * dy)
      }
      sum += nearest.squareRoot()
    }
    let mean = try CurveSimilarity.meanNearestPointDistance(from: a, to: b)
    #expect(abs(mean - sum / Double(a.count)) <= 1e-12 * mean)
  }

  @Test func hausdorffDistanceDoesNotDependOnTheSeed() throws {
    let (a, b) = strokes(seed: 9, counts: (300, 250))
    let reference = try CurveSimilarity.directedHausdorffDistance(from: a, to: b, seed: 0)
    for seed: UInt64 in [1, 2, 99] {
      let other = try CurveSimilarity.directedHausdorffDistance(from: a, to: b, seed: seed)
      #expect(other.distance == reference.distance)
    }
  }

  @Test func pointCloudDistanceOfAPermutedCloudIsZeroOnlyWhenMatchable() throws {
    let (a, _) = strokes(seed: 13, counts: (32, 1))
    let reversed = SampleBuffer(xs: a.xs.reversed(), ys: a.ys.reversed())
    #expect(try CurveSimilarity.pointCloudDistance(a, reversed) == 0)
    #expect(try CurveSimilarity.pointCloudDistance(a, a, epsilon: 1) == 0)
  }

  @Test func pointCloudDistanceOverAllStartsIsTheSmallest() throws {
    let (a, b) = strokes(seed: 15, counts: (32, 32))
    let allStarts = try CurveSimilarity.pointCloudDistance(a, b, epsilon: 1)
    for epsilon in [0, 0.25, 0.5, 0.75] {
      #expect(try allStarts <= CurveSimilarity.pointCloudDistance(a, b, epsilon: epsilon))
    }
  }

  @Test func emptyNonFiniteAndMismatchedInputsAreRejected() {
    let empty = SampleBuffer(xs: [], ys: [])
    let line = SampleBuffer(xs: [0, 1, 2], ys: [0, 1, 1])
    let nan = SampleBuffer(xs: [0, 1, 2], ys: [0, .nan, 1])
    let infinite = SampleBuffer(xs: [0, .infinity], ys: [0, 1])
    let point = SampleBuffer(xs: [4], ys: [2])
    let flat = SampleBuffer(xs: [0, 1, 2], ys: [1, 1, 1])
    #expect(throws: SimilarityError.emptyCurve(.first)) {
      try CurveSimilarity.discreteFrechetDistance(empty, line)
    }
    #expect(throws: SimilarityError.emptyCurve(.second)) {
      try CurveSimilarity.directedHausdorffDistance(from: line, to: empty)
    }
    #expect(throws: SimilarityError.nonFiniteSample(.second, channel: .y, index: 1)) {
      try CurveSimilarity.hausdorffDistance(line, nan)
    }
    #expect(throws: SimilarityError.nonFiniteSample(.first, channel: .x, index: 1)) {
      try CurveSimilarity.meanNearestPointDistance(infinite, line)
    }
    #expect(throws: SimilarityError.tooFewSamples(.second, count: 1, minimum: 2)) {
      try CurveSimilarity.areaBetweenCurves(line, point)
    }
    #expect(throws: SimilarityError.sampleCountMismatch(first: 3, second: 1)) {
      try CurveSimilarity.pointCloudDistance(line, point)
    }
    #expect(throws: SimilarityError.parameterOutOfRange(name: "epsilon", value: 1.5)) {
      try CurveSimilarity.pointCloudDistance(line, line, epsilon: 1.5)
    }
    #expect(throws: SimilarityError.zeroExtent(.first, channel: .y)) {
      try CurveSimilarity.partialCurveMapping(flat, line)
    }
    #expect(throws: SimilarityError.zeroLength(.second)) {
      try CurveSimilarity.turningFunctionDistance(line, SampleBuffer(xs: [1, 1], ys: [2, 2]))
    }
    #expect(throws: SimilarityError.nonPositiveMean(.first, channel: .x)) {
      try CurveSimilarity.curveLengthMeasure(
        SampleBuffer(xs: [-1, -2], ys: [1, 2]), line)
    }
    #expect(SimilarityError.emptyCurve(.first).description == "the first curve has no sample")
  }

  @Test func onePointAndDuplicatePoints() throws {
    let point = SampleBuffer(xs: [3], ys: [4])
    let origin = SampleBuffer(xs: [0], ys: [0])
    let line = SampleBuffer(xs: [0, 3, 3, 6], ys: [0, 0, 0, 0])
    #expect(try CurveSimilarity.discreteFrechetDistance(point, origin) == 5)
    #expect(try CurveSimilarity.directedHausdorffDistance(from: point, to: origin).distance == 5)
    #expect(try CurveSimilarity.pointCloudDistance(point, origin) == 5)
    #expect(try CurveSimilarity.lengthRatio(point, origin) == 1)
    #expect(try CurveSimilarity.lengthRatio(point, line) == 0)
    // The duplicate sample at (3, 0) changes neither the turning function nor the distances.
    let plain = SampleBuffer(xs: [0, 3, 6], ys: [0, 0, 0])
    #expect(try CurveSimilarity.turningFunctionDistance(line, plain) == 0)
    #expect(try CurveSimilarity.discreteFrechetDistance(line, plain) == 0)
    #expect(try CurveSimilarity.directedHausdorffDistance(from: point, to: line).distance == 4)
  }

  @Test func smallCasesByHand() throws {
    // SciPy's documented example: directed_hausdorff(u, v) = √5, (v, u) = 3 at (3, 3).
    let u = SampleBuffer(xs: [1, 0, -1, 0], ys: [0, 1, 0, -1])
    let v = SampleBuffer(xs: [2, 0, -2, 0], ys: [0, 2, 0, -4])
    #expect(
      try CurveSimilarity.directedHausdorffDistance(from: u, to: v).distance == 5.0.squareRoot())
    #expect(
      try CurveSimilarity.directedHausdorffDistance(from: v, to: u)
        == HausdorffPair(distance: 3, firstIndex: 3, secondIndex: 3))
    // Two parallel unit-spaced segments one apart: Fréchet 1, area 2 × 1.
    let lower = SampleBuffer(xs: [0, 1, 2], ys: [0, 0, 0])
    let upper = SampleBuffer(xs: [0, 1, 2], ys: [1, 1, 1])
    #expect(try CurveSimilarity.discreteFrechetDistance(lower, upper) == 1)
    #expect(try CurveSimilarity.areaBetweenCurves(lower, upper) == 2)
    // A right angle against a straight line: the turning functions differ by π/2 on half the
    // length, so d² = (π/2)²·½ − (π/4)².
    let corner = SampleBuffer(xs: [0, 1, 1], ys: [0, 0, 1])
    let expected = ((Double.pi / 2) * (Double.pi / 2) / 2 - (Double.pi / 4) * (Double.pi / 4))
      .squareRoot()
    #expect(abs(try CurveSimilarity.turningFunctionDistance(corner, lower) - expected) < 1e-15)
  }
}
