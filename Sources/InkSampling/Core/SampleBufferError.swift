/// Why a ``SampleBuffer`` could not be built or used.
public enum SampleBufferError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A channel has a different number of samples than `xs`.
  case channelLengthMismatch(channel: SampleChannel, count: Int, expected: Int)
  /// An extra channel reuses the name `x` or `y`, which are held in `xs` and `ys`.
  case reservedChannelName(SampleChannel)
  /// A computation needs a channel the buffer does not hold.
  case missingChannel(SampleChannel)
  /// A sample is NaN or infinite where a finite number is needed.
  case nonFiniteSample(channel: SampleChannel, index: Int)

  /// A sentence naming the channel and sample at fault.
  public var description: String {
    switch self {
    case .channelLengthMismatch(let channel, let count, let expected):
      "channel \(channel) has \(count) samples, expected \(expected) (the length of xs)"
    case .reservedChannelName(let channel):
      "channel \(channel) is held in xs or ys, not among the extra channels"
    case .missingChannel(let channel):
      "the sample buffer has no channel \(channel)"
    case .nonFiniteSample(let channel, let index):
      "sample \(index) of channel \(channel) is NaN or infinite"
    }
  }
}
