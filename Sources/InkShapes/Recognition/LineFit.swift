import Foundation

/// A straight line fitted by total least squares: through the centroid, along the principal
/// axis of the points' covariance (perpendicular distances minimised, unlike a regression of y
/// on x, so vertical lines fit as well as level ones).
struct LineFit {
  /// The centroid.
  var cx: Double
  var cy: Double
  /// The unit direction.
  var ux: Double
  var uy: Double

  /// The line through the points `range` of `xs, ys`, or `nil` when they coincide.
  init?(xs: [Double], ys: [Double], range: Range<Int>) {
    guard !range.isEmpty else { return nil }
    var sx = 0.0
    var sy = 0.0
    for i in range {
      sx += xs[i]
      sy += ys[i]
    }
    let n = Double(range.count)
    cx = sx / n
    cy = sy / n
    var sxx = 0.0
    var sxy = 0.0
    var syy = 0.0
    for i in range {
      let dx = xs[i] - cx
      let dy = ys[i] - cy
      sxx += dx * dx
      sxy += dx * dy
      syy += dy * dy
    }
    guard sxx + syy > 0 else { return nil }
    let theta = 0.5 * atan2(2 * sxy, sxx - syy)
    ux = cos(theta)
    uy = sin(theta)
  }

  /// The signed position of a point along the line from the centroid.
  func along(_ x: Double, _ y: Double) -> Double {
    (x - cx) * ux + (y - cy) * uy
  }

  /// The point of the line at `t` along it.
  func point(at t: Double) -> (Double, Double) {
    (cx + t * ux, cy + t * uy)
  }
}
