import Foundation

/// One control point of a stroke path: where the pen was and how it was held, as PencilKit's
/// `PKStrokePoint`.
///
/// `opacity` runs over `0…2` (1 is the ink's own opacity), `azimuth` is in radians and
/// `altitude` in radians over `0…π/2` (π/2 is a pen held upright). `secondaryScale` scales the
/// width of inks with a second width (fountain pen, reed); `threshold` is the iOS 17.5
/// barrel-roll threshold.
public struct PKStrokePoint: Hashable, Sendable {
  /// Where the point is, in the stroke's coordinates.
  public var location: CGPoint
  /// Seconds since the start of the stroke path (`PKStrokePath.creationDate`).
  public var timeOffset: TimeInterval
  /// The width and height of the ink at this point.
  public var size: CGSize
  /// The opacity multiplier, `0…2`.
  public var opacity: CGFloat
  /// The pen's force; 1 is a normal press.
  public var force: CGFloat
  /// The angle of the pen around the perpendicular of the screen, in radians.
  public var azimuth: CGFloat
  /// The pen's angle above the screen, in radians (`π/2` upright).
  public var altitude: CGFloat
  /// The scale of the ink's second width.
  public var secondaryScale: CGFloat
  /// The barrel-roll threshold (content version 3).
  public var threshold: CGFloat

  /// Creates a point with a secondary scale of 1 and no threshold.
  public init(
    location: CGPoint, timeOffset: TimeInterval, size: CGSize, opacity: CGFloat,
    force: CGFloat, azimuth: CGFloat, altitude: CGFloat
  ) {
    self.init(
      location: location, timeOffset: timeOffset, size: size, opacity: opacity, force: force,
      azimuth: azimuth, altitude: altitude, secondaryScale: 1, threshold: 0)
  }

  /// Creates a point with a secondary scale and no threshold.
  public init(
    location: CGPoint, timeOffset: TimeInterval, size: CGSize, opacity: CGFloat,
    force: CGFloat, azimuth: CGFloat, altitude: CGFloat, secondaryScale: CGFloat
  ) {
    self.init(
      location: location, timeOffset: timeOffset, size: size, opacity: opacity, force: force,
      azimuth: azimuth, altitude: altitude, secondaryScale: secondaryScale, threshold: 0)
  }

  /// Creates a point with every attribute.
  public init(
    location: CGPoint, timeOffset: TimeInterval, size: CGSize, opacity: CGFloat,
    force: CGFloat, azimuth: CGFloat, altitude: CGFloat, secondaryScale: CGFloat,
    threshold: CGFloat
  ) {
    self.location = location
    self.timeOffset = timeOffset
    self.size = size
    self.opacity = opacity
    self.force = force
    self.azimuth = azimuth
    self.altitude = altitude
    self.secondaryScale = secondaryScale
    self.threshold = threshold
  }
}
