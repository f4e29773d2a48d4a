/// Why the features of a signature could not be computed.
public enum SignatureFeatureError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A pen sample holds a number that is not finite (NaN or an infinity), so no feature
  /// computed from it would be; `channel` is `x`, `y`, `t`, `force`, `azimuth` or `altitude`,
  /// `index` the sample's position among the signature's pen-down samples, counted from 0.
  case nonFiniteSample(channel: String, index: Int, value: Double)

  /// One line naming the sample and the problem.
  public var description: String {
    switch self {
    case .nonFiniteSample(let channel, let index, let value):
      "the \(channel) of pen-down sample \(index) is \(value), which is not a finite number"
    }
  }
}
