import InkSampling

extension DynamicTimeWarping {
  /// LB_Kim, in the first-and-last form of the UCR suite: a lower bound of ``distance(_:_:abandoningAbove:)``
  /// from the two cells every global warping path visits.
  ///
  /// Kim, Park & Chu (2001) bound DTW with four features (first, last, minimum, maximum
  /// samples); Rakthanmanon et al. (2012, the UCR suite) keep the first and last samples, which
  /// give a bound for any number of channels and any local cost: the path always matches the
  /// two first samples and the two last ones. Here the bound is
  /// `√(cost(0, 0) + cost(n−1, m−1))` for squared local costs and the plain sum otherwise
  /// (one cell when both series have one sample). O(channels).
  ///
  /// - Throws: ``DTWError/constraintWithOpenEnds`` with open-begin or open-end matching (the
  ///   corner cells are then not on every path), and the errors of ``distance(_:_:abandoningAbove:)``.
  public func lowerBoundKim(_ first: SampleBuffer, _ second: SampleBuffer) throws(DTWError)
    -> Double
  {
    guard !openBegin && !openEnd else { throw .constraintWithOpenEnds }
    let a = try prepare(first, index: 0)
    let b = try prepare(second, index: 1)
    return reportedDistance(kimCost(a, b), limit: .infinity)
  }

  /// LB_Keogh (Keogh & Ratanamahatana 2005): a lower bound of the distance under the
  /// Sakoe–Chiba band `.sakoeChiba(radius: radius)`, or any narrower band, for series of equal
  /// length.
  ///
  /// The candidate's envelope holds, at each sample `i`, the minimum and maximum of each channel
  /// over samples `i − radius … i + radius` (computed in O(n) with Lemire's 2006 streaming
  /// minimum and maximum). Each query sample costs its squared distance to the envelope box,
  /// weighted as the local cost is. For a single channel this is tslearn's `lb_keogh(query,
  /// candidate, radius)`; for several channels the per-channel excesses are summed, which
  /// still bounds the squared Euclidean local cost from below. For the Euclidean local cost the
  /// square roots of the per-sample excesses are summed.
  ///
  /// - Throws: ``DTWError/lengthMismatch(first:second:)`` for unequal lengths,
  ///   ``DTWError/invalidConstraint(_:)`` for a negative radius,
  ///   ``DTWError/constraintWithOpenEnds`` with open ends.
  public func lowerBoundKeogh(_ query: SampleBuffer, _ candidate: SampleBuffer, radius: Int)
    throws(DTWError) -> Double
  {
    guard !openBegin && !openEnd else { throw .constraintWithOpenEnds }
    guard radius >= 0 else { throw .invalidConstraint("LB_Keogh radius \(radius) < 0") }
    let q = try prepare(query, index: 0)
    let c = try prepare(candidate, index: 1)
    guard q.count == c.count else { throw .lengthMismatch(first: q.count, second: c.count) }
    return reportedDistance(keoghCost(q, envelope: envelope(c, radius: radius)), limit: .infinity)
  }

  /// The per-channel running minima and maxima of a prepared series over samples
  /// `i − radius … i + radius`: the envelope of LB_Keogh.
  func envelope(_ series: DTWPreparedSeries, radius: Int) -> [(lower: [Double], upper: [Double])] {
    (0..<series.channelCount).map { Self.envelope(Array(series.channel($0)), radius: radius) }
  }

  /// LB_Keogh in accumulated-cost units: each query sample's squared distance to the envelope
  /// box (its square root for the Euclidean local cost), summed sample by sample; the sum so
  /// far once `total × margin` reaches `stoppingAt` (a caller that only asks whether the bound
  /// reaches a limit stops there).
  func keoghCost(
    _ q: DTWPreparedSeries, envelope: [(lower: [Double], upper: [Double])],
    stoppingAt limit: Double = .infinity, margin: Double = 1
  ) -> Double {
    var total = 0.0
    for i in 0..<q.count {
      var excess = 0.0
      for (channel, bounds) in envelope.enumerated() {
        let value = q[channel: channel, sample: i]
        // At most one of the two is positive (lower ≤ upper).
        let outside = max(value - bounds.upper[i], 0) + max(bounds.lower[i] - value, 0)
        excess += outside * outside
      }
      total += localCost.cost(squaredDistance: excess)
      if total * margin >= limit { return total }
    }
    return total
  }

  /// LB_Kim in accumulated-cost units: the costs of the first and the last cells.
  func kimCost(_ a: DTWPreparedSeries, _ b: DTWPreparedSeries) -> Double {
    let first = localCost.cost(squaredDistance: a.squaredDistance(0, b, 0))
    guard a.count > 1 || b.count > 1 else { return first }
    return first + localCost.cost(squaredDistance: a.squaredDistance(a.count - 1, b, b.count - 1))
  }

  /// The running minimum and maximum of `samples` over windows `i − radius … i + radius`
  /// (Lemire, "Streaming maximum-minimum filter using no more than three comparisons per
  /// element", 2006): two monotone deques of indices.
  static func envelope(_ samples: [Double], radius: Int) -> (lower: [Double], upper: [Double]) {
    let n = samples.count
    var lower = [Double](repeating: 0, count: n)
    var upper = [Double](repeating: 0, count: n)
    var minima = [Int]()
    var maxima = [Int]()
    var minimaStart = 0
    var maximaStart = 0
    let reach = min(radius, n)
    for k in 0..<(n + reach) {
      if k < n {
        while minima.count > minimaStart && samples[minima[minima.count - 1]] >= samples[k] {
          minima.removeLast()
        }
        minimaStart = min(minimaStart, minima.count)
        minima.append(k)
        while maxima.count > maximaStart && samples[maxima[maxima.count - 1]] <= samples[k] {
          maxima.removeLast()
        }
        maximaStart = min(maximaStart, maxima.count)
        maxima.append(k)
      }
      let i = k - reach
      guard i >= 0 else { continue }
      while minima[minimaStart] < i - reach { minimaStart += 1 }
      while maxima[maximaStart] < i - reach { maximaStart += 1 }
      lower[i] = samples[minima[minimaStart]]
      upper[i] = samples[maxima[maximaStart]]
    }
    return (lower, upper)
  }
}
