import Foundation
import OpenPencilKit

/// Seeded random drawings for round-trip, fuzz and throughput tests: every ink type, random
/// colours, transforms and seeds, and paths in which a random subset of the attributes varies
/// from point to point (the rest constant, as PencilKit's constant channels).
enum RandomDrawings {
  static func drawing<G: RandomNumberGenerator>(
    strokes: Int, points: ClosedRange<Int>, using rng: inout G
  ) -> PKDrawing {
    PKDrawing(strokes: (0..<strokes).map { _ in stroke(points: points, using: &rng) })
  }

  static func stroke<G: RandomNumberGenerator>(points: ClosedRange<Int>, using rng: inout G)
    -> PKStroke
  {
    let ink = PKInk(
      PKInk.InkType.allCases.randomElement(using: &rng) ?? .pen,
      color: UIColor(
        red: .random(in: 0...1, using: &rng), green: .random(in: 0...1, using: &rng),
        blue: .random(in: 0...1, using: &rng), alpha: .random(in: 0...1, using: &rng)))
    let transform =
      Bool.random(using: &rng)
      ? CGAffineTransform.identity
      : CGAffineTransform(rotationAngle: .random(in: -3...3, using: &rng))
        .concatenating(CGAffineTransform(translationX: .random(in: -500...500, using: &rng), y: 7))
    return PKStroke(
      ink: ink, path: path(count: .random(in: points, using: &rng), using: &rng),
      transform: transform, randomSeed: .random(in: 0...UInt32.max, using: &rng))
  }

  static func path<G: RandomNumberGenerator>(count: Int, using rng: inout G) -> PKStrokePath {
    // Each attribute varies with probability ½; a constant one keeps its first value.
    let varies = (0..<8).map { _ in Bool.random(using: &rng) }
    var first: [CGFloat] = []
    var points: [PKStrokePoint] = []
    var x = CGFloat.random(in: 0...1000, using: &rng)
    var y = CGFloat.random(in: 0...1000, using: &rng)
    for index in 0..<count {
      x += .random(in: -5...5, using: &rng)
      y += .random(in: -5...5, using: &rng)
      let fresh: [CGFloat] = [
        CGFloat(index) * 0.008 + .random(in: 0...0.004, using: &rng),
        .random(in: 0.5...30, using: &rng), .random(in: 0.2...3, using: &rng),
        .random(in: 0...2, using: &rng), .random(in: 0...4, using: &rng),
        .random(in: -.pi ... .pi, using: &rng), .random(in: 0 ... .pi / 2, using: &rng),
        .random(in: 0.5...2, using: &rng),
      ]
      if first.isEmpty { first = fresh }
      let v = zip(varies, zip(fresh, first)).map { $0 ? $1.0 : $1.1 }
      points.append(
        PKStrokePoint(
          location: CGPoint(x: x, y: y), timeOffset: v[0],
          size: CGSize(width: v[1], height: v[1] * v[2]),
          opacity: v[3], force: v[4], azimuth: v[5], altitude: v[6], secondaryScale: v[7]))
    }
    return PKStrokePath(
      controlPoints: points,
      creationDate: Date(timeIntervalSinceReferenceDate: .random(in: 0...8e8, using: &rng)))
  }
}
