extension SampleBuffer {
  /// The buffer with the given channels replaced by Keogh and Pazzani's derivative estimate.
  ///
  /// Derivative dynamic time warping (Keogh & Pazzani, "Derivative Dynamic Time Warping", SDM
  /// 2001) aligns the local slopes of two series instead of their values. Each interior sample
  /// gets the mean of the left difference and the half central difference:
  ///
  ///     d[i] = ((q[i] − q[i−1]) + (q[i+1] − q[i−1]) / 2) / 2,   0 < i < n − 1
  ///
  /// As in the paper, the first and last estimates copy those of the second and the penultimate
  /// sample. Series shorter than three samples have no interior sample: two samples both get
  /// `q[1] − q[0]`, one sample gets 0. Other channels are kept unchanged.
  ///
  /// - Throws: ``SampleBufferError/missingChannel(_:)`` when a channel is not held.
  /// - Complexity: O(n) a channel.
  public func derivativeEstimate(of channels: [SampleChannel]) throws(SampleBufferError)
    -> SampleBuffer
  {
    var result = self
    for channel in channels {
      try result.setChannel(channel, to: Self.derivativeEstimate(samples(of: channel)))
    }
    return result
  }

  /// Keogh and Pazzani's derivative estimate of one channel (see ``derivativeEstimate(of:)``).
  package static func derivativeEstimate(_ q: [Double]) -> [Double] {
    let n = q.count
    guard n >= 3 else { return [Double](repeating: n == 2 ? q[1] - q[0] : 0, count: n) }
    var d = [Double](repeating: 0, count: n)
    for i in 1..<(n - 1) {
      d[i] = ((q[i] - q[i - 1]) + (q[i + 1] - q[i - 1]) / 2) / 2
    }
    d[0] = d[1]
    d[n - 1] = d[n - 2]
    return d
  }
}
