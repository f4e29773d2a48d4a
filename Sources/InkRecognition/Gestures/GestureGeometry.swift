import Foundation

/// The preprocessing and distances the $-family papers share, written once from their
/// pseudocode (Wobbrock, Wilson and Li, UIST 2007, appendix A; Li, CHI 2010, figure 3; Vatavu,
/// Anthony and Wobbrock, ICMI 2012 and MobileHCI 2018).
enum GestureGeometry {
  /// The golden ratio's conjugate, `½(−1 + √5)`, of $1's golden-section search.
  static let phi = 0.5 * (-1 + 5.0.squareRoot())

  /// The path's length, summed within strokes only (a pen-up jump is not ink, as in $P).
  static func pathLength(_ points: [GesturePoint]) -> Double {
    var length = 0.0
    for index in points.indices.dropFirst() where points[index].stroke == points[index - 1].stroke {
      length += points[index - 1].distance(to: points[index])
    }
    return length
  }

  /// `count` points equally spaced along the path (the papers' `Resample`), interpolated within
  /// strokes. As the reference code, a point is appended at the end when rounding fell one short;
  /// unlike it, a path of length 0 gives `count` copies of its first point (the reference divides
  /// by zero), and any other shortfall or excess is padded with the last point or cut, so that
  /// every resampled gesture has exactly `count` points.
  static func resample(_ input: [GesturePoint], count: Int) -> [GesturePoint] {
    let interval = pathLength(input) / Double(count - 1)
    guard interval > 0 else { return [GesturePoint](repeating: input[0], count: count) }
    var points = input
    var resampled = [points[0]]
    resampled.reserveCapacity(count + 1)
    var travelled = 0.0
    var index = 1
    while index < points.count {
      let (previous, current) = (points[index - 1], points[index])
      if current.stroke == previous.stroke {
        let d = previous.distance(to: current)
        if travelled + d >= interval {
          let t = (interval - travelled) / d
          let q = GesturePoint(
            x: previous.x + t * (current.x - previous.x),
            y: previous.y + t * (current.y - previous.y), stroke: current.stroke)
          resampled.append(q)
          points.insert(q, at: index)  // q is the next segment's start
          travelled = 0
        } else {
          travelled += d
        }
      }
      index += 1
    }
    if resampled.count == count - 1 { resampled.append(points[points.count - 1]) }
    while resampled.count < count { resampled.append(resampled[resampled.count - 1]) }
    return Array(resampled.prefix(count))
  }

  /// The mean of the points.
  static func centroid(_ points: [GesturePoint]) -> (x: Double, y: Double) {
    var (x, y) = (0.0, 0.0)
    for point in points {
      x += point.x
      y += point.y
    }
    return (x / Double(points.count), y / Double(points.count))
  }

  /// The smallest and largest coordinates.
  static func boundingBox(_ points: [GesturePoint]) -> (
    minX: Double, minY: Double, maxX: Double, maxY: Double
  ) {
    var (minX, minY) = (Double.infinity, Double.infinity)
    var (maxX, maxY) = (-Double.infinity, -Double.infinity)
    for point in points {
      minX = min(minX, point.x)
      minY = min(minY, point.y)
      maxX = max(maxX, point.x)
      maxY = max(maxY, point.y)
    }
    return (minX, minY, maxX, maxY)
  }

  /// The angle of the line from the first point to the centroid ($1's `IndicativeAngle`:
  /// `atan2(c.y − p₀.y, c.x − p₀.x)`).
  static func indicativeAngle(_ points: [GesturePoint]) -> Double {
    let c = centroid(points)
    return atan2(c.y - points[0].y, c.x - points[0].x)
  }

  /// The points rotated by `radians` about their centroid ($1's `RotateBy`).
  static func rotate(_ points: [GesturePoint], by radians: Double) -> [GesturePoint] {
    let c = centroid(points)
    let (cosine, sine) = (cos(radians), sin(radians))
    return points.map {
      GesturePoint(
        x: ($0.x - c.x) * cosine - ($0.y - c.y) * sine + c.x,
        y: ($0.x - c.x) * sine + ($0.y - c.y) * cosine + c.y, stroke: $0.stroke)
    }
  }

  /// The points moved so that their centroid is at the origin ($1's `TranslateTo(points, 0)`).
  static func translateToOrigin(_ points: [GesturePoint]) -> [GesturePoint] {
    let c = centroid(points)
    return points.map { GesturePoint(x: $0.x - c.x, y: $0.y - c.y, stroke: $0.stroke) }
  }

  /// The mean distance between corresponding points ($1's `PathDistance`).
  static func pathDistance(_ a: [GesturePoint], _ b: [GesturePoint]) -> Double {
    var sum = 0.0
    for index in a.indices { sum += a[index].distance(to: b[index]) }
    return sum / Double(a.count)
  }

  /// The smallest path distance from `points`, rotated by an angle in `range`, to `template`,
  /// found by golden-section search down to `precision` radians ($1's `DistanceAtBestAngle`).
  static func distanceAtBestAngle(
    _ points: [GesturePoint], _ template: [GesturePoint], range: Double, precision: Double
  ) -> Double {
    var (a, b) = (-range, range)
    var x1 = phi * a + (1 - phi) * b
    var f1 = pathDistance(rotate(points, by: x1), template)
    var x2 = (1 - phi) * a + phi * b
    var f2 = pathDistance(rotate(points, by: x2), template)
    while abs(b - a) > precision {
      if f1 < f2 {
        b = x2
        x2 = x1
        f2 = f1
        x1 = phi * a + (1 - phi) * b
        f1 = pathDistance(rotate(points, by: x1), template)
      } else {
        a = x1
        x1 = x2
        f1 = f2
        x2 = (1 - phi) * a + phi * b
        f2 = pathDistance(rotate(points, by: x2), template)
      }
    }
    return min(f1, f2)
  }

  /// The turn Protractor's `Vectorize` gives centred points: with `orientationSensitive`, the
  /// one that aligns the indicative angle (of the first point about the origin) with the nearest
  /// of eight base orientations (multiples of 45°); without, the one that turns it to 0.
  static func protractorTurn(_ centred: [GesturePoint], orientationSensitive: Bool) -> Double {
    let angle = atan2(centred[0].y, centred[0].x)
    guard orientationSensitive else { return -angle }
    let base = (Double.pi / 4) * ((angle + Double.pi / 8) / (Double.pi / 4)).rounded(.down)
    return base - angle
  }

  /// Protractor's `Vectorize`: the centred points turned by `turn` radians about the origin, laid
  /// out as `x₀, y₀, x₁, …` and divided by their norm.
  static func vectorize(_ centred: [GesturePoint], turn: Double) -> [Double] {
    let (cosine, sine) = (cos(turn), sin(turn))
    var vector: [Double] = []
    vector.reserveCapacity(2 * centred.count)
    var sum = 0.0
    for point in centred {
      let x = point.x * cosine - point.y * sine
      let y = point.y * cosine + point.x * sine
      vector += [x, y]
      sum += x * x + y * y
    }
    let magnitude = sum.squareRoot()
    return magnitude > 0 ? vector.map { $0 / magnitude } : vector
  }

  /// Protractor's `OptimalCosineDistance`: the angle between two vectors after the rotation that
  /// brings them closest, in closed form (`atan(b / a)`), clamped into `acos`'s domain.
  static func optimalCosineDistance(_ v1: [Double], _ v2: [Double]) -> Double {
    var (a, b) = (0.0, 0.0)
    var index = 0
    while index + 1 < v1.count {
      a += v1[index] * v2[index] + v1[index + 1] * v2[index + 1]
      b += v1[index] * v2[index + 1] - v1[index + 1] * v2[index]
      index += 2
    }
    let angle = a == 0 && b == 0 ? 0 : atan(b / a)
    return acos(min(1, max(-1, a * cos(angle) + b * sin(angle))))
  }
}
