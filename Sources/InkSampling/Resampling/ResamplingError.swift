/// Why a series could not be resampled, simplified, smoothed or normalised.
public enum ResamplingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The series has no sample.
  case empty
  /// A parameter is out of its range (a count below 1, a spacing that is not positive …).
  case invalidParameter(String)
  /// A sample is NaN or infinite.
  case nonFiniteSample(channel: SampleChannel, index: Int)
  /// A channel the operation needs is absent.
  case missingChannel(SampleChannel)

  /// A sentence saying what is wrong.
  public var description: String {
    switch self {
    case .empty: "the series has no sample"
    case .invalidParameter(let message): message
    case .nonFiniteSample(let channel, let index):
      "sample \(index) of channel \(channel) is NaN or infinite"
    case .missingChannel(let channel): "the series has no channel \(channel)"
    }
  }

  /// The same failure from a sample-buffer check.
  init(_ error: SampleBufferError) {
    switch error {
    case .nonFiniteSample(let channel, let index):
      self = .nonFiniteSample(channel: channel, index: index)
    case .missingChannel(let channel): self = .missingChannel(channel)
    default: self = .invalidParameter(error.description)
    }
  }
}
