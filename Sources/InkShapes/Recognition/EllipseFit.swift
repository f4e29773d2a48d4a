import Foundation

/// An ellipse fitted to points by direct least squares (Fitzgibbon, Pilu & Fisher 1999), in
/// the numerically stable form of Halíř & Flusser (1998): the conic `ax² + bxy + cy² + dx + ey
/// + f` minimising the algebraic error subject to `4ac − b² = 1`, which is always an ellipse.
/// The 6 × 6 generalised eigenproblem is reduced to a 3 × 3 one whose eigenvalues come from the
/// characteristic cubic, so the fit allocates nothing per point.
struct EllipseFit {
  /// The centre.
  var cx: Double
  var cy: Double
  /// The semi-axes, major first.
  var major: Double
  var minor: Double
  /// The angle of the major axis, in `(−π/2, π/2]`, clockwise on screen.
  var rotation: Double

  /// The ellipse through the points `range` of `xs, ys`, or `nil` when no ellipse fits (too
  /// few points, collinear ones, or a hyperbola's data).
  init?(xs: [Double], ys: [Double], range: Range<Int>) {
    guard range.count >= 6 else { return nil }
    var mx = 0.0
    var my = 0.0
    for i in range {
      mx += xs[i]
      my += ys[i]
    }
    let n = Double(range.count)
    mx /= n
    my /= n
    var spread = 0.0
    for i in range {
      spread += (xs[i] - mx) * (xs[i] - mx) + (ys[i] - my) * (ys[i] - my)
    }
    let scale = (spread / n).squareRoot()
    guard scale > 0 else { return nil }
    // Scatter matrices of the quadratic part [u², uv, v²] and the linear part [u, v, 1].
    var s1 = [Double](repeating: 0, count: 9)
    var s2 = [Double](repeating: 0, count: 9)
    var su = 0.0
    var sv = 0.0
    for i in range {
      let u = (xs[i] - mx) / scale
      let v = (ys[i] - my) / scale
      let (q0, q1, q2) = (u * u, u * v, v * v)
      s1[0] += q0 * q0
      s1[1] += q0 * q1
      s1[2] += q0 * q2
      s1[4] += q1 * q1
      s1[5] += q1 * q2
      s1[8] += q2 * q2
      s2[0] += q0 * u
      s2[1] += q0 * v
      s2[2] += q0
      s2[3] += q1 * u
      s2[4] += q1 * v
      s2[5] += q1
      s2[6] += q2 * u
      s2[7] += q2 * v
      s2[8] += q2
      su += u
      sv += v
    }
    (s1[3], s1[6], s1[7]) = (s1[1], s1[2], s1[5])
    let s3 = [s2[2], s2[5], su, s2[5], s2[8], sv, su, sv, n]
    guard let s3Inverse = Self.inverse3(s3) else { return nil }
    // T = −S3⁻¹ S2ᵀ, M = S1 + S2 T, then C1⁻¹ M.
    let s2t = Self.transpose3(s2)
    let t = Self.product3(s3Inverse, s2t).map { -$0 }
    let m = zip(s1, Self.product3(s2, t)).map { $0 + $1 }
    let reduced = [
      m[6] / 2, m[7] / 2, m[8] / 2,
      -m[3], -m[4], -m[5],
      m[0] / 2, m[1] / 2, m[2] / 2,
    ]
    guard let quadratic = Self.ellipticEigenvector(reduced) else { return nil }
    let linear = (0..<3).map { row in
      t[3 * row] * quadratic[0] + t[3 * row + 1] * quadratic[1] + t[3 * row + 2] * quadratic[2]
    }
    guard
      let shape = Self.parameters(
        a: quadratic[0], b: quadratic[1], c: quadratic[2], d: linear[0], e: linear[1],
        f: linear[2])
    else { return nil }
    cx = shape.cx * scale + mx
    cy = shape.cy * scale + my
    major = shape.major * scale
    minor = shape.minor * scale
    rotation = shape.rotation
  }

  /// The centre, semi-axes and rotation of the conic, or `nil` when it is no real ellipse.
  static func parameters(
    a: Double, b: Double, c: Double, d: Double, e: Double, f: Double
  ) -> (cx: Double, cy: Double, major: Double, minor: Double, rotation: Double)? {
    let det = 4 * a * c - b * b
    guard det > 0 else { return nil }
    let x0 = (b * e - 2 * c * d) / det
    let y0 = (b * d - 2 * a * e) / det
    let f0 = a * x0 * x0 + b * x0 * y0 + c * y0 * y0 + d * x0 + e * y0 + f
    let theta = 0.5 * atan2(b, a - c)
    let along =
      a * cos(theta) * cos(theta) + b * sin(theta) * cos(theta) + c * sin(theta)
      * sin(theta)
    let across = a + c - along
    let r1 = -f0 / along
    let r2 = -f0 / across
    guard r1 > 0, r2 > 0, r1.isFinite, r2.isFinite else { return nil }
    var rotation = r1 >= r2 ? theta : theta + .pi / 2
    while rotation > .pi / 2 { rotation -= .pi }
    while rotation <= -.pi / 2 { rotation += .pi }
    return (x0, y0, max(r1, r2).squareRoot(), min(r1, r2).squareRoot(), rotation)
  }

  /// The eigenvector of the 3 × 3 matrix `m` (row-major) with `4 v₀ v₂ − v₁² > 0`, or `nil`.
  static func ellipticEigenvector(_ m: [Double]) -> [Double]? {
    // Characteristic polynomial λ³ + p λ² + q λ + r.
    let trace = m[0] + m[4] + m[8]
    let minors =
      (m[0] * m[4] - m[1] * m[3]) + (m[0] * m[8] - m[2] * m[6]) + (m[4] * m[8] - m[5] * m[7])
    let det =
      m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2]
      * (m[3] * m[7] - m[4] * m[6])
    var best: [Double]?
    var bestCondition = 0.0
    for lambda in realRoots(p: -trace, q: minors, r: -det) {
      let rows = [
        [m[0] - lambda, m[1], m[2]], [m[3], m[4] - lambda, m[5]], [m[6], m[7], m[8] - lambda],
      ]
      // The eigenvector is orthogonal to the rows: the largest cross product of two of them.
      var vector: [Double] = [0, 0, 0]
      var norm = 0.0
      for (i, j) in [(0, 1), (0, 2), (1, 2)] {
        let u = rows[i]
        let v = rows[j]
        let cross = [
          u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0],
        ]
        let size = cross.reduce(0) { $0 + $1 * $1 }
        if size > norm {
          norm = size
          vector = cross
        }
      }
      guard norm > 0 else { continue }
      let condition = (4 * vector[0] * vector[2] - vector[1] * vector[1]) / norm
      if condition > bestCondition {
        bestCondition = condition
        best = vector
      }
    }
    return best
  }

  /// The real roots of `λ³ + p λ² + q λ + r` (Cardano, trigonometric form for three roots).
  static func realRoots(p: Double, q: Double, r: Double) -> [Double] {
    let a = q - p * p / 3
    let b = 2 * p * p * p / 27 - p * q / 3 + r
    let shift = -p / 3
    let discriminant = b * b / 4 + a * a * a / 27
    if discriminant > 0 {
      let s = discriminant.squareRoot()
      return [cbrt(-b / 2 + s) + cbrt(-b / 2 - s) + shift]
    }
    guard a < 0 else { return [shift] }
    let radius = 2 * (-a / 3).squareRoot()
    let phi = acos(max(-1, min(1, 3 * b / (a * radius))))
    return (0..<3).map { k in radius * cos(phi / 3 - 2 * .pi * Double(k) / 3) + shift }
  }

  /// The inverse of a 3 × 3 matrix (row-major), or `nil` when it is singular.
  static func inverse3(_ m: [Double]) -> [Double]? {
    let c00 = m[4] * m[8] - m[5] * m[7]
    let c01 = m[5] * m[6] - m[3] * m[8]
    let c02 = m[3] * m[7] - m[4] * m[6]
    let det = m[0] * c00 + m[1] * c01 + m[2] * c02
    guard abs(det) > 1e-300, det.isFinite else { return nil }
    return [
      c00 / det, (m[2] * m[7] - m[1] * m[8]) / det, (m[1] * m[5] - m[2] * m[4]) / det,
      c01 / det, (m[0] * m[8] - m[2] * m[6]) / det, (m[2] * m[3] - m[0] * m[5]) / det,
      c02 / det, (m[1] * m[6] - m[0] * m[7]) / det, (m[0] * m[4] - m[1] * m[3]) / det,
    ]
  }

  /// The transpose of a 3 × 3 matrix.
  static func transpose3(_ m: [Double]) -> [Double] {
    [m[0], m[3], m[6], m[1], m[4], m[7], m[2], m[5], m[8]]
  }

  /// The product of two 3 × 3 matrices.
  static func product3(_ a: [Double], _ b: [Double]) -> [Double] {
    (0..<9).map { k in
      let row = k / 3
      let column = k % 3
      return a[3 * row] * b[column] + a[3 * row + 1] * b[3 + column] + a[3 * row + 2]
        * b[6 + column]
    }
  }
}
