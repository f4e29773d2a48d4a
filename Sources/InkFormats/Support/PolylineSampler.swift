import Foundation

/// Lays points along polylines at about a given spacing, so that a uniform cubic B-spline over
/// them (the model's `PKStrokePath`) stays within a fraction of a unit of the polyline.
enum PolylineSampler {
  /// A point on a polyline and its arc length from the polyline's start.
  struct Sample: Equatable {
    /// Where the point is.
    var location: CGPoint
    /// The distance along the polyline from its first point.
    var distance: Double
  }

  /// Every vertex kept, and each edge longer than `spacing` cut into equal pieces no longer than
  /// `spacing`: corners stay where the source put them (for fonts made of straight strokes).
  static func subdivided(_ vertices: [CGPoint], spacing: Double) -> [Sample] {
    guard let first = vertices.first else { return [] }
    var samples = [Sample(location: first, distance: 0)]
    var travelled = 0.0
    for (a, b) in zip(vertices, vertices.dropFirst()) {
      let length = hypot(b.x - a.x, b.y - a.y)
      let pieces = max(1, Int((length / spacing).rounded(.up)))
      for piece in 1..<pieces {
        let t = Double(piece) / Double(pieces)
        samples.append(
          Sample(
            location: CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t),
            distance: travelled + length * t))
      }
      samples.append(Sample(location: b, distance: travelled + length))
      travelled += length
    }
    return samples
  }

  /// Points at equal arc-length steps of about `spacing` (the polyline's length divided by the
  /// nearest whole number of steps), first and last vertex included: for curves that were
  /// flattened into many short edges.
  static func resampled(_ vertices: [CGPoint], spacing: Double) -> [Sample] {
    guard let first = vertices.first, let last = vertices.last else { return [] }
    var cumulative = [0.0]
    cumulative.reserveCapacity(vertices.count)
    for (a, b) in zip(vertices, vertices.dropFirst()) {
      cumulative.append(cumulative[cumulative.count - 1] + hypot(b.x - a.x, b.y - a.y))
    }
    let length = cumulative[cumulative.count - 1]
    let steps = max(1, Int((length / spacing).rounded()))
    guard length > 0 else { return [Sample(location: first, distance: 0)] }
    var samples: [Sample] = []
    samples.reserveCapacity(steps + 1)
    var edge = 0
    for step in 0...steps {
      let target = length * Double(step) / Double(steps)
      while edge < vertices.count - 2, cumulative[edge + 1] < target { edge += 1 }
      let edgeLength = cumulative[edge + 1] - cumulative[edge]
      let t = edgeLength > 0 ? min(max((target - cumulative[edge]) / edgeLength, 0), 1) : 0
      let a = vertices[edge]
      let b = vertices[edge + 1]
      samples.append(
        Sample(
          location: CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t), distance: target))
    }
    samples[samples.count - 1].location = last
    return samples
  }
}
