import InkSampling

/// How strokes meet: whether they touch or cross, and the order in which to chain them.
enum StrokeContact {
  /// Whether an end of either path comes within `fraction` of the larger diagonal of the other
  /// path, or the paths cross.
  static func touch(_ a: InkPath, _ b: InkPath, within fraction: Double) -> Bool {
    let reach = fraction * max(a.diagonal, b.diagonal)
    // Boxes farther apart than the reach can neither come near nor cross.
    guard a.maxX + reach >= b.minX, b.maxX + reach >= a.minX, a.maxY + reach >= b.minY,
      b.maxY + reach >= a.minY
    else { return false }
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
    // Only segments that reach into the other path's box can meet it: nested outlines (a ring
    // inside a ring) then cost a pass over their points, not a test of every pair of segments.
    let nearA = segments(of: a, reaching: b)
    let nearB = segments(of: b, reaching: a)
    for i in nearA {
      let (p, p2) = ((a.xs[i], a.ys[i]), (a.xs[i + 1], a.ys[i + 1]))
      for j in nearB {
        let (q, q2) = ((b.xs[j], b.ys[j]), (b.xs[j + 1], b.ys[j + 1]))
        let r = (p2.0 - p.0, p2.1 - p.1)
        let s = (q2.0 - q.0, q2.1 - q.1)
        let denominator = r.0 * s.1 - r.1 * s.0
        guard denominator != 0 else { continue }
        // Most pairs miss along the first segment: the second division only for those that
        // do not.
        let t = ((q.0 - p.0) * s.1 - (q.1 - p.1) * s.0) / denominator
        guard t >= 0, t <= 1 else { continue }
        let u = ((q.0 - p.0) * r.1 - (q.1 - p.1) * r.0) / denominator
        guard u >= 0, u <= 1 else { continue }
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

  /// The segments of `p` (by their first point) whose boxes meet the box of `q`, in order.
  static func segments(of p: InkPath, reaching q: InkPath) -> [Int] {
    (0..<max(p.count - 1, 0)).filter { i in
      let (x0, x1, y0, y1) = (p.xs[i], p.xs[i + 1], p.ys[i], p.ys[i + 1])
      return max(x0, x1) >= q.minX && min(x0, x1) <= q.maxX && max(y0, y1) >= q.minY
        && min(y0, y1) <= q.maxY
    }
  }

  /// The strokes in chaining order, each stroke either way round: from a starting stroke, each
  /// time the stroke whose nearer end is nearest the chain's end, turned round where its far
  /// end is the nearer; of the chains from every stroke, either way round, as the start, the
  /// one with the shortest jumps in all (the first such, so the first stroke as drawn when the
  /// jumps tie). A side-per-stroke polygon drawn in any order so chains round its outline.
  ///
  /// Complexity: O(k³) for k strokes (a group has a few).
  static func chained(_ strokes: [SampleBuffer]) -> [SampleBuffer] {
    let drawn = strokes.filter { !$0.isEmpty }
    guard drawn.count > 1 else { return drawn }
    let ends = drawn.map { stroke in
      (
        start: (stroke.xs[0], stroke.ys[0]),
        end: (stroke.xs[stroke.count - 1], stroke.ys[stroke.count - 1])
      )
    }
    func gap(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
      ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1)).squareRoot()
    }
    var best: [(stroke: Int, reversed: Bool)] = []
    var bestJumps = Double.infinity
    for first in drawn.indices {
      for firstReversed in [false, true] {
        var order = [(stroke: first, reversed: firstReversed)]
        // The strokes chained so far, the others looked at in ascending order.
        var chained = [Bool](repeating: false, count: drawn.count)
        chained[first] = true
        var at = firstReversed ? ends[first].start : ends[first].end
        var jumps = 0.0
        for _ in 1..<drawn.count {
          var next = (stroke: -1, reversed: false, distance: Double.infinity)
          for k in drawn.indices where !chained[k] {
            let toStart = gap(at, ends[k].start)
            let toEnd = gap(at, ends[k].end)
            if toStart < next.distance { next = (k, false, toStart) }
            if toEnd < next.distance { next = (k, true, toEnd) }
          }
          jumps += next.distance
          chained[next.stroke] = true
          order.append((next.stroke, next.reversed))
          at = next.reversed ? ends[next.stroke].start : ends[next.stroke].end
        }
        if jumps < bestJumps * (1 - 1e-9) { (best, bestJumps) = (order, jumps) }
      }
    }
    return best.map { $0.reversed ? reversed(drawn[$0.stroke]) : drawn[$0.stroke] }
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
