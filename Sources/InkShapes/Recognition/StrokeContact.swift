import InkSampling

/// How strokes meet: whether they touch or cross, and the order in which to chain them.
enum StrokeContact {
  /// Whether an end of either path comes within `fraction` of the larger diagonal of the other
  /// path, or the paths cross.
  static func touch(_ a: InkPath, _ b: InkPath, within fraction: Double) -> Bool {
    let reach = fraction * max(a.diagonal, b.diagonal)
    func endsNear(_ p: InkPath, _ q: InkPath) -> Bool {
      for end in [0, p.count - 1] {
        for i in 0..<q.count {
          let dx = p.xs[end] - q.xs[i]
          let dy = p.ys[end] - q.ys[i]
          if dx * dx + dy * dy <= reach * reach { return true }
        }
      }
      return false
    }
    return endsNear(a, b) || endsNear(b, a) || cross(a, b, endMargin: 0)
  }

  /// Whether the paths cross away from their ends: a segment of each intersects, farther than
  /// `endMargin` of the larger diagonal from every end of both (so that an overshooting corner
  /// or an arrow's head laid over its shaft's tip is no crossing).
  static func cross(_ a: InkPath, _ b: InkPath, endMargin: Double = 0.1) -> Bool {
    let margin = endMargin * max(a.diagonal, b.diagonal)
    let ends = [
      (a.xs[0], a.ys[0]), (a.xs[a.count - 1], a.ys[a.count - 1]), (b.xs[0], b.ys[0]),
      (b.xs[b.count - 1], b.ys[b.count - 1]),
    ]
    guard a.maxX >= b.minX, b.maxX >= a.minX, a.maxY >= b.minY, b.maxY >= a.minY else {
      return false
    }
    for i in 0..<(a.count - 1) {
      let (p, p2) = ((a.xs[i], a.ys[i]), (a.xs[i + 1], a.ys[i + 1]))
      for j in 0..<(b.count - 1) {
        let (q, q2) = ((b.xs[j], b.ys[j]), (b.xs[j + 1], b.ys[j + 1]))
        let r = (p2.0 - p.0, p2.1 - p.1)
        let s = (q2.0 - q.0, q2.1 - q.1)
        let denominator = r.0 * s.1 - r.1 * s.0
        guard denominator != 0 else { continue }
        let t = ((q.0 - p.0) * s.1 - (q.1 - p.1) * s.0) / denominator
        let u = ((q.0 - p.0) * r.1 - (q.1 - p.1) * r.0) / denominator
        guard t >= 0, t <= 1, u >= 0, u <= 1 else { continue }
        let x = p.0 + t * r.0
        let y = p.1 + t * r.1
        if ends.allSatisfy({ ($0.0 - x) * ($0.0 - x) + ($0.1 - y) * ($0.1 - y) > margin * margin })
        {
          return true
        }
      }
    }
    return false
  }

  /// The strokes in chaining order: the first as drawn, then each time the stroke (either way
  /// round) whose start is nearest the chain's end, reversed where that is shorter.
  static func chained(_ strokes: [SampleBuffer]) -> [SampleBuffer] {
    let drawn = strokes.filter { !$0.isEmpty }
    guard drawn.count > 1 else { return drawn }
    var chain = [drawn[0]]
    var left = Array(drawn.dropFirst())
    while !left.isEmpty {
      let end = chain.last!
      let (ex, ey) = (end.xs[end.count - 1], end.ys[end.count - 1])
      var best = 0
      var bestReversed = false
      var bestDistance = Double.infinity
      for (k, stroke) in left.enumerated() {
        let toStart =
          (stroke.xs[0] - ex) * (stroke.xs[0] - ex) + (stroke.ys[0] - ey) * (stroke.ys[0] - ey)
        let last = stroke.count - 1
        let toEnd =
          (stroke.xs[last] - ex) * (stroke.xs[last] - ex) + (stroke.ys[last] - ey)
          * (stroke.ys[last] - ey)
        if toStart < bestDistance { (best, bestReversed, bestDistance) = (k, false, toStart) }
        if toEnd < bestDistance { (best, bestReversed, bestDistance) = (k, true, toEnd) }
      }
      let next = left.remove(at: best)
      chain.append(bestReversed ? reversed(next) : next)
    }
    return chain
  }

  /// A stroke drawn the other way: coordinates and channels reversed, times mirrored so that they
  /// still increase.
  static func reversed(_ stroke: SampleBuffer) -> SampleBuffer {
    let xs = Array(stroke.xs.reversed())
    let ys = Array(stroke.ys.reversed())
    guard let ts = stroke[.t], let first = ts.first, let last = ts.last else {
      return SampleBuffer(xs: xs, ys: ys)
    }
    let mirrored = ts.reversed().map { first + last - $0 }
    return (try? SampleBuffer(xs: xs, ys: ys, extraChannels: [.t: mirrored]))
      ?? SampleBuffer(xs: xs, ys: ys)
  }
}
