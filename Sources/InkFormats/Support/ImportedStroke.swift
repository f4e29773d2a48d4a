import Foundation
import OpenPencilKit

/// How the importers of data sets without ink attributes build model strokes: a black pen two
/// units wide, force 1, an upright pen (altitude π/2) unless the source says otherwise.
enum ImportedStroke {
  /// The ink every imported stroke is drawn with.
  static let ink = PKInk(.pen, color: .black)
  /// The ink's width and height, in the source's units.
  static let size = CGSize(width: 2, height: 2)

  /// A control point with the default attributes where the source has none.
  static func point(
    x: Double, y: Double, time: TimeInterval, force: Double = 1, azimuth: Double = 0,
    altitude: Double = .pi / 2
  ) -> PKStrokePoint {
    PKStrokePoint(
      location: CGPoint(x: x, y: y), timeOffset: time, size: size, opacity: 1, force: force,
      azimuth: azimuth, altitude: altitude)
  }

  /// A stroke whose path starts `startTime` seconds after the reference date (2001-01-01), the
  /// date importers use when a source records relative times only.
  static func stroke(_ points: [PKStrokePoint], startTime: TimeInterval) -> PKStroke {
    PKStroke(
      ink: ink,
      path: PKStrokePath(
        controlPoints: points, creationDate: Date(timeIntervalSinceReferenceDate: startTime)))
  }

  /// Strokes drawn at a constant speed from polylines laid out at about one unit a point, one
  /// after the other without a pause; for sources that have shapes but no timing (fonts,
  /// stroke-order diagrams). Times are arc length divided by `speed` (units a second).
  static func strokes(fromSampled polylines: [[PolylineSampler.Sample]], speed: Double)
    -> [PKStroke]
  {
    var start: TimeInterval = 0
    return polylines.map { samples in
      let points = samples.map {
        point(x: $0.location.x, y: $0.location.y, time: $0.distance / speed)
      }
      defer { start += (samples.last?.distance ?? 0) / speed }
      return stroke(points, startTime: start)
    }
  }
}
