import InkMath
import InkSampling

extension DynamicTimeWarping {
  /// The `k` nearest other series of each series of `series` by DTW, exactly those of a
  /// brute-force search (ascending distance, ties by the smaller index; a series is never its own
  /// neighbour, an identical copy elsewhere is, at distance 0).
  ///
  /// The search of the UCR suite (Rakthanmanon et al. 2012), a query at a time on all cores:
  /// the candidates are visited in ascending LB_Kim order (``lowerBoundKim(_:_:)``), so that once
  /// LB_Kim exceeds the `k`-th best distance so far every remaining candidate is discarded; a
  /// candidate of the query's length is then tested against LB_Keogh
  /// (``lowerBoundKeogh(_:_:radius:)``, the envelope of each series built once, with the
  /// Sakoe–Chiba radius, or the whole series without a band); the survivors run DTW abandoned
  /// above the `k`-th best distance. A candidate is discarded only when a bound strictly exceeds
  /// that distance, so ties are never lost. The result counts what each stage saved.
  ///
  /// - Throws: ``DTWError/constraintWithOpenEnds`` with open-begin or open-end matching (the
  ///   bounds assume whole paths), ``DTWError/invalidConstraint(_:)`` unless `0 ≤ k < N`, and the
  ///   errors of ``distanceMatrix(_:abandoningAbove:)``.
  /// - Complexity: at most `N(N−1)` DTW computations, usually far fewer.
  public func nearestNeighbors(among series: [SampleBuffer], k: Int) throws(DTWError)
    -> DTWNearestNeighbors
  {
    guard !openBegin && !openEnd else { throw .constraintWithOpenEnds }
    guard k >= 0, k < max(series.count, 1) else {
      throw .invalidConstraint("k = \(k) nearest neighbours among \(series.count) series")
    }
    let prepared = try prepareAll(series, firstIndex: 0)
    try DTWPairwiseJob<SummedCostRecurrence>(
      dtw: self, rows: prepared, columns: prepared, limit: .infinity
    ).checkWindows()
    let radius: Int? =
      switch constraint {
      case .none: prepared.map(\.count).max() ?? 0
      case .sakoeChiba(let radius): radius
      case .itakura: nil
      }
    let envelopes = radius.map { r in prepared.map { envelope($0, radius: r) } }
    let reversed = prepared.map { $0.reversed() }
    let n = series.count
    var indices = [Int](repeating: 0, count: n * k)
    var distances = [Double](repeating: 0, count: n * k)
    var counts = [Int](repeating: 0, count: 3 * n)
    indices.withUnsafeMutableBufferPointer { indexBuffer in
      distances.withUnsafeMutableBufferPointer { distanceBuffer in
        counts.withUnsafeMutableBufferPointer { countBuffer in
          let (indexOut, distanceOut, countOut) = (
            DisjointWriteBuffer(indexBuffer), DisjointWriteBuffer(distanceBuffer),
            DisjointWriteBuffer(countBuffer)
          )
          ParallelLoop.forEachChunk(of: 0..<n, chunksPerCore: 8) { chunk in
            for q in chunk {
              let search = neighbors(
                of: q, prepared: prepared, reversed: reversed, envelopes: envelopes, k: k)
              for (rank, neighbor) in search.best.enumerated() {
                indexOut[q * k + rank] = neighbor.index
                distanceOut[q * k + rank] = neighbor.distance
              }
              countOut[3 * q] = search.kim
              countOut[3 * q + 1] = search.keogh
              countOut[3 * q + 2] = search.abandoned
            }
          }
        }
      }
    }
    func total(_ stage: Int) -> Int {
      stride(from: stage, to: 3 * n, by: 3).reduce(0) { $0 + counts[$1] }
    }
    return DTWNearestNeighbors(
      k: k, indices: indices, distances: distances, pairCount: n * max(n - 1, 0),
      prunedByKim: total(0), prunedByKeogh: total(1), abandoned: total(2))
  }

  /// The search of one query: its `k` best candidates and the pairs each stage discarded.
  private func neighbors(
    of q: Int, prepared: [DTWPreparedSeries], reversed: [DTWPreparedSeries],
    envelopes: [[(lower: [Double], upper: [Double])]]?, k: Int
  ) -> (best: [(distance: Double, index: Int)], kim: Int, keogh: Int, abandoned: Int) {
    guard k > 0 else { return ([], prepared.count - 1, 0, 0) }
    let query = prepared[q]
    let kim = prepared.indices.map {
      reportedDistance(kimCost(query, prepared[$0]), limit: .infinity)
    }
    let order = prepared.indices.filter { $0 != q }.sorted { (kim[$0], $0) < (kim[$1], $1) }
    var best = [(distance: Double, index: Int)]()
    best.reserveCapacity(k + 1)
    var (keogh, abandoned) = (0, 0)
    for (position, c) in order.enumerated() {
      let bound = best.count == k ? best[k - 1].distance : .infinity
      if kim[c] > bound { return (best, order.count - position, keogh, abandoned) }
      if let envelopes, prepared[c].count == query.count,
        reportedDistance(keoghCost(query, envelope: envelopes[c]), limit: .infinity) > bound
      {
        keogh += 1
        continue
      }
      let limit = largestAccumulatedCost(reportingAtMost: bound)
      // The windows were checked before the search, so the distance cannot fail here.
      guard let distance = try? preparedDistance(query, reversed[c], limit: limit) else { continue }
      if distance > bound {
        if distance == .infinity { abandoned += 1 }
        continue
      }
      let slot = best.firstIndex { ($0.distance, $0.index) > (distance, c) } ?? best.count
      best.insert((distance, c), at: slot)
      if best.count > k { best.removeLast() }
    }
    return (best, 0, keogh, abandoned)
  }

  /// The largest accumulated cost whose reported distance is at most `distance`, so that DTW
  /// abandoned above it keeps every candidate that could tie (the square root rounds).
  func largestAccumulatedCost(reportingAtMost distance: Double) -> Double {
    guard distance < .infinity else { return .infinity }
    guard localCost == .squaredEuclidean else { return distance }
    var cost = distance * distance
    while cost.squareRoot() > distance { cost = cost.nextDown }
    while cost.nextUp.squareRoot() <= distance { cost = cost.nextUp }
    return cost
  }
}
