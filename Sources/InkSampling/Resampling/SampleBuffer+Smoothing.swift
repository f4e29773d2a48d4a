extension SampleBuffer {
  /// The series with the given channels passed through a filter (Gaussian, Savitzky–Golay,
  /// regression derivative); other channels unchanged.
  ///
  /// ```swift
  /// let smooth = try buffer.filtered(with: GaussianFilter(sigma: 1.5))
  /// ```
  public func filtered(
    with filter: some SignalFilter, channels: [SampleChannel] = [.x, .y]
  ) throws(ResamplingError) -> SampleBuffer {
    var result = self
    for channel in channels {
      guard let values = self[channel] else { throw .missingChannel(channel) }
      try? result.setChannel(channel, to: try filter.apply(values))
    }
    return result
  }
}
