import Foundation
import OpenPencilKit

/// One stroke of a reference fixture (`Tests/Fixtures/signatures/features.json`,
/// `Tests/Fixtures/features/stroke-features.json`): its creation time (seconds after the
/// reference date) and its points as `[x, y, timeOffset, force, azimuth, altitude]`.
struct FixtureStroke: Decodable {
  var start: Double
  var points: [[Double]]

  /// The strokes as a drawing, each stroke created at its start time.
  static func drawing(_ strokes: [FixtureStroke]) -> PKDrawing {
    PKDrawing(
      strokes: strokes.map { stroke in
        PKStroke(
          ink: PKInk(.pen, color: .black),
          path: PKStrokePath(
            controlPoints: stroke.points.map { p in
              PKStrokePoint(
                location: CGPoint(x: p[0], y: p[1]), timeOffset: p[2],
                size: CGSize(width: 2, height: 2), opacity: 1, force: p[3], azimuth: p[4],
                altitude: p[5])
            },
            creationDate: Date(timeIntervalSinceReferenceDate: stroke.start)))
      })
  }
}
