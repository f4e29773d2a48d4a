import Foundation

extension ShapeEvaluationTally.ParameterErrors {
  /// Adds the errors of a fitted shape against its ground truth, of the same kind.
  mutating func add(_ shape: DetectedShape, truth: DetectedShape) {
    guard let size = try? IdealShape(truth).size, size > 0 else { return }
    if let c = shape.center, let t = truth.center, c.count == 2, t.count == 2 {
      center.append(hypot(c[0] - t[0], c[1] - t[1]) / size)
    }
    if let v = shape.vertices, let t = truth.vertices, v.count == t.count, !v.isEmpty {
      vertex.append(Self.vertexError(v, t, closed: truth.kind.isClosed) / size)
    }
    if let r = shape.radii, let t = truth.radii, r.count == t.count, !r.isEmpty {
      let pairs = zip(r.sorted(), t.sorted())
      radius.append(pairs.map { $1 > 0 ? abs($0 - $1) / $1 : 0 }.max() ?? 0)
    }
    if let error = Self.angleError(shape, truth) { angle.append(error) }
  }

  /// The largest vertex distance under the best matching: in order or reversed, and from any
  /// start when the outline is closed.
  static func vertexError(_ a: [[Double]], _ b: [[Double]], closed: Bool) -> Double {
    let n = a.count
    var best = Double.infinity
    for reversed in [false, true] {
      let order = reversed ? Array(a.reversed()) : a
      for shift in closed ? Array(0..<n) : [0] {
        var worst = 0.0
        for i in 0..<n {
          let p = order[(i + shift) % n]
          let q = b[i]
          guard p.count == 2, q.count == 2 else { return .infinity }
          worst = max(worst, hypot(p[0] - q[0], p[1] - q[1]))
        }
        best = min(best, worst)
      }
    }
    return best
  }

  /// The orientation error in degrees, where the kind has one to compare.
  static func angleError(_ shape: DetectedShape, _ truth: DetectedShape) -> Double? {
    func direction(_ s: DetectedShape) -> Double? {
      if let head = s.head, let tail = s.tail, head.count == 2, tail.count == 2 {
        return atan2(head[1] - tail[1], head[0] - tail[0])
      }
      if let v = s.vertices, v.count == 2, v[0].count == 2, v[1].count == 2 {
        return atan2(v[1][1] - v[0][1], v[1][0] - v[0][0])
      }
      return nil
    }
    let period: Double
    let a: Double
    let b: Double
    switch truth.kind {
    case .arrow:
      guard let x = direction(shape), let y = direction(truth) else { return nil }
      (a, b, period) = (x, y, 2 * .pi)
    case .line:
      guard let x = direction(shape), let y = direction(truth) else { return nil }
      (a, b, period) = (x, y, .pi)
    case .ellipse:
      guard let r = truth.radii, r.count == 2, max(r[0], r[1]) >= 1.1 * min(r[0], r[1]),
        let x = shape.rotation, let y = truth.rotation, let q = shape.radii, q.count == 2
      else { return nil }
      // The angle of the major axis, whichever radius is the larger.
      (a, b, period) = (q[0] >= q[1] ? x : x + .pi / 2, r[0] >= r[1] ? y : y + .pi / 2, .pi)
    default:
      return nil
    }
    let difference = (a - b).truncatingRemainder(dividingBy: period)
    let wrapped = min(abs(difference), period - abs(difference))
    return wrapped * 180 / .pi
  }
}
