import Foundation
import OpenPencilKit

/// Small model values for the tests of this target.
enum ModelFixtures {
  /// A point with only a location, a time and a force; every other attribute at defaults.
  static func point(_ x: CGFloat, _ y: CGFloat, t: TimeInterval = 0, force: CGFloat = 1)
    -> PKStrokePoint
  {
    PKStrokePoint(
      location: CGPoint(x: x, y: y), timeOffset: t, size: CGSize(width: 5, height: 5), opacity: 1,
      force: force, azimuth: 0, altitude: .pi / 2)
  }

  /// A path of points starting at the reference date.
  static func path(_ points: [PKStrokePoint]) -> PKStrokePath {
    PKStrokePath(controlPoints: points, creationDate: Date(timeIntervalSinceReferenceDate: 0))
  }
}
