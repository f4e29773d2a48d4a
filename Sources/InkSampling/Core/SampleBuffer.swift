/// A sampled series of points in structure-of-arrays layout: one contiguous `[Double]` a channel.
///
/// `xs` and `ys` are always there; further channels (time, force, azimuth, altitude, or any
/// named feature) are optional and have the same length. Kernels read the channels as
/// contiguous buffers, so SIMD loops never gather fields out of point structs.
///
/// ```swift
/// var buffer = SampleBuffer(xs: [0, 1, 2], ys: [0, 0, 1])
/// try buffer.setChannel(.t, to: [0, 0.01, 0.02])
/// buffer.count          // 3
/// buffer[.t]?[2]        // 0.02
/// ```
///
/// The buffer does not reject NaN or infinite samples (a missing force reading may be NaN);
/// computations that need finite numbers check with ``checkFinite(_:)`` and say where.
public struct SampleBuffer: Hashable, Sendable {
  /// The horizontal coordinates, one a sample.
  public private(set) var xs: [Double]
  /// The vertical coordinates, one a sample (same count as `xs`).
  public private(set) var ys: [Double]
  /// The extra channels by name, each with `count` samples.
  public private(set) var extraChannels: [SampleChannel: [Double]]

  /// A buffer of the given coordinates; the shorter of `xs` and `ys` sets the count.
  ///
  /// Use ``init(xs:ys:extraChannels:)`` when unequal lengths must be an error.
  public init(xs: [Double], ys: [Double]) {
    let count = min(xs.count, ys.count)
    self.xs = Array(xs.prefix(count))
    self.ys = Array(ys.prefix(count))
    self.extraChannels = [:]
  }

  /// A buffer of the given channels, all of the same length.
  ///
  /// - Throws: ``SampleBufferError/channelLengthMismatch(channel:count:expected:)`` when a
  ///   channel's length differs from `xs.count`, ``SampleBufferError/reservedChannelName(_:)``
  ///   when an extra channel is named `x` or `y`.
  public init(
    xs: [Double], ys: [Double], extraChannels: [SampleChannel: [Double]]
  ) throws(SampleBufferError) {
    guard ys.count == xs.count else {
      throw .channelLengthMismatch(channel: .y, count: ys.count, expected: xs.count)
    }
    self.xs = xs
    self.ys = ys
    self.extraChannels = [:]
    for (channel, samples) in extraChannels.sorted(by: { $0.key.name < $1.key.name }) {
      guard channel != .x, channel != .y else { throw .reservedChannelName(channel) }
      try setChannel(channel, to: samples)
    }
  }

  /// A one-channel series (a univariate time series) held in `xs`; `ys` is all zeros.
  public init(values: [Double]) {
    self.init(xs: values, ys: [Double](repeating: 0, count: values.count))
  }

  /// The number of samples.
  public var count: Int { xs.count }

  /// Whether the buffer holds no sample.
  public var isEmpty: Bool { xs.isEmpty }

  /// The names of all channels held: `x`, `y`, then the extra channels by name.
  public var channels: [SampleChannel] {
    [.x, .y] + extraChannels.keys.sorted { $0.name < $1.name }
  }

  /// The samples of a channel, or `nil` when the buffer does not hold it.
  public subscript(channel: SampleChannel) -> [Double]? {
    switch channel {
    case .x: xs
    case .y: ys
    default: extraChannels[channel]
    }
  }

  /// The samples of a channel.
  ///
  /// - Throws: ``SampleBufferError/missingChannel(_:)`` when the buffer does not hold it.
  public func samples(of channel: SampleChannel) throws(SampleBufferError) -> [Double] {
    guard let samples = self[channel] else { throw .missingChannel(channel) }
    return samples
  }

  /// Adds or replaces a channel; `x` and `y` replace `xs` and `ys`.
  ///
  /// - Throws: ``SampleBufferError/channelLengthMismatch(channel:count:expected:)`` when the
  ///   samples are not `count` long.
  public mutating func setChannel(
    _ channel: SampleChannel, to samples: [Double]
  ) throws(SampleBufferError) {
    guard samples.count == count else {
      throw .channelLengthMismatch(channel: channel, count: samples.count, expected: count)
    }
    switch channel {
    case .x: xs = samples
    case .y: ys = samples
    default: extraChannels[channel] = samples
    }
  }

  /// Removes an extra channel; `x` and `y` cannot be removed.
  ///
  /// - Throws: ``SampleBufferError/reservedChannelName(_:)`` for `x` or `y`.
  public mutating func removeChannel(_ channel: SampleChannel) throws(SampleBufferError) {
    guard channel != .x, channel != .y else { throw .reservedChannelName(channel) }
    extraChannels[channel] = nil
  }

  /// Checks that the given channels exist and hold only finite samples.
  ///
  /// - Throws: ``SampleBufferError/missingChannel(_:)`` or
  ///   ``SampleBufferError/nonFiniteSample(channel:index:)`` naming the first bad sample.
  public func checkFinite(_ channels: [SampleChannel]) throws(SampleBufferError) {
    for channel in channels {
      let samples = try samples(of: channel)
      if let index = samples.firstIndex(where: { !$0.isFinite }) {
        throw .nonFiniteSample(channel: channel, index: index)
      }
    }
  }
}
