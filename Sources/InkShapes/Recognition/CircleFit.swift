import Foundation

/// A circle fitted to points: Kåsa's algebraic fit (least squares of `x² + y² + Dx + Ey + F`,
/// a linear problem) as the start, then Gauss–Newton steps on the geometric distances
/// `|p − c| − r` (the refinement Chernov's book recommends after an algebraic fit).
struct CircleFit {
  /// The centre and radius.
  var cx: Double
  var cy: Double
  var radius: Double

  /// Gauss–Newton steps after the algebraic fit.
  static let refinementSteps = 6

  /// The circle through the points `range` of `xs, ys`, or `nil` when they are collinear or
  /// too few.
  init?(xs: [Double], ys: [Double], range: Range<Int>) {
    guard range.count >= 3 else { return nil }
    // Centred coordinates keep the normal equations well conditioned.
    var mx = 0.0
    var my = 0.0
    for i in range {
      mx += xs[i]
      my += ys[i]
    }
    mx /= Double(range.count)
    my /= Double(range.count)
    var suu = 0.0
    var suv = 0.0
    var svv = 0.0
    var suuu = 0.0
    var svvv = 0.0
    var suvv = 0.0
    var svuu = 0.0
    for i in range {
      let u = xs[i] - mx
      let v = ys[i] - my
      suu += u * u
      suv += u * v
      svv += v * v
      suuu += u * u * u
      svvv += v * v * v
      suvv += u * v * v
      svuu += v * u * u
    }
    // Kåsa in centred coordinates: [suu suv; suv svv] [uc; vc] = ½ [suuu + suvv; svvv + svuu].
    let det = suu * svv - suv * suv
    guard abs(det) > 1e-12 * (suu + svv) * (suu + svv), suu + svv > 0 else { return nil }
    let bu = 0.5 * (suuu + suvv)
    let bv = 0.5 * (svvv + svuu)
    var uc = (bu * svv - bv * suv) / det
    var vc = (suu * bv - suv * bu) / det
    var r = (uc * uc + vc * vc + (suu + svv) / Double(range.count)).squareRoot()
    for _ in 0..<Self.refinementSteps {
      // Normal equations of the Jacobian rows [-(u - uc)/d, -(v - vc)/d, -1]: the upper
      // triangle of the symmetric matrix and the gradient, summed in locals.
      var (j0, j1, j2, j4, j5, j8) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
      var (g0, g1, g2) = (0.0, 0.0, 0.0)
      for i in range {
        let du = xs[i] - mx - uc
        let dv = ys[i] - my - vc
        let d = (du * du + dv * dv).squareRoot()
        guard d > 0 else { continue }
        let (a0, a1) = (-du / d, -dv / d)
        let residual = d - r
        g0 += a0 * residual
        g1 += a1 * residual
        g2 -= residual
        j0 += a0 * a0
        j1 += a0 * a1
        j2 -= a0
        j4 += a1 * a1
        j5 -= a1
        j8 += 1
      }
      guard let step = Self.solve3([j0, j1, j2, j1, j4, j5, j2, j5, j8], [g0, g1, g2]) else {
        break
      }
      uc -= step[0]
      vc -= step[1]
      r -= step[2]
      if abs(step[0]) + abs(step[1]) + abs(step[2]) < 1e-10 * max(r, 1) { break }
    }
    guard r.isFinite, r > 0, uc.isFinite, vc.isFinite else { return nil }
    cx = uc + mx
    cy = vc + my
    radius = abs(r)
  }

  /// The solution of the 3 × 3 system `m x = b` (row-major) by Cramer's rule, or `nil` when it
  /// is singular; in inline arrays, as it runs six times a fit, without allocating.
  static func solve3(_ m: InlineArray<9, Double>, _ b: InlineArray<3, Double>)
    -> InlineArray<3, Double>?
  {
    func det(_ a: InlineArray<9, Double>) -> Double {
      a[0] * (a[4] * a[8] - a[5] * a[7]) - a[1] * (a[3] * a[8] - a[5] * a[6])
        + a[2] * (a[3] * a[7] - a[4] * a[6])
    }
    let d = det(m)
    guard abs(d) > 1e-300, d.isFinite else { return nil }
    return InlineArray { column in
      var replaced = m
      for row in 0..<3 { replaced[3 * row + column] = b[row] }
      return det(replaced) / d
    }
  }

  /// How far round the circle the points `range` go, as the angle they sweep (unwrapped, signed
  /// by direction: positive clockwise on screen).
  func sweep(xs: [Double], ys: [Double], range: Range<Int>) -> Double {
    var total = 0.0
    var previous = atan2(ys[range.lowerBound] - cy, xs[range.lowerBound] - cx)
    for i in range.dropFirst() {
      let a = atan2(ys[i] - cy, xs[i] - cx)
      var delta = a - previous
      if delta > .pi { delta -= 2 * .pi }
      if delta < -.pi { delta += 2 * .pi }
      total += delta
      previous = a
    }
    return total
  }
}
