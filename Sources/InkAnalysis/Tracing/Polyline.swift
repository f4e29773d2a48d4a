import Foundation

/// A polyline in structure-of-arrays form with the distance queries tracing needs.
struct Polyline: Sendable {
  var xs: [Double]
  var ys: [Double]

  var count: Int { xs.count }
  var isEmpty: Bool { xs.isEmpty }

  init(xs: [Double], ys: [Double]) {
    self.xs = xs
    self.ys = ys
  }

  init(_ buffer: SampleBuffer) {
    self.init(xs: buffer.xs, ys: buffer.ys)
  }

  init(_ points: [CGPoint]) {
    self.init(xs: points.map { Double($0.x) }, ys: points.map { Double($0.y) })
  }

  var length: Double {
    var total = 0.0
    for i in xs.indices.dropFirst() { total += hypot(xs[i] - xs[i - 1], ys[i] - ys[i - 1]) }
    return total
  }

  var reversed: Polyline { Polyline(xs: xs.reversed(), ys: ys.reversed()) }

  /// The distance from a point to the nearest point of the polyline (its segments).
  func distance(toX px: Double, y py: Double) -> Double {
    guard count > 1 else { return count == 1 ? hypot(px - xs[0], py - ys[0]) : .infinity }
    var best = Double.infinity
    for i in 1..<count {
      let ax = xs[i - 1]
      let ay = ys[i - 1]
      let dx = xs[i] - ax
      let dy = ys[i] - ay
      let lengthSquared = dx * dx + dy * dy
      var t = lengthSquared > 0 ? ((px - ax) * dx + (py - ay) * dy) / lengthSquared : 0
      t = min(max(t, 0), 1)
      let ex = ax + t * dx - px
      let ey = ay + t * dy - py
      best = min(best, ex * ex + ey * ey)
    }
    return best.squareRoot()
  }

  /// Samples every `spacing` along the polyline (ends kept).
  func resampled(spacing: Double) -> Polyline {
    guard count > 1, let buffer = try? SampleBuffer(xs: xs, ys: ys).resampled(spacing: spacing)
    else { return self }
    return Polyline(buffer)
  }

  /// `n` samples equally spaced along the polyline.
  func resampled(count n: Int) -> Polyline {
    guard !isEmpty, let buffer = try? SampleBuffer(xs: xs, ys: ys).resampled(count: n) else {
      return self
    }
    return Polyline(buffer)
  }

  /// Twice the signed area enclosed when the polyline is closed (positive: counter-clockwise
  /// in y-up coordinates, so clockwise on screen).
  var twiceSignedArea: Double {
    var sum = 0.0
    for i in xs.indices {
      let j = (i + 1) % count
      sum += xs[i] * ys[j] - xs[j] * ys[i]
    }
    return sum
  }
}

extension Array where Element == Polyline {
  /// The distance from a point to the nearest of the polylines.
  func distance(toX x: Double, y: Double) -> Double {
    reduce(Double.infinity) { Swift.min($0, $1.distance(toX: x, y: y)) }
  }

  /// The polylines joined end to end, in order.
  var joined: Polyline {
    Polyline(xs: flatMap(\.xs), ys: flatMap(\.ys))
  }
}
