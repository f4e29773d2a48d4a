import DuctusTestSupport
import InkDistances
import InkSampling
import Testing

@Suite("Dynamic time warping properties and edge cases")
struct DynamicTimeWarpingPropertyTests {
  static let configurations: [DynamicTimeWarping] = [
    DynamicTimeWarping(),
    DynamicTimeWarping(constraint: .sakoeChiba(radius: 0)),
    DynamicTimeWarping(constraint: .sakoeChiba(radius: 4)),
    DynamicTimeWarping(localCost: .euclidean),
    DynamicTimeWarping(channels: [.x, .y, .t], channelWeights: [1, 0.5, 100]),
  ]

  @Test(arguments: configurations)
  func symmetricWithZeroSelfDistance(_ dtw: DynamicTimeWarping) throws {
    var random = RandomStroke(state: 21)
    for _ in 0..<10 {
      let a = random.buffer(count: 5 + Int(random.next() * 40))
      let b = random.buffer(count: 5 + Int(random.next() * 40))
      let ab = try dtw.distance(a, b)
      let ba = try dtw.distance(b, a)
      #expect(abs(ab - ba) <= 1e-9 * max(1, ab))
      #expect(try dtw.distance(a, a) == 0)
      #expect(ab > 0)
    }
  }

  /// The anti-diagonal kernel (distance), the full-matrix kernel (alignment) and the lane kernel
  /// (matrix of equal-length columns) agree for every constraint.
  @Test(arguments: configurations + [DynamicTimeWarping(constraint: .itakura(maxSlope: 2.5))])
  func kernelsAgree(_ dtw: DynamicTimeWarping) throws {
    var random = RandomStroke(state: 5)
    let a = random.buffer(count: 37)
    let columns = (0..<11).map { _ in random.buffer(count: 41) }
    let matrix = try dtw.distanceMatrix(rows: [a], columns: columns)
    for (j, b) in columns.enumerated() {
      let single = try dtw.distance(a, b)
      let aligned = try dtw.alignment(a, b).distance
      #expect(abs(single - aligned) <= 1e-9 * max(1, single))
      #expect(abs(matrix[0, j] - single) <= 1e-9 * max(1, single))
    }
  }

  @Test func derivativeDTWIgnoresTranslation() throws {
    var random = RandomStroke(state: 9)
    let dtw = DynamicTimeWarping(usesDerivative: true)
    for _ in 0..<5 {
      let a = random.buffer(count: 30)
      let b = random.buffer(count: 45)
      let shifted = SampleBuffer(xs: b.xs.map { $0 + 250 }, ys: b.ys.map { $0 - 75 })
      #expect(abs(try dtw.distance(a, b) - dtw.distance(a, shifted)) <= 1e-9)
      #expect(try DynamicTimeWarping().distance(a, b) != DynamicTimeWarping().distance(a, shifted))
    }
  }

  @Test func lowerBoundsNeverExceedTheDistance() throws {
    var random = RandomStroke(state: 13)
    for radius in [0, 1, 3, 10] {
      let dtw = DynamicTimeWarping(constraint: .sakoeChiba(radius: radius))
      for _ in 0..<10 {
        let a = random.buffer(count: 32)
        let b = random.buffer(count: 32)
        let distance = try dtw.distance(a, b)
        #expect(try dtw.lowerBoundKeogh(a, b, radius: radius) <= distance + 1e-9)
        #expect(try dtw.lowerBoundKim(a, b) <= distance + 1e-9)
        #expect(try DynamicTimeWarping().lowerBoundKim(a, b) <= DynamicTimeWarping().distance(a, b))
      }
    }
  }

  @Test func lbKimIsTheCornerCost() throws {
    let a = SampleBuffer(xs: [0, 5, 1], ys: [0, 0, 0])
    let b = SampleBuffer(xs: [3, 9, 9, 5], ys: [4, 0, 0, 0])
    #expect(try DynamicTimeWarping().lowerBoundKim(a, b) == (25.0 + 16).squareRoot())
    #expect(try DynamicTimeWarping(localCost: .euclidean).lowerBoundKim(a, b) == 9)
    let one = SampleBuffer(xs: [1], ys: [1])
    #expect(try DynamicTimeWarping().lowerBoundKim(one, SampleBuffer(xs: [4], ys: [5])) == 5)
  }

  @Test func abandoningNeverChangesADistanceBelowTheThreshold() throws {
    var random = RandomStroke(state: 17)
    let dtw = DynamicTimeWarping(constraint: .sakoeChiba(radius: 6))
    for _ in 0..<20 {
      let a = random.buffer(count: 50)
      let b = random.buffer(count: 44)
      let exact = try dtw.distance(a, b)
      #expect(try dtw.distance(a, b, abandoningAbove: exact * 1.01) == exact)
      #expect(try dtw.distance(a, b, abandoningAbove: exact * 0.99) == .infinity)
      #expect(try dtw.distance(a, b, abandoningAbove: 0) == .infinity)
    }
  }

  @Test func openEndMatchesThePrefix() throws {
    let long = SampleBuffer(values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    let prefix = SampleBuffer(values: [0, 1, 2, 3])
    let dtw = DynamicTimeWarping(channels: [.x], openEnd: true)
    let alignment = try dtw.alignment(prefix, long)
    #expect(alignment.distance == 0)
    #expect(alignment.matchedRange == 0...3)
    let suffix = SampleBuffer(values: [7, 8, 9])
    let openBegin = try DynamicTimeWarping(channels: [.x], openBegin: true).alignment(suffix, long)
    #expect(openBegin.distance == 0)
    #expect(openBegin.matchedRange == 7...9)
    #expect(try DynamicTimeWarping(channels: [.x]).distance(prefix, long) > 0)
  }

  /// A path's own configuration costs it at the alignment's distance; along a joint
  /// alignment's path each channel's cost lies between its own DTW distance (the cheapest path)
  /// and the joint distance. The channels' Euclidean costs add up to no less than the joint
  /// one (the triangle inequality), their squared costs to exactly the joint one.
  @Test(arguments: [DTWLocalCost.euclidean, .squaredEuclidean])
  func costsAlongAJointPath(_ localCost: DTWLocalCost) throws {
    var random = RandomStroke(state: 31)
    for _ in 0..<5 {
      let a = random.buffer(count: 20 + Int(random.next() * 30))
      let b = random.buffer(count: 20 + Int(random.next() * 30))
      let band = DTWGlobalConstraint.sakoeChiba(radius: 6)
      let joint = DynamicTimeWarping(
        channels: [.x, .y, .t], localCost: localCost, constraint: band)
      let alignment = try joint.alignment(a, b)
      #expect(abs(try joint.cost(a, b, along: alignment.path) - alignment.distance) <= 1e-9)
      var shares = 0.0
      for channel in [SampleChannel.x, .y, .t] {
        let alone = DynamicTimeWarping(channels: [channel], localCost: localCost, constraint: band)
        let share = try alone.cost(a, b, along: alignment.path)
        #expect(try alone.distance(a, b) <= share + 1e-9)
        #expect(share <= alignment.distance + 1e-9)
        shares += localCost == .euclidean ? share : share * share
      }
      if localCost == .euclidean {
        #expect(shares >= alignment.distance - 1e-9)
      } else {
        #expect(abs(shares - alignment.distance * alignment.distance) <= 1e-6 * shares)
      }
    }
    let path = WarpingPath(firstIndices: [0, 1, 2], secondIndices: [0, 1, 1])
    let x = DynamicTimeWarping(channels: [.x], localCost: .euclidean)
    let three = SampleBuffer(values: [0, 1, 5])
    let two = SampleBuffer(values: [1, 3])
    #expect(try x.cost(three, two, along: path) == 1 + 2 + 2)
    #expect(throws: DTWError.self) {
      try x.cost(two, three, along: path)
    }
  }

  @Test func derivativeEstimateFollowsKeoghAndPazzani() throws {
    let buffer = SampleBuffer(values: [1, 3, 4, 8, 8])
    let d = try buffer.derivativeEstimate(of: [.x]).xs
    // d[1] = ((3 − 1) + (4 − 1) / 2) / 2 = 1.75, d[2] = (1 + 2.5) / 2, d[3] = (4 + 2) / 2.
    #expect(d == [1.75, 1.75, 1.75, 3, 3])
    #expect(try SampleBuffer(values: [2, 5]).derivativeEstimate(of: [.x]).xs == [3, 3])
    #expect(try SampleBuffer(values: [2]).derivativeEstimate(of: [.x]).xs == [0])
  }

  @Test func badInputIsATypedError() {
    let good = SampleBuffer(xs: [0, 1, 2, 3], ys: [0, 1, 2, 3])
    let nan = SampleBuffer(xs: [0, 1, 2, 3], ys: [0, 1, 2, .nan])
    let dtw = DynamicTimeWarping()
    #expect(throws: DTWError.invalidSeries(series: 1, .nonFiniteSample(channel: .y, index: 3))) {
      try dtw.distance(good, nan)
    }
    #expect(throws: DTWError.invalidSeries(series: 0, .nonFiniteSample(channel: .x, index: 0))) {
      try dtw.alignment(SampleBuffer(xs: [.infinity], ys: [0]), good)
    }
    #expect(throws: DTWError.emptySeries(series: 0)) {
      try dtw.distance(SampleBuffer(values: []), good)
    }
    #expect(throws: DTWError.invalidSeries(series: 1, .missingChannel(.force))) {
      try DynamicTimeWarping(channels: [.force]).distance(
        try SampleBuffer(xs: [1], ys: [1], extraChannels: [.force: [1]]), good)
    }
    #expect(throws: DTWError.noChannels) {
      try DynamicTimeWarping(channels: []).distance(good, good)
    }
    #expect(throws: DTWError.invalidWeights("1 weights for 2 channels")) {
      try DynamicTimeWarping(channelWeights: [1]).distance(good, good)
    }
    #expect(throws: DTWError.invalidWeights("weight 1 is -1.0")) {
      try DynamicTimeWarping(channelWeights: [1, -1]).distance(good, good)
    }
    #expect(throws: DTWError.invalidConstraint("Sakoe–Chiba radius -1 < 0")) {
      try DynamicTimeWarping(constraint: .sakoeChiba(radius: -1)).distance(good, good)
    }
    #expect(throws: DTWError.constraintWithOpenEnds) {
      try DynamicTimeWarping(constraint: .sakoeChiba(radius: 1), openEnd: true)
        .distance(good, good)
    }
    #expect(throws: DTWError.invalidThreshold(-1)) {
      try dtw.distance(good, good, abandoningAbove: -1)
    }
    #expect(throws: DTWError.lengthMismatch(first: 4, second: 1)) {
      try dtw.lowerBoundKeogh(good, SampleBuffer(xs: [1], ys: [1]), radius: 1)
    }
    #expect(throws: DTWError.invalidSeries(series: 3, .nonFiniteSample(channel: .y, index: 3))) {
      try dtw.distanceMatrix(rows: [good, good], columns: [good, nan])
    }
  }

  @Test func pathsBeyondTheMemoryLimitAreRefused() throws {
    let long = SampleBuffer(values: [Double](repeating: 1, count: 20_000))
    let cells = 20_000 * 20_000
    #expect(throws: DTWError.pathTooLarge(cells: cells, limit: DynamicTimeWarping.maximumPathCells))
    {
      try DynamicTimeWarping(channels: [.x]).alignment(long, long)
    }
    let banded = DynamicTimeWarping(channels: [.x], constraint: .sakoeChiba(radius: 2))
    #expect(try banded.alignment(long, long).path.count == 20_000)
  }

  @Test func infeasibleItakuraParallelogramIsRejected() {
    let short = SampleBuffer(values: [1, 2, 3])
    let long = SampleBuffer(values: Array(repeating: 1, count: 30))
    let dtw = DynamicTimeWarping(channels: [.x], constraint: .itakura(maxSlope: 2))
    #expect(throws: DTWError.self) { try dtw.distance(short, long) }
    #expect(throws: DTWError.self) { try dtw.distanceMatrix([short, long]) }
    #expect(throws: DTWError.invalidConstraint("Itakura maximum slope 1.0 is not a number above 1"))
    {
      try DynamicTimeWarping(constraint: .itakura(maxSlope: 1)).distance(short, short)
    }
  }

  @Test func dbaOfIdenticalSeriesIsThatSeries() throws {
    var random = RandomStroke(state: 29)
    let series = random.buffer(count: 24)
    let result = try DTWBarycenterAveraging().average(of: [series, series, series])
    for (got, expected) in zip(result.barycenter.xs, series.xs) {
      #expect(abs(got - expected) <= 1e-12 * abs(expected))
    }
    #expect(result.cost < 1e-20)
    #expect(result.iterations == 2)
    #expect(throws: DTWError.invalidParameter("DBA needs at least one series")) {
      try DTWBarycenterAveraging().average(of: [])
    }
  }

  @Test func dbaWithABandFractionAlignsWithinEachPairsBand() throws {
    // Series as long as the start: the fraction's band is the radius ⌈0.1 · 20⌉ = 2 throughout.
    var random = RandomStroke(state: 37)
    let series = (0..<4).map { _ in random.buffer(count: 20) }
    let fixed = DTWBarycenterAveraging(
      dtw: DynamicTimeWarping(localCost: .euclidean, constraint: .sakoeChiba(radius: 2)),
      maxIterations: 6, stopsAtConvergence: false)
    var fraction = fixed
    fraction.dtw.constraint = .none
    fraction.bandFraction = 0.1
    let banded = try fixed.average(of: series, initial: series[0])
    #expect(try fraction.average(of: series, initial: series[0]) == banded)
    // Without the convergence stop every iteration runs.
    #expect(banded.iterations == 6)
    fraction.bandFraction = 1
    let unbanded = try fraction.average(of: series, initial: series[0])
    fraction.bandFraction = nil
    #expect(try fraction.average(of: series, initial: series[0]) == unbanded)
    for bad in [0, -1, Double.nan] {
      fraction.bandFraction = bad
      #expect(throws: DTWError.self) { try fraction.average(of: series) }
    }
  }

  @Test func dbaWithTheSeriesFirstDiffersOnlyOnTies() throws {
    // Random real-valued series have no equally cheap paths: either alignment order gives the
    // same barycenter, under a band too.
    var random = RandomStroke(state: 31)
    let series = (0..<6).map { random.buffer(count: 18 + 3 * $0) }
    for constraint in [DTWGlobalConstraint.none, .sakoeChiba(radius: 4)] {
      let dtw = DynamicTimeWarping(constraint: constraint)
      let first = try DTWBarycenterAveraging(dtw: dtw).average(of: series)
      let second = try DTWBarycenterAveraging(dtw: dtw, seriesFirst: true).average(of: series)
      #expect(first.iterations == second.iterations)
      #expect(abs(first.cost - second.cost) <= 1e-12 * first.cost)
      for (a, b) in zip(
        first.barycenter.xs + first.barycenter.ys,
        second.barycenter.xs + second.barycenter.ys)
      {
        #expect(abs(a - b) <= 1e-12 * max(1, abs(a)))
      }
    }
  }
}
