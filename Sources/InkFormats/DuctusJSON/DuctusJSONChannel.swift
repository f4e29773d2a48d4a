import OpenPencilKit

/// The per-point channels of Ductus JSON: one array each in a stroke's `points` object, all of
/// the length of `x`.
///
/// `x` and `y` are required; every other channel may be left out and then takes its default
/// for every point (`height` defaults to the point's `width`, `width` to the ink's default
/// width). The writer leaves out a channel whose every value is its default.
public enum DuctusJSONChannel: String, CaseIterable, Sendable {
  /// The location's x coordinate, in the stroke's coordinates.
  case x
  /// The location's y coordinate.
  case y
  /// Seconds since the stroke's `creationDate` (`PKStrokePoint.timeOffset`); default 0.
  case t
  /// The ink's width at the point (`size.width`); default the ink type's default width.
  case width
  /// The ink's height at the point (`size.height`); default the point's width.
  case height
  /// The pen's force; default 1.
  case force
  /// The azimuth in radians; default 0.
  case azimuth
  /// The altitude in radians; default π/2 (upright).
  case altitude
  /// The opacity multiplier, 0…2; default 1.
  case opacity
  /// The scale of the ink's second width; default 1.
  case secondaryScale
  /// The barrel-roll threshold; default 0.
  case threshold

  /// The value every point of a stroke with this ink takes when the channel is absent
  /// (`nil` for `x`, `y`, which are required, and `height`, which follows `width`).
  public func defaultValue(for ink: PKInk) -> Double? {
    switch self {
    case .x, .y, .height: nil
    case .t, .azimuth, .threshold: 0
    case .width: Double(ink.inkType.defaultWidth)
    case .force, .opacity, .secondaryScale: 1
    case .altitude: Double.pi / 2
    }
  }

  /// The channel's value at a point.
  public func value(of point: PKStrokePoint) -> Double {
    switch self {
    case .x: Double(point.location.x)
    case .y: Double(point.location.y)
    case .t: point.timeOffset
    case .width: Double(point.size.width)
    case .height: Double(point.size.height)
    case .force: Double(point.force)
    case .azimuth: Double(point.azimuth)
    case .altitude: Double(point.altitude)
    case .opacity: Double(point.opacity)
    case .secondaryScale: Double(point.secondaryScale)
    case .threshold: Double(point.threshold)
    }
  }
}
