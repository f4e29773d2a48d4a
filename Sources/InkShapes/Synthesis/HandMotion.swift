import Foundation
import OpenPencilKit
import _DuctusSupport

/// How a hand moves a pen along a `PenPath`: one lognormal speed pulse from corner to corner,
/// so the pen accelerates along each edge and nearly stops at each corner (Plamondon's kinematic
/// theory: Plamondon 1995, Plamondon and Djioua 2006), a smooth wander of a few thousandths of
/// the size, overshoot at corners, and a force that rises and falls; sampled at 240 Hz as an
/// Apple Pencil is.
struct HandMotion {
  /// The shape's size (its longer extent), the unit of every distance here.
  var size: Double
  /// The ink of the strokes.
  var ink: PKInk
  /// The width of the pen tip.
  var width: Double
  /// Average pen speed, in sizes a second.
  var speed = 1.6
  /// The sampling rate in hertz.
  var sampleRate = 240.0

  /// The path with the pen overshooting each inner corner by up to `amount` of the size along
  /// the edge it arrives on, then heading for the next corner from there.
  func overshooting(_ path: PenPath, amount: Double, random: inout SplitMix64) -> PenPath {
    var points = path.points
    for corner in path.corners.sorted() where corner > 0 && corner < points.count - 1 {
      let (a, b) = (path.points[corner - 1], path.points[corner])
      let edge = IdealShape.distance(a, b)
      guard edge > 0 else { continue }
      let reach = random.uniform(0...amount) * size
      points[corner] = CGPoint(
        x: Double(b.x) + Double(b.x - a.x) / edge * reach,
        y: Double(b.y) + Double(b.y - a.y) / edge * reach)
    }
    return PenPath(points, corners: path.corners)
  }

  /// The path lengthened (or, for a negative `amount`, shortened) at its end by `amount` of the
  /// size, along its last direction or back along itself.
  static func extended(_ path: PenPath, by amount: Double, size: Double) -> PenPath {
    var points = path.points
    let distance = amount * size
    if distance >= 0 {
      guard points.count > 1 else { return path }
      let (a, b) = (points[points.count - 2], points[points.count - 1])
      let edge = IdealShape.distance(a, b)
      guard edge > 0 else { return path }
      points.append(
        CGPoint(
          x: Double(b.x) + Double(b.x - a.x) / edge * distance,
          y: Double(b.y) + Double(b.y - a.y) / edge * distance))
      return PenPath(points, corners: path.corners.subtracting([points.count - 2]))
    }
    var left = -distance
    while points.count > 2 {
      let edge = IdealShape.distance(points[points.count - 2], points[points.count - 1])
      if edge > left {
        let (a, b) = (points[points.count - 2], points[points.count - 1])
        let f = CGFloat(left / edge)
        points[points.count - 1] = CGPoint(x: b.x + (a.x - b.x) * f, y: b.y + (a.y - b.y) * f)
        break
      }
      left -= edge
      points.removeLast()
    }
    return PenPath(points, corners: path.corners.filter { $0 < points.count })
  }

  /// The stroke a hand draws along `path`, starting at `start` seconds; and when it ends.
  func stroke(_ path: PenPath, start: Double, random: inout SplitMix64) -> (PKStroke, Double) {
    let total = max(path.length, 1e-9)
    // Smooth wander: two sine modes along the stroke on each axis.
    let modes = (0..<4).map { _ in
      (
        amplitude: random.normal(deviation: 0.004 * size),
        phase: random.uniform(0...(2 * .pi)),
        frequency: random.uniform(0.3...1.2) * max(total / size, 1)
      )
    }
    let baseForce = random.uniform(0.3...0.7)
    var samples: [PKStrokePoint] = []
    var time = 0.0
    var travelled = 0.0
    for segment in path.segments {
      let length = zip(segment, segment.dropFirst()).reduce(0) {
        $0 + IdealShape.distance($1.0, $1.1)
      }
      // One lognormal pulse a segment; σ sets how skewed its speed profile is, and 99.7% of its
      // distance lies within t₀ + exp(μ ± 3σ), fitted to the segment's duration.
      let sigma = random.uniform(0.2...0.35)
      let duration = max(length / (speed * size) * random.uniform(0.75...1.3), 0.03)
      let mu = log(duration / (exp(3 * sigma) - exp(-3 * sigma)))
      let onset = exp(mu - 3 * sigma)
      let count = max(Int(duration * sampleRate), 2)
      let cumulative = Self.cumulativeLengths(segment)
      for k in (samples.isEmpty ? 0 : 1)..<count {
        let t = duration * Double(k) / Double(count - 1)
        let z = (log(t + onset) - mu) / (sigma * 2.0.squareRoot())
        let covered = k == count - 1 ? 1 : min(max((1 + erf(z)) / 2, 0), 1)
        var point = Self.point(on: segment, cumulative: cumulative, at: covered * length)
        let phase = (travelled + covered * length) / total
        let wave = modes.map { $0.amplitude * sin(2 * .pi * $0.frequency * phase + $0.phase) }
        point.x += wave[0] + wave[1] + random.normal(deviation: 0.0005 * size)
        point.y += wave[2] + wave[3] + random.normal(deviation: 0.0005 * size)
        let envelope = min(1, min(phase, 1 - phase) * 8 + 0.3)
        samples.append(
          PKStrokePoint(
            location: point, timeOffset: time + t, size: CGSize(width: width, height: width),
            opacity: 1, force: CGFloat(min(max(baseForce * envelope, 0), 1)), azimuth: 0.8,
            altitude: 1.1))
      }
      time += duration
      travelled += length
    }
    let strokePath = PKStrokePath(
      controlPoints: samples, creationDate: Date(timeIntervalSinceReferenceDate: start))
    return (PKStroke(ink: ink, path: strokePath), start + time)
  }

  /// The running lengths of a polyline, from 0 at its first point.
  static func cumulativeLengths(_ points: [CGPoint]) -> [Double] {
    var lengths = [0.0]
    for (a, b) in zip(points, points.dropFirst()) {
      lengths.append(lengths[lengths.count - 1] + IdealShape.distance(a, b))
    }
    return lengths
  }

  /// The point at length `s` along a polyline.
  static func point(on points: [CGPoint], cumulative: [Double], at s: Double) -> CGPoint {
    guard points.count > 1 else { return points.first ?? .zero }
    var i = 1
    while i < points.count - 1, cumulative[i] < s { i += 1 }
    let span = cumulative[i] - cumulative[i - 1]
    let f = CGFloat(span > 0 ? min(max((s - cumulative[i - 1]) / span, 0), 1) : 0)
    let (a, b) = (points[i - 1], points[i])
    return CGPoint(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)
  }
}
