import Foundation

extension PKStrokePath {
  /// The location of the curve at a parametric value (clamped to the path's range).
  ///
  /// Uniform cubic B-spline basis over `P[i-1] … P[i+2]` with reflected phantom ends.
  public func interpolatedLocation(at parametricValue: CGFloat) -> CGPoint {
    guard count > 1 else { return first?.location ?? .zero }
    let (segment, t) = segmentAndFraction(parametricValue)
    return splineLocation(segment: segment, t: t)
  }

  /// The point at a parametric value: the spline's location, every other attribute linear
  /// between the neighbouring control points.
  public func interpolatedPoint(at parametricValue: CGFloat) -> PKStrokePoint {
    guard count > 1 else {
      return first
        ?? PKStrokePoint(
          location: .zero, timeOffset: 0, size: .zero, opacity: 1, force: 1, azimuth: 0,
          altitude: .pi / 2)
    }
    let (segment, t) = segmentAndFraction(parametricValue)
    let location = splineLocation(segment: segment, t: t)
    return controlPoints.withUnsafeBufferPointer { points in
      let (p, q) = (points[segment], points[segment + 1])
      func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * t }
      return PKStrokePoint(
        location: location,
        timeOffset: p.timeOffset + (q.timeOffset - p.timeOffset) * Double(t),
        size: CGSize(
          width: mix(p.size.width, q.size.width), height: mix(p.size.height, q.size.height)),
        opacity: mix(p.opacity, q.opacity), force: mix(p.force, q.force),
        azimuth: mix(p.azimuth, q.azimuth), altitude: mix(p.altitude, q.altitude),
        secondaryScale: mix(p.secondaryScale, q.secondaryScale),
        threshold: mix(p.threshold, q.threshold))
    }
  }

  /// The points along a parametric range (the whole path when `nil`), spaced by a stride.
  ///
  /// Distance and time strides step segment by segment and clamp to the range; the last point
  /// of the range is always emitted; a one-point path yields that point.
  public func interpolatedPoints(
    in range: ClosedRange<CGFloat>? = nil, by stride: InterpolatedSlice.Stride
  ) -> InterpolatedSlice {
    let whole = parametricRange
    let bounded = range.map {
      Swift.min(
        Swift.max($0.lowerBound, whole.lowerBound), whole.upperBound)...Swift.min(
          Swift.max($0.upperBound, whole.lowerBound), whole.upperBound)
    }
    return InterpolatedSlice(path: self, range: bounded ?? whole, stride: stride)
  }

  /// The parametric value reached from `parametricValue` after one stride step, clamped to the
  /// path's range.
  public func parametricValue(
    _ parametricValue: CGFloat, offsetBy step: InterpolatedSlice.Stride
  ) -> CGFloat {
    let upper = parametricRange.upperBound
    let start = Swift.min(Swift.max(parametricValue, 0), upper)
    switch step {
    case .parametricStep(let delta):
      return Swift.min(Swift.max(start + delta, 0), upper)
    case .time(let seconds):
      return offsetByTime(from: start, seconds: seconds)
    case .distance(let distance):
      return offsetByDistance(from: start, distance: distance)
    }
  }

  // MARK: - Spline evaluation

  /// The segment index in `0…count-2` and the fraction within it.
  func segmentAndFraction(_ u: CGFloat) -> (Int, CGFloat) {
    let upper = CGFloat(count - 1)
    let clamped = u.isNaN ? 0 : Swift.min(Swift.max(u, 0), upper)
    let segment = Swift.min(Int(clamped.rounded(.down)), count - 2)
    return (segment, clamped - CGFloat(segment))
  }

  /// The control point `i`, with reflected phantom points at `-1` and `count`.
  func splineControl(_ i: Int) -> CGPoint {
    if i < 0 {
      let p0 = self[0].location
      let p1 = self[1].location
      return CGPoint(x: 2 * p0.x - p1.x, y: 2 * p0.y - p1.y)
    }
    if i >= count {
      let pn = self[count - 1].location
      let pm = self[count - 2].location
      return CGPoint(x: 2 * pn.x - pm.x, y: 2 * pn.y - pm.y)
    }
    return self[i].location
  }

  func splineLocation(segment i: Int, t: CGFloat) -> CGPoint {
    // The ends lie exactly on the end control points; say so without rounding error.
    if i == 0, t == 0 { return self[0].location }
    if i == count - 2, t == 1 { return self[count - 1].location }
    let (p0, p1, p2, p3) =
      i >= 1 && i + 2 < count
      ? controlPoints.withUnsafeBufferPointer { points in
        (points[i - 1].location, points[i].location, points[i + 1].location, points[i + 2].location)
      }
      : (splineControl(i - 1), splineControl(i), splineControl(i + 1), splineControl(i + 2))
    let t2 = t * t
    let t3 = t2 * t
    let b0 = (1 - t) * (1 - t) * (1 - t) / 6
    let b1 = (3 * t3 - 6 * t2 + 4) / 6
    let b2 = (-3 * t3 + 3 * t2 + 3 * t + 1) / 6
    let b3 = t3 / 6
    return CGPoint(
      x: b0 * p0.x + b1 * p1.x + b2 * p2.x + b3 * p3.x,
      y: b0 * p0.y + b1 * p1.y + b2 * p2.y + b3 * p3.y)
  }

  // MARK: - Strides

  /// Samples a segment finely enough that chord lengths approximate the arc to well under
  /// a thousandth of a point for handwriting-sized segments.
  static let arcSamplesPerSegment = 32

  /// Walks forward along the curve until `distance` has been covered, segment by segment.
  func offsetByDistance(from start: CGFloat, distance: CGFloat) -> CGFloat {
    let upper = CGFloat(count - 1)
    guard count > 1, distance > 0, distance.isFinite else {
      return distance.isFinite ? start : upper
    }
    var remaining = distance
    var u = start
    let n = Self.arcSamplesPerSegment
    while u < upper {
      let (segment, t0) = segmentAndFraction(u)
      var previous = splineLocation(segment: segment, t: t0)
      var t = t0
      let step = 1 / CGFloat(n)
      while t < 1 {
        let next = Swift.min(((t / step).rounded(.down) + 1) * step, 1)
        let point = splineLocation(segment: segment, t: next)
        let chord = hypot(point.x - previous.x, point.y - previous.y)
        if chord >= remaining {
          let fraction = chord > 0 ? remaining / chord : 0
          return CGFloat(segment) + t + (next - t) * fraction
        }
        remaining -= chord
        previous = point
        t = next
      }
      u = CGFloat(segment + 1)
    }
    return upper
  }

  /// Moves forward until the interpolated time offset has grown by `seconds`.
  func offsetByTime(from start: CGFloat, seconds: TimeInterval) -> CGFloat {
    let upper = CGFloat(count - 1)
    guard count > 1, seconds > 0, seconds.isFinite else {
      return seconds.isFinite ? start : upper
    }
    let target = interpolatedPoint(at: start).timeOffset + seconds
    var segment = segmentAndFraction(start).0
    while segment < count - 1 {
      let t0 = self[segment].timeOffset
      let t1 = self[segment + 1].timeOffset
      if t1 >= target, t1 > t0 {
        let fraction = CGFloat((target - t0) / (t1 - t0))
        return Swift.max(start, CGFloat(segment) + Swift.min(Swift.max(fraction, 0), 1))
      }
      segment += 1
    }
    return upper
  }
}
