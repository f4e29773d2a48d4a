import Foundation

/// A rounded rectangle fitted to points by geometric least squares: the centre, rotation, half
/// sides and corner radius that minimise the sum of squared distances of the points to its
/// outline, by Levenberg–Marquardt (Marquardt 1963) on the outline's signed distance function.
///
/// The signed distance to a rounded box of half sides `a, b` and corner radius `r` about the
/// origin is, with `q = (|u| − (a − r), |v| − (b − r))`, `|max(q, 0)| + min(max(qx, qy), 0) − r`
/// (Quílez's rounded box): exact, cheap, and differentiable in every parameter away from the
/// diagonals of the inner box, so that each step solves one 6 × 6 system. The start is the
/// minimum-area rectangle of the points' convex hull (``ConvexHull``) with a corner radius of a
/// fifth of the shorter half side.
///
/// Points can be left out of the fit (a chat bubble's tail): ``init(xs:ys:range:excluding:)``.
struct RoundedRectangleFit {
  /// The centre.
  var cx: Double
  var cy: Double
  /// The half sides, along the rotation first.
  var a: Double
  var b: Double
  /// The corner radius, `0…min(a, b)`.
  var radius: Double
  /// The angle of the first side, in `(−π/4, π/4]`, clockwise on screen (`a` and `b` are
  /// swapped when the fit turns further).
  var rotation: Double

  /// The iterations of Levenberg–Marquardt at the most.
  static let iterations = 30

  /// The rounded rectangle through the points `range` of `xs, ys` but those `excluding` marks
  /// (`excluding[i - range.lowerBound]`), or `nil` when fewer than eight points remain or
  /// they span no area.
  init?(xs: [Double], ys: [Double], range: Range<Int>, excluding: [Bool]? = nil) {
    let kept = range.filter { excluding?[$0 - range.lowerBound] != true }
    guard kept.count >= 8,
      let box = ConvexHull(xs: kept.map { xs[$0] }, ys: kept.map { ys[$0] })
        .minimumAreaRectangle()
    else { return nil }
    let scale = max(box.a, box.b)
    var p = [box.cx, box.cy, box.rotation, box.a, box.b, 0.2 * min(box.a, box.b)]
    var cost = Self.cost(p, xs: xs, ys: ys, points: kept)
    var damping = 1e-3
    for _ in 0..<Self.iterations {
      let (normal, gradient) = Self.normalEquations(p, xs: xs, ys: ys, points: kept)
      var improved = false
      while damping < 1e10 {
        var system = normal
        for k in 0..<6 { system[k * 6 + k] *= 1 + damping }
        for k in 0..<6 where system[k * 6 + k] == 0 { system[k * 6 + k] = damping }
        guard let step = Self.solve(system, gradient.map { -$0 }) else { break }
        var trial = zip(p, step).map { $0 + $1 }
        trial[3] = max(trial[3], 1e-9 * scale)
        trial[4] = max(trial[4], 1e-9 * scale)
        trial[5] = min(max(trial[5], 0), min(trial[3], trial[4]))
        let trialCost = Self.cost(trial, xs: xs, ys: ys, points: kept)
        if trialCost < cost {
          let gain = cost - trialCost
          (p, cost) = (trial, trialCost)
          damping = max(damping / 10, 1e-12)
          improved = gain > 1e-12 * max(cost, 1e-300)
          break
        }
        damping *= 10
      }
      if !improved { break }
    }
    guard p.allSatisfy(\.isFinite), p[3] > 0, p[4] > 0 else { return nil }
    // The rotation within 45° of level, the half sides swapped where it turns by a quarter.
    let quarter = (p[2] / (.pi / 2)).rounded()
    rotation = p[2] - quarter * .pi / 2
    if rotation <= -.pi / 4 { rotation += .pi / 2 }
    let swapped = Int(((p[2] - rotation) / (.pi / 2)).rounded()) & 1 == 1
    (cx, cy, radius) = (p[0], p[1], p[5])
    (a, b) = swapped ? (p[4], p[3]) : (p[3], p[4])
  }

  /// The signed distance of `(x, y)` to the outline (negative inside).
  func signedDistance(x: Double, y: Double) -> Double {
    Self.distance([cx, cy, rotation, a, b, radius], x: x, y: y).value
  }

  /// The signed distance of `(x, y)` to the rounded rectangle of parameters `p` (centre x, y,
  /// rotation, half sides, radius) and its gradient with respect to them.
  static func distance(_ p: [Double], x: Double, y: Double) -> (
    value: Double, gradient: InlineArray<6, Double>
  ) {
    let (c, s) = (cos(p[2]), sin(p[2]))
    let (dx, dy) = (x - p[0], y - p[1])
    let (u, v) = (c * dx + s * dy, -s * dx + c * dy)
    let (su, sv) = (u < 0 ? -1.0 : 1.0, v < 0 ? -1.0 : 1.0)
    let (qx, qy) = (abs(u) - p[3] + p[5], abs(v) - p[4] + p[5])
    // The distance's derivatives by qx and qy, and its own by r (beside r's part in q).
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
    var gradient = InlineArray<6, Double>(repeating: 0)
    gradient[0] = gx * su * -c + gy * sv * s
    gradient[1] = gx * su * -s + gy * sv * -c
    gradient[2] = gx * su * v + gy * sv * -u
    gradient[3] = -gx
    gradient[4] = -gy
    gradient[5] = gx + gy - 1
    return (value, gradient)
  }

  /// The sum of squared distances of the points to the outline of `p`.
  static func cost(_ p: [Double], xs: [Double], ys: [Double], points: [Int]) -> Double {
    points.reduce(0) { sum, i in
      let d = distance(p, x: xs[i], y: ys[i]).value
      return sum + d * d
    }
  }

  /// `JᵀJ` (row-major 6 × 6) and `Jᵀd` of the distances at `p`.
  static func normalEquations(_ p: [Double], xs: [Double], ys: [Double], points: [Int]) -> (
    [Double], [Double]
  ) {
    var normal = [Double](repeating: 0, count: 36)
    var gradient = [Double](repeating: 0, count: 6)
    for i in points {
      let (d, g) = distance(p, x: xs[i], y: ys[i])
      for j in 0..<6 {
        gradient[j] += g[j] * d
        for k in j..<6 { normal[j * 6 + k] += g[j] * g[k] }
      }
    }
    for j in 0..<6 {
      for k in 0..<j { normal[j * 6 + k] = normal[k * 6 + j] }
    }
    return (normal, gradient)
  }

  /// The solution of the 6 × 6 system by Gaussian elimination with partial pivoting, or `nil`
  /// when it is singular.
  static func solve(_ matrix: [Double], _ rhs: [Double]) -> [Double]? {
    var m = matrix
    var x = rhs
    for col in 0..<6 {
      var pivot = col
      for row in (col + 1)..<6 where abs(m[row * 6 + col]) > abs(m[pivot * 6 + col]) {
        pivot = row
      }
      guard abs(m[pivot * 6 + col]) > 0 else { return nil }
      if pivot != col {
        for k in 0..<6 { m.swapAt(col * 6 + k, pivot * 6 + k) }
        x.swapAt(col, pivot)
      }
      for row in (col + 1)..<6 {
        let factor = m[row * 6 + col] / m[col * 6 + col]
        for k in col..<6 { m[row * 6 + k] -= factor * m[col * 6 + k] }
        x[row] -= factor * x[col]
      }
    }
    for row in stride(from: 5, through: 0, by: -1) {
      var sum = x[row]
      for k in (row + 1)..<6 { sum -= m[row * 6 + k] * x[k] }
      x[row] = sum / m[row * 6 + row]
    }
    return x.allSatisfy(\.isFinite) ? x : nil
  }
}
