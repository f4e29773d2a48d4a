import Foundation
import OpenPencilKit

/// Strokes and drawings built in code for the rendering tests.
enum TestDrawings {
  /// A stroke through `points` with one ink, width, force and opacity at every point.
  static func stroke(
    _ points: [CGPoint], ink: PKInk.InkType = .pen, color: PKColor = .black, width: CGFloat = 4,
    force: CGFloat = 1, opacity: CGFloat = 1, azimuth: CGFloat = 0, altitude: CGFloat = .pi / 2,
    transform: CGAffineTransform = .identity, mask: PKBezierPath? = nil, seed: UInt32 = 7
  ) -> PKStroke {
    let controlPoints = points.enumerated().map { index, location in
      PKStrokePoint(
        location: location, timeOffset: Double(index) * 0.01,
        size: CGSize(width: width, height: width), opacity: opacity, force: force,
        azimuth: azimuth, altitude: altitude)
    }
    return PKStroke(
      ink: PKInk(ink, color: color),
      path: PKStrokePath(
        controlPoints: controlPoints, creationDate: Date(timeIntervalSince1970: 0)),
      transform: transform, mask: mask, randomSeed: seed)
  }

  /// A straight stroke from `start` to `end` with a control point every `step` units.
  static func line(
    from start: CGPoint, to end: CGPoint, step: CGFloat = 5, ink: PKInk.InkType = .pen,
    width: CGFloat = 4, force: CGFloat = 1, transform: CGAffineTransform = .identity,
    mask: PKBezierPath? = nil
  ) -> PKStroke {
    let count = max(Int((hypot(end.x - start.x, end.y - start.y) / step).rounded(.up)), 1)
    let points = (0...count).map { i in
      let t = CGFloat(i) / CGFloat(count)
      return CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
    }
    return stroke(points, ink: ink, width: width, force: force, transform: transform, mask: mask)
  }

  /// A wave: one period of a sine, 100 units wide and 30 high, the force rising along it.
  static func wave(ink: PKInk.InkType, width: CGFloat, color: PKColor = .black, y: CGFloat = 0)
    -> PKStroke
  {
    var stroke = stroke(
      (0...40).map { i in
        CGPoint(x: CGFloat(i) * 2.5, y: y + 15 * sin(CGFloat(i) / 40 * 2 * .pi))
      }, ink: ink, color: color, width: width)
    let path = stroke.path
    stroke.path = PKStrokePath(
      controlPoints: path.enumerated().map { index, point in
        var point = point
        point.force = 0.2 + 2.3 * CGFloat(index) / 40
        point.azimuth = .pi / 4
        return point
      }, creationDate: path.creationDate)
    return stroke
  }
}
