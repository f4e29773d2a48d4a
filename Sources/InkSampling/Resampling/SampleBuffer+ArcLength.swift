extension SampleBuffer {
  /// The arc length from the first sample to each sample along the polyline through `xs`, `ys`.
  ///
  /// `cumulativeArcLength[0] == 0`; the last element is ``pathLength``. Complexity: O(n).
  public var cumulativeArcLength: [Double] {
    var lengths = [Double](repeating: 0, count: count)
    var total = 0.0
    for i in xs.indices.dropFirst() {
      let dx = xs[i] - xs[i - 1]
      let dy = ys[i] - ys[i - 1]
      total += (dx * dx + dy * dy).squareRoot()
      lengths[i] = total
    }
    return lengths
  }

  /// The length of the polyline through `xs`, `ys` (0 for fewer than two samples).
  public var pathLength: Double { cumulativeArcLength.last ?? 0 }

  /// Every channel linearly interpolated at `targets` along a non-decreasing `key` (arc length
  /// or time), as NumPy's `interp` does; targets beyond the key's ends take the end samples.
  ///
  /// Where the key repeats (duplicate points), a target on the repeated value takes the first
  /// of the repeated samples.
  func interpolated(along key: [Double], at targets: [Double]) -> SampleBuffer {
    // Where each target falls, found once for all channels: the segment `j` and the fraction
    // along it, or -1 / -2 for before the first / after the last sample.
    let last = count - 1
    var segments = [Int](repeating: 0, count: targets.count)
    var fractions = [Double](repeating: 0, count: targets.count)
    var j = 0
    for (k, target) in targets.enumerated() {
      while j < last - 1, key[j + 1] < target { j += 1 }
      if last == 0 || target <= key[0] {
        segments[k] = -1
      } else if target >= key[last] {
        segments[k] = -2
      } else {
        let span = key[j + 1] - key[j]
        segments[k] = j
        fractions[k] = span > 0 ? (target - key[j]) / span : 0
      }
    }
    func channel(_ data: [Double]) -> [Double] {
      [Double](unsafeUninitializedCapacity: targets.count) { output, initialized in
        for k in 0..<targets.count {
          let j = segments[k]
          output[k] =
            j == -1
            ? data[0] : j == -2 ? data[last] : data[j] + (data[j + 1] - data[j]) * fractions[k]
        }
        initialized = targets.count
      }
    }
    var result = SampleBuffer(xs: channel(xs), ys: channel(ys))
    for name in channels.dropFirst(2) {
      try? result.setChannel(name, to: channel(self[name]!))
    }
    return result
  }

  /// Checks that the series has samples and finite coordinates.
  package func checkedForResampling() throws(ResamplingError) {
    guard !isEmpty else { throw .empty }
    do { try checkFinite([.x, .y]) } catch { throw ResamplingError(error) }
  }

  /// `n` samples equally spaced along the arc length, first and last samples kept, every
  /// channel interpolated linearly.
  ///
  /// This is the resampling step of the $1 recognizer (Wobbrock, Wilson and Li, UIST 2007),
  /// computed from the cumulative arc length rather than by $1's incremental point insertion,
  /// so it always returns exactly `n` samples and carries no accumulated rounding. A path of
  /// zero length yields `n` copies of its first sample.
  ///
  /// - Throws: ``ResamplingError/empty``, ``ResamplingError/invalidParameter(_:)`` when
  ///   `n < 1`, ``ResamplingError/nonFiniteSample(channel:index:)``.
  public func resampled(count n: Int) throws(ResamplingError) -> SampleBuffer {
    try checkedForResampling()
    guard n >= 1 else { throw .invalidParameter("the sample count must be at least 1, not \(n)") }
    let lengths = cumulativeArcLength
    let total = lengths[lengths.count - 1]
    let targets =
      n == 1 ? [0] : (0..<n).map { $0 == n - 1 ? total : total * Double($0) / Double(n - 1) }
    return interpolated(along: lengths, at: targets)
  }

  /// Samples every `spacing` units of arc length from the first sample, plus the last sample
  /// when the length is not a whole number of steps (as PencilKit's distance stride).
  ///
  /// - Throws: ``ResamplingError/invalidParameter(_:)`` when `spacing` is not positive and
  ///   finite, or when it would make more than 10 million samples.
  public func resampled(spacing: Double) throws(ResamplingError) -> SampleBuffer {
    try checkedForResampling()
    guard spacing > 0, spacing.isFinite else {
      throw .invalidParameter("the spacing must be a positive number, not \(spacing)")
    }
    let lengths = cumulativeArcLength
    return try interpolated(along: lengths, every: spacing, from: 0, to: lengths[lengths.count - 1])
  }

  /// Samples every `interval` seconds of the `t` channel from the first sample, plus the last
  /// sample when the duration is not a whole number of steps.
  ///
  /// - Throws: ``ResamplingError/missingChannel(_:)`` without a `t` channel,
  ///   ``ResamplingError/invalidParameter(_:)`` when time goes backwards or `interval` is not
  ///   positive.
  public func resampled(interval: Double) throws(ResamplingError) -> SampleBuffer {
    try checkedForResampling()
    guard let ts = self[.t] else { throw .missingChannel(.t) }
    do { try checkFinite([.t]) } catch { throw ResamplingError(error) }
    guard interval > 0, interval.isFinite else {
      throw .invalidParameter("the interval must be a positive number of seconds, not \(interval)")
    }
    if let back = ts.indices.dropFirst().first(where: { ts[$0] < ts[$0 - 1] }) {
      throw .invalidParameter("time goes backwards at sample \(back)")
    }
    return try interpolated(along: ts, every: interval, from: ts[0], to: ts[ts.count - 1])
  }

  func interpolated(
    along key: [Double], every step: Double, from start: Double, to end: Double
  ) throws(ResamplingError) -> SampleBuffer {
    let steps = ((end - start) / step).rounded(.down)
    guard steps < 10_000_000 else {
      throw .invalidParameter("a step of \(step) would make more than 10 million samples")
    }
    var targets = (0...Int(steps)).map { start + Double($0) * step }
    if end - targets[targets.count - 1] > 1e-9 * max(abs(end), 1) { targets.append(end) }
    return interpolated(along: key, at: targets)
  }
}
