import Foundation

/// A rounded rectangle fitted to points by geometric least squares: the centre, rotation, half
/// sides and corner radius that minimise the sum of squared distances of the points to its
/// outline, by Levenberg–Marquardt (Marquardt 1963) on the outline's signed distance function.
///
/// The signed distance to a rounded box of half sides `a, b` and corner radius `r` about the
/// origin is, with `q = (|u| − (a − r), |v| − (b − r))`, `|max(q, 0)| + min(max(qx, qy), 0) − r`
/// (Quílez's rounded box): exact, cheap, and differentiable in every parameter away from the
/// diagonals of the inner box, so that each step solves one 6 × 6 system. The start is the
/// minimum-area rectangle of the points' convex hull (``ConvexHull``), its corners rounded by
/// how far the points pass inside them.
///
/// Points can be left out of the fit (a chat bubble's tail): ``init(xs:ys:range:excluding:)``.
struct RoundedRectangleFit {
  /// The centre's x.
  var cx: Double
  /// The centre's y.
  var cy: Double
  /// The half side along the rotation.
  var a: Double
  /// The half side across it.
  var b: Double
  /// The corner radius, `0…min(a, b)`.
  var radius: Double
  /// The angle of the first side, in `(−π/4, π/4]`, clockwise on screen (`a` and `b` are
  /// swapped when the fit turns further).
  var rotation: Double

  /// The iterations of Levenberg–Marquardt at the most.
  static let iterations = 8

  /// The rounded rectangle through the points `range` of `xs, ys` but those `excluding` marks
  /// (`excluding[i - range.lowerBound]`), or `nil` when fewer than eight points remain, they
  /// span no area, or the loop they go round fills less than `leastFill` of their minimum-area
  /// rectangle (no fit is tried: a rounded rectangle fills more of it). Levenberg–Marquardt stops when a step lowers the sum of squares by
  /// less than ``convergence`` of it or moves the outline by less than ``settled`` of its size,
  /// or after ``iterations`` steps.
  ///
  /// With `fitsRoundLoops` false, also `nil`, unfitted, when the points pass inside the
  /// rectangle's corners, on average over the four, at least as far as a corner rounded by the
  /// shorter half side does (an ellipse's pass farther), so that the start's corner radius
  /// reaches that half side: a gate for a loop that can be no chat bubble, whose
  /// rounded rectangle is read only when its corners are rounded by at most
  /// ``ShapeClassifier/roundestCorner`` of that half side (a heuristic: the fit starts rounder
  /// than any such reading, and could in principle come back to one).
  init?(
    xs: [Double], ys: [Double], range: Range<Int>, excluding: [Bool]? = nil,
    leastFill: Double = 0, fitsRoundLoops: Bool = true
  ) {
    var kept: [Int] = []
    kept.reserveCapacity(range.count)
    for i in range where excluding?[i - range.lowerBound] != true { kept.append(i) }
    guard kept.count >= 8,
      let box = ConvexHull(xs: kept.map { xs[$0] }, ys: kept.map { ys[$0] })
        .minimumAreaRectangle(),
      leastFill <= 0
        || abs(Shoelace.twiceSignedArea(xs: xs, ys: ys, points: kept)) / 2
          >= leastFill * 4 * box.a * box.b
    else { return nil }
    let scale = max(box.a, box.b)
    // The corner radius from how far the ink passes inside the box's corners (a corner rounded
    // by r passes (√2 − 1) r inside it): started sharper, the fit could not round it, as only
    // ink in a corner's square moves the radius.
    let (c, s) = (cos(box.rotation), sin(box.rotation))
    var gap = 0.0
    for (u, v) in [(box.a, box.b), (-box.a, box.b), (box.a, -box.b), (-box.a, -box.b)] {
      let (x, y) = (box.cx + c * u - s * v, box.cy + s * u + c * v)
      gap += Self.nearestDistance(to: (x, y), xs: xs, ys: ys, points: kept) / 4
    }
    guard fitsRoundLoops || gap / (2.squareRoot() - 1) < min(box.a, box.b) else { return nil }
    let startRadius = min(gap / (2.squareRoot() - 1), min(box.a, box.b))
    var p: SIMD8<Double> = [box.cx, box.cy, box.rotation, box.a, box.b, startRadius, 0, 0]
    // The normal equations are made only at a point a step is taken from: a trial step that
    // does not lower the sum of squares, and the last point reached, need its sum alone.
    var cost = Self.sumOfSquares(p, xs: xs, ys: ys, points: kept)
    var damping = 1e-3
    for _ in 0..<Self.iterations {
      var improved = false
      let current = Self.normalEquations(p, xs: xs, ys: ys, points: kept)
      while damping < 1e10 {
        var system = current.normal
        for k in 0..<6 {
          system[k][k] = system[k][k] == 0 ? damping : system[k][k] * (1 + damping)
        }
        guard let step = Self.solve(system, -current.gradient) else { break }
        var trial = p + step
        trial[3] = max(trial[3], 1e-9 * scale)
        trial[4] = max(trial[4], 1e-9 * scale)
        trial[5] = min(max(trial[5], 0), min(trial[3], trial[4]))
        let next = Self.sumOfSquares(trial, xs: xs, ys: ys, points: kept)
        if next < cost {
          let gain = cost - next
          // The step's largest part as a part of the size (the angle's at the box's size).
          let change = SIMD8(1, 1, scale, 1, 1, 1, 0, 0) * (trial - p) / scale
          let moved = change.replacing(with: -change, where: change .< 0).max()
          (p, cost) = (trial, next)
          damping = max(damping / 10, 1e-12)
          // Done when the sum of squares or the outline stops moving.
          improved = gain > Self.convergence * max(cost, 1e-300) && moved > Self.settled
          break
        }
        damping *= 10
      }
      if !improved { break }
    }
    guard (0..<6).allSatisfy({ p[$0].isFinite }), p[3] > 0, p[4] > 0 else { return nil }
    // The rotation within 45° of level, the half sides swapped where it turns by a quarter.
    var quarter = (p[2] / (.pi / 2)).rounded()
    rotation = p[2] - quarter * .pi / 2
    if rotation <= -.pi / 4 {
      rotation += .pi / 2
      quarter -= 1
    }
    let swapped = abs(quarter.truncatingRemainder(dividingBy: 2)) == 1
    (cx, cy, radius) = (p[0], p[1], p[5])
    (a, b) = swapped ? (p[4], p[3]) : (p[3], p[4])
  }

  /// A step lowering the sum of squares by less than this part of it ends the fit.
  static let convergence = 1e-6
  /// A step moving the outline by less than this part of its size ends the fit.
  static let settled = 1e-4

  /// The least distance (`hypot`) from `point` to the points `points` of `xs, ys`: the same
  /// number as the least of every point's, with `hypot` taken only of the points whose squared
  /// distance is within a relative 1e-12 of the least (the two order the points alike but for
  /// their roundings, some 1e-16), not of every point.
  static func nearestDistance(
    to point: (Double, Double), xs: [Double], ys: [Double], points: [Int]
  ) -> Double {
    var least = Double.infinity
    for i in points {
      let (dx, dy) = (xs[i] - point.0, ys[i] - point.1)
      least = min(least, dx * dx + dy * dy)
    }
    let reach = least * (1 + 1e-12)
    var nearest = Double.infinity
    for i in points {
      let (dx, dy) = (xs[i] - point.0, ys[i] - point.1)
      if dx * dx + dy * dy <= reach { nearest = min(nearest, hypot(dx, dy)) }
    }
    return nearest
  }

  /// The signed distances of the points `range` of `xs, ys` to the outline (negative inside),
  /// the rotation's cosine and sine computed once.
  func signedDistances(xs: [Double], ys: [Double], range: Range<Int>) -> [Double] {
    let p: SIMD8<Double> = [cx, cy, rotation, a, b, radius, 0, 0]
    let (c, s) = (cos(rotation), sin(rotation))
    return range.map { Self.distance(p, cosine: c, sine: s, x: xs[$0], y: ys[$0]).value }
  }

  /// The signed distance of `(x, y)` to the rounded rectangle of parameters `p` (centre x, y,
  /// rotation, half sides, radius; the last two lanes unused), the rotation's cosine and sine
  /// given, and its gradient with respect to the parameters.
  @inline(__always)
  static func distance(
    _ p: SIMD8<Double>, cosine c: Double, sine s: Double, x: Double, y: Double
  ) -> (value: Double, gradient: SIMD8<Double>) {
    let (dx, dy) = (x - p[0], y - p[1])
    let (u, v) = (c * dx + s * dy, -s * dx + c * dy)
    let (su, sv) = (u < 0 ? -1.0 : 1.0, v < 0 ? -1.0 : 1.0)
    let (qx, qy) = (abs(u) - p[3] + p[5], abs(v) - p[4] + p[5])
    // The distance's derivatives by qx and qy (beside r's own part).
    let value: Double
    let (gx, gy): (Double, Double)
    if qx > 0, qy > 0 {
      let length = (qx * qx + qy * qy).squareRoot()
      value = length - p[5]
      (gx, gy) = (qx / length, qy / length)
    } else {
      value = max(qx, qy) - p[5]
      (gx, gy) = qx >= qy ? (1, 0) : (0, 1)
    }
    let (hx, hy) = (gx * su, gy * sv)
    let gradient = SIMD8<Double>(
      -hx * c + hy * s, -hx * s - hy * c, hx * v - hy * u, -gx, -gy, gx + gy - 1, 0, 0)
    return (value, gradient)
  }

  /// The sum of squared distances of the points to the outline of `p`.
  static func sumOfSquares(_ p: SIMD8<Double>, xs: [Double], ys: [Double], points: [Int])
    -> Double
  {
    let (c, s) = (cos(p[2]), sin(p[2]))
    var cost = 0.0
    xs.withUnsafeBufferPointer { xs in
      ys.withUnsafeBufferPointer { ys in
        for i in points {
          let d = distance(p, cosine: c, sine: s, x: xs[i], y: ys[i]).value
          cost += d * d
        }
      }
    }
    return cost
  }

  /// The normal equations of a Gauss–Newton step from `p`: `JᵀJ` (a row a lane vector, held
  /// inline: no allocation a step) and `Jᵀd`, `J` the distances' gradients and `d` the points'
  /// signed distances to the outline.
  ///
  /// `JᵀJ` is symmetric, and the product `gⱼgₖ` is `gₖgⱼ` bit for bit, so only its upper
  /// triangle is summed (rows 0 and 1 whole, the rest from their diagonal on, in narrower
  /// vectors) and the lower one copied from it: the same sums as every row in full.
  static func normalEquations(_ p: SIMD8<Double>, xs: [Double], ys: [Double], points: [Int]) -> (
    normal: InlineArray<6, SIMD8<Double>>, gradient: SIMD8<Double>
  ) {
    let (c, s) = (cos(p[2]), sin(p[2]))
    var (r0, r1) = (SIMD8<Double>(), SIMD8<Double>())
    // Rows 2 and 3 from lane 2 on, row 4 from lane 4 on, and row 5's diagonal.
    var (r2, r3) = (SIMD4<Double>(), SIMD4<Double>())
    var r4 = SIMD2<Double>()
    var r55 = 0.0
    var gradient = SIMD8<Double>()
    xs.withUnsafeBufferPointer { xs in
      ys.withUnsafeBufferPointer { ys in
        for i in points {
          let (d, g) = distance(p, cosine: c, sine: s, x: xs[i], y: ys[i])
          gradient += g * d
          r0 += g * g[0]
          r1 += g * g[1]
          let tail = SIMD4(g[2], g[3], g[4], g[5])
          r2 += tail * g[2]
          r3 += tail * g[3]
          r4 += SIMD2(g[4], g[5]) * g[4]
          r55 += g[5] * g[5]
        }
      }
    }
    let rows: InlineArray<6, SIMD8<Double>> = [
      r0, r1,
      SIMD8(r0[2], r1[2], r2[0], r2[1], r2[2], r2[3], 0, 0),
      SIMD8(r0[3], r1[3], r2[1], r3[1], r3[2], r3[3], 0, 0),
      SIMD8(r0[4], r1[4], r2[2], r3[2], r4[0], r4[1], 0, 0),
      SIMD8(r0[5], r1[5], r2[3], r3[3], r4[1], r55, 0, 0),
    ]
    return (rows, gradient)
  }

  /// The solution of the 6 × 6 system (a row a lane vector, the right-hand side's first six
  /// lanes) by Gaussian elimination with partial pivoting, or `nil` when it is singular.
  static func solve(_ matrix: InlineArray<6, SIMD8<Double>>, _ rhs: SIMD8<Double>) -> SIMD8<Double>?
  {
    var m = matrix
    var x = rhs
    for col in 0..<6 {
      var pivot = col
      for row in (col + 1)..<6 where abs(m[row][col]) > abs(m[pivot][col]) { pivot = row }
      guard abs(m[pivot][col]) > 0 else { return nil }
      if pivot != col {
        m.swapAt(col, pivot)
        (x[col], x[pivot]) = (x[pivot], x[col])
      }
      for row in (col + 1)..<6 {
        let factor = m[row][col] / m[col][col]
        m[row] -= factor * m[col]
        x[row] -= factor * x[col]
      }
    }
    for row in stride(from: 5, through: 0, by: -1) {
      var sum = x[row]
      for k in (row + 1)..<6 { sum -= m[row][k] * x[k] }
      x[row] = sum / m[row][row]
    }
    x[6] = 0
    x[7] = 0
    return (0..<6).allSatisfy({ x[$0].isFinite }) ? x : nil
  }
}
