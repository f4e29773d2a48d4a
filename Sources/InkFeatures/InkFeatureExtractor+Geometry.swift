import Foundation

extension InkFeatureExtractor {
  /// The geometry features of the path `xs[path]`, `ys[path]`, in the order of
  /// ``names``: length, bounding box (width, height, diagonal, aspect), closure, turning and
  /// curvature statistics, sharpness and the length-weighted direction histogram.
  ///
  /// Steps of zero length (repeated points) are skipped for the turning angles, which are
  /// signed, `atan2(cross, dot)` of consecutive steps, in `(−π, π]`.
  static func geometry(xs: [Double], ys: [Double], path: Range<Int>) -> [Double] {
    typealias S = SeriesStatistics
    guard !path.isEmpty else { return [Double](repeating: 0, count: 19) }
    var length = 0.0
    var turning = 0.0
    var absoluteTurning = 0.0
    var sharpness = 0.0
    var curvatures: [Double] = []
    var directions = [Double](repeating: 0, count: 8)
    var previous: (dx: Double, dy: Double, length: Double)?
    let eighth = Double.pi / 4
    for i in path.dropLast() {
      let dx = xs[i + 1] - xs[i]
      let dy = ys[i + 1] - ys[i]
      let step = (dx * dx + dy * dy).squareRoot()
      guard step > 0 else { continue }
      length += step
      let bin = Int(((atan2(dy, dx) + .pi / 8) / eighth).rounded(.down))
      directions[((bin % 8) + 8) % 8] += step
      if let p = previous {
        let theta = atan2(p.dx * dy - p.dy * dx, p.dx * dx + p.dy * dy)
        turning += theta
        absoluteTurning += abs(theta)
        sharpness += theta * theta
        curvatures.append(theta / ((p.length + step) / 2))
      }
      previous = (dx, dy, step)
    }
    let box = boundingBox(xs: xs, ys: ys, path: path)
    let dx = xs[path.upperBound - 1] - xs[path.lowerBound]
    let dy = ys[path.upperBound - 1] - ys[path.lowerBound]
    return [
      length, box.width, box.height, box.diagonal,
      S.ratio(box.width - box.height, box.width + box.height),
      S.ratio((dx * dx + dy * dy).squareRoot(), length), turning, absoluteTurning,
      S.mean(curvatures), S.standardDeviation(curvatures), sharpness,
    ] + directions.map { S.ratio($0, length) }
  }

  /// The width, height and diagonal of the path's bounding box.
  static func boundingBox(xs: [Double], ys: [Double], path: Range<Int>)
    -> (width: Double, height: Double, diagonal: Double)
  {
    let width = xs[path].max()! - xs[path].min()!
    let height = ys[path].max()! - ys[path].min()!
    return (width, height, (width * width + height * height).squareRoot())
  }

  /// Rubine's 13 features of the path, exactly as Rubine defines them ("Specifying gestures by
  /// example", SIGGRAPH 1991, §4.1), with 0 wherever a quotient's denominator is 0: f1, f2 the
  /// cosine and sine of the initial angle (point 0 to point 2, or to the last point of a
  /// shorter path), f3 the bounding box's diagonal and f4 its angle, f5 the start-to-end
  /// distance and f6, f7 the cosine and sine of its angle, f8 the length, f9, f10, f11 the sums
  /// of the turning angles `θ_p = arctan((Δx_p Δy_{p−1} − Δx_{p−1} Δy_p) / (Δx_p Δx_{p−1} +
  /// Δy_p Δy_{p−1}))`, of their absolute values and of their squares, f12 the largest squared
  /// speed `(Δx_p² + Δy_p²) / Δt_p²` over steps with `Δt_p > 0`, and f13 the duration
  /// `t_{P−1} − t_0`.
  ///
  /// As in the paper, θ_p is the arc tangent of a quotient, in `[−π/2, π/2]`: a turn of more
  /// than 90° folds back (a reversal counts as 0); a zero denominator (a right angle) gives
  /// `±π/2` by the numerator's sign, whatever the sign of the zero, and a step of zero length
  /// θ = 0. Its sign is the opposite of the geometry's turning angles.
  static func rubine(xs: [Double], ys: [Double], ts: [Double], path: Range<Int>) -> [Double] {
    guard !path.isEmpty else { return [Double](repeating: 0, count: 13) }
    typealias S = SeriesStatistics
    let first = path.lowerBound
    let last = path.upperBound - 1
    let third = min(first + 2, last)
    let ix = xs[third] - xs[first]
    let iy = ys[third] - ys[first]
    let initial = (ix * ix + iy * iy).squareRoot()
    let box = boundingBox(xs: xs, ys: ys, path: path)
    let ex = xs[last] - xs[first]
    let ey = ys[last] - ys[first]
    let end = (ex * ex + ey * ey).squareRoot()
    var length = 0.0
    var total = 0.0
    var absolute = 0.0
    var squares = 0.0
    var speed = 0.0
    for p in path.dropLast() {
      let dx = xs[p + 1] - xs[p]
      let dy = ys[p + 1] - ys[p]
      let dt = ts[p + 1] - ts[p]
      length += (dx * dx + dy * dy).squareRoot()
      if dt > 0 { speed = max(speed, (dx * dx + dy * dy) / (dt * dt)) }
      guard p > first else { continue }
      let px = xs[p] - xs[p - 1]
      let py = ys[p] - ys[p - 1]
      let numerator = dx * py - px * dy
      let denominator = dx * px + dy * py
      let theta =
        denominator != 0
        ? atan(numerator / denominator) : numerator == 0 ? 0 : numerator > 0 ? .pi / 2 : -.pi / 2
      total += theta
      absolute += abs(theta)
      squares += theta * theta
    }
    return [
      S.ratio(ix, initial), S.ratio(iy, initial), box.diagonal,
      box.diagonal > 0 ? atan2(box.height, box.width) : 0, end, S.ratio(ex, end), S.ratio(ey, end),
      length, total, absolute, squares, speed, ts[last] - ts[first],
    ]
  }
}
