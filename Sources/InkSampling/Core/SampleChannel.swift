/// The name of one channel of a ``SampleBuffer``: a quantity sampled once per point.
///
/// The six channels a pen stroke carries have static names; any other per-point feature (a
/// curvature, a derivative, a learned embedding coordinate) gets its own name through
/// ``init(_:)``.
///
/// ```swift
/// let curvature = SampleChannel("curvature")
/// let channels: [SampleChannel] = [.x, .y, .force]
/// ```
public struct SampleChannel: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The channel's name, as written in JSON and on the command line.
  public let name: String

  /// A channel with the given name.
  public init(_ name: String) {
    self.name = name
  }

  /// The horizontal coordinate, in drawing units (points).
  public static let x = SampleChannel("x")
  /// The vertical coordinate, in drawing units (points); it grows downwards as in PencilKit.
  public static let y = SampleChannel("y")
  /// The time offset from the start of the stroke, in seconds.
  public static let t = SampleChannel("t")
  /// The pen force, as PencilKit reports it (`PKStrokePoint.force`).
  public static let force = SampleChannel("force")
  /// The pen azimuth in radians (`PKStrokePoint.azimuth`).
  public static let azimuth = SampleChannel("azimuth")
  /// The pen altitude in radians (`PKStrokePoint.altitude`).
  public static let altitude = SampleChannel("altitude")

  /// The channel's name.
  public var description: String { name }

  /// Decodes the channel from its name, a bare JSON string.
  public init(from decoder: any Decoder) throws {
    name = try decoder.singleValueContainer().decode(String.self)
  }

  /// Encodes the channel as its name, a bare JSON string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(name)
  }
}
