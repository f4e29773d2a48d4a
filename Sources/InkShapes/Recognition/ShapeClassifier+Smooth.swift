import Foundation

/// PaleoSketch's smooth open primitives (Paulson & Hammond 2008): curve, spiral and helix, each
/// fitted to the whole path and measured against its ideal outline (``ShapeParameters``).
extension ShapeClassifier {
  /// The fewest turns of the pen's direction a spiral or helix reading needs (PaleoSketch asks
  /// for more than one full turn; the synthetic spirals turn two or more times).
  static let leastCoilTurns = 1.5
  /// From this corner evidence (``cornerEvidence(_:corners:skippingCornersFoundTwice:closed:)``)
  /// of one of a closed path's corner sets or readings (``closedCandidates(end:)``), the loop
  /// turns at sharp corners between straight sides and is read as no spiral or helix, which
  /// turn all along their ink: a heuristic gate, for the pentagram drawn in one
  /// stroke, which winds twice round at its points (0.79–0.93 on the bench corpus). No closed
  /// path of quickdraw-dev or of the synthetic shapes whose spiral or helix could beat the
  /// readings before it has evidence above 0.58.
  static let coilCornerEvidence = 0.7
  /// The most the pen's direction may turn, in turns either way summed, along a curve (the
  /// synthesizer's S shapes bend by up to about 0.8 of a turn in all; a loop with the ink into
  /// and out of it turns by more).
  static let mostCurveTurning = 1.25
  /// A curve is read only when its mean deviation is under this part of the line's and the
  /// arc's (a curve through four points fits any arc or line as well).
  static let curveGain = 0.5
  /// Ink passing this far (a part of the diagonal) inside a polyline reading's corners, on
  /// average (``cornerGap(_:)``), makes them a curve's round bends.
  static let curveCornerGap = 0.012
  /// A curve bends away from its line and its arc by at least this mean deviation (a part of
  /// its size): a wavering line or arc is no curve.
  static let curveBend = 0.03
  /// From this corner evidence
  /// (``cornerEvidence(_:corners:skippingCornersFoundTwice:closed:)``, the turn within the runs
  /// between corners) an open polyline reading's runs are straight, and
  /// unless its corners are round (``curveCornerGap``) the path is no curve.
  static let curveCornerEvidence = 0.7

  /// The chords the path is cut into to measure its turning (so that the pen's jitter does
  /// not add up in the unsigned turning).
  static let turningChords = 32

  /// The total turning of the path's direction, chord to chord of ``turningChords`` chords,
  /// in radians: signed (positive clockwise on screen) and unsigned.
  func turning() -> (signed: Double, absolute: Double) {
    var signed = 0.0
    var absolute = 0.0
    var previous: Double?
    let step = max(1, path.count / Self.turningChords)
    for i in stride(from: step, to: path.count, by: step) {
      let (dx, dy) = (path.xs[i] - path.xs[i - step], path.ys[i] - path.ys[i - step])
      guard dx != 0 || dy != 0 else { continue }
      let angle = atan2(dy, dx)
      if let previous {
        let delta = remainder(angle - previous, 2 * .pi)
        signed += delta
        absolute += abs(delta)
      }
      previous = angle
    }
    return (signed, absolute)
  }

  /// The path's other open readings `others` followed by its smooth ones: a curve, a spiral, a
  /// helix, where each applies (the curve must beat the line and arc among `others`). With a
  /// curve, the zigzag and polyline readings of `others` whose round corners leave the ink
  /// farther than the curve does are its bends, and left out, except a zigzag two of whose
  /// runs cross (a delete mark drawn with round turns), which stays to be weighed. The spiral and helix are measured
  /// only as far as they can still beat the surest reading kept before them, when hopeless
  /// readings are left out (``leavesOutHopeless``).
  func withSmoothCandidates(_ others: [ShapeCandidate]) -> [ShapeCandidate] {
    guard path.count >= 8 else { return others }
    let (signed, absolute) = turning()
    var found: [ShapeCandidate] = []
    let bend =
      others.filter { [.line, .arc].contains($0.shape.kind) }.map(\.fit.meanDeviation).min()
      ?? .infinity
    // Straight runs between sharp corners (a check's, a caret's, a zigzag's) are no curve; a
    // curve's bends are round, the ink passing inside the corners of its polyline reading.
    let cornered = others.contains {
      ($0.cornerEvidence ?? 0) >= Self.curveCornerEvidence
        && cornerGap($0) < Self.curveCornerGap
    }
    if absolute <= 2 * .pi * Self.mostCurveTurning, bend >= Self.curveBend, !cornered,
      let curve = curveCandidate(hopeless: Self.curveGain * bend * (1 + 1e-9)),
      curve.fit.meanDeviation < Self.curveGain * bend
    {
      found.append(curve)
    }
    var kept = others
    if let curve = found.first {
      // A curve is read only when no polyline reading has sharp corners and straight runs. A
      // zigzag two of whose runs cross (a delete mark drawn with round turns) is no
      // curve's bends: it stays, to be weighed against the curve.
      kept.removeAll {
        [.zigzag, .polyline].contains($0.shape.kind)
          && $0.fit.maximumDeviation > curve.fit.maximumDeviation
          && !($0.shape.kind == .zigzag
            && Self.sidesCross(($0.shape.vertices ?? []).map { ($0[0], $0[1]) }, closed: false))
      }
    }
    kept += found
    let rival = leavesOutHopeless ? ShapeConfidence.surestLogit(of: kept) : nil
    return kept + coilCandidates(turning: signed, rival: rival)
  }

  /// The spiral and helix readings of the path when its direction turns by
  /// ``leastCoilTurns`` or more (`turning`, signed, computed when not given); asked of closed
  /// paths too, as a spiral's outer turn may pass near its inner end. With a `rival` (the logit
  /// of the surest reading that comes before them and is kept), not those that cannot be surer
  /// than it.
  func coilCandidates(turning: Double? = nil, rival: Double? = nil) -> [ShapeCandidate] {
    let signed = turning ?? self.turning().signed
    guard path.count >= 8, abs(signed) >= 2 * .pi * Self.leastCoilTurns else { return [] }
    return [
      spiralCandidate(rival: rival), helixCandidate(turns: signed / (2 * .pi), rival: rival),
    ].compactMap { $0 }
  }

  /// How far the ink passes from an open reading's inner vertices, on average, as a part of
  /// the path's diagonal: about 0 at sharp corners, more at round bends.
  func cornerGap(_ reading: ShapeCandidate) -> Double {
    guard let vertices = reading.shape.vertices, vertices.count >= 3 else { return 0 }
    let inner = vertices.dropFirst().dropLast()
    let total = inner.reduce(0.0) { sum, vertex in
      var nearest = Double.infinity
      for i in 0..<path.count {
        let (dx, dy) = (path.xs[i] - vertex[0], path.ys[i] - vertex[1])
        nearest = min(nearest, dx * dx + dy * dy)
      }
      return sum + nearest.squareRoot()
    }
    return total / Double(inner.count) / path.diagonal
  }

  /// The point indices at the given fractions (ascending) of the path's length.
  func indices(atFractions fractions: [Double]) -> [Int] {
    var lengths = [Double](repeating: 0, count: path.count)
    for i in 1..<path.count { lengths[i] = lengths[i - 1] + path.distance(i - 1, i) }
    let total = lengths[path.count - 1]
    var found: [Int] = []
    var i = 0
    for fraction in fractions {
      while i < path.count - 1, lengths[i] < fraction * total { i += 1 }
      found.append(i)
    }
    return found
  }

  /// The curve (a Catmull–Rom spline, as ``ShapeParameters`` draws it) through the path's ends
  /// and two of its points near a third and two thirds of its length, the pair that fits best;
  /// each pair measured only as far as it can still beat the best before it and stay under a
  /// `hopeless` mean deviation (a pair as far off or farther is left unmeasured).
  func curveCandidate(hopeless: Double = .infinity) -> ShapeCandidate? {
    var best: ShapeCandidate?
    let (firsts, seconds) = ([0.28, 0.33, 0.38], [0.62, 0.67, 0.72])
    // Every point found in one walk along the path.
    let found = indices(atFractions: [0] + firsts + seconds + [1])
    for first in firsts.indices {
      for second in seconds.indices {
        let points = [found[0], found[1 + first], found[1 + firsts.count + second], found.last!]
        let shape = DetectedShape(
          kind: .curve, confidence: 0, strokes: [],
          vertices: points.map { [path.xs[$0], path.ys[$0]] },
          hotPoints: points.map { [path.xs[$0], path.ys[$0]] })
        // Measured only as far as it can still beat the best so far.
        guard
          let reading = ShapeCandidate(
            ideal: shape, complexity: 3, path: path,
            hopeless: min(hopeless, ShapeCandidate.beating(best)))
        else {
          continue
        }
        if best == nil || reading.fit.meanDeviation < best!.fit.meanDeviation { best = reading }
      }
    }
    return best
  }

  /// How far the path is from an Archimedean spiral about `(cx, cy)`: the mean squared
  /// residual of its radius regressed on its unwound angle, and that angle's sweep.
  func spiralResidual(cx: Double, cy: Double) -> (residual: Double, sweep: Double) {
    var (sa, sr, saa, sar, srr) = (0.0, 0.0, 0.0, 0.0, 0.0)
    var unwound = 0.0
    var (px, py) = (path.xs[0] - cx, path.ys[0] - cy)
    for i in 0..<path.count {
      let (dx, dy) = (path.xs[i] - cx, path.ys[i] - cy)
      // The turn from the last radius that has a direction to this one, in [−π, π] (a point on
      // the centre has none, and the turn across it is counted at the next point).
      unwound += atan2(px * dy - py * dx, px * dx + py * dy)
      if dx != 0 || dy != 0 { (px, py) = (dx, dy) }
      let r = (dx * dx + dy * dy).squareRoot()
      sa += unwound
      sr += r
      saa += unwound * unwound
      sar += unwound * r
      srr += r * r
    }
    let n = Double(path.count)
    let variance = saa - sa * sa / n
    guard variance > 0 else { return (.infinity, unwound) }
    let covariance = sar - sa * sr / n
    let residual = (srr - sr * sr / n - covariance * covariance / variance) / n
    return (max(residual, 0), unwound)
  }

  /// The spiral of the path: its centre the point about which radius grows most evenly with
  /// angle (a pattern search from the points' mean), its inner end the end nearer the centre;
  /// `nil` when it cannot be surer than `rival`.
  func spiralCandidate(rival: Double? = nil) -> ShapeCandidate? {
    var cx = path.xs.reduce(0, +) / Double(path.count)
    var cy = path.ys.reduce(0, +) / Double(path.count)
    var (residual, sweep) = spiralResidual(cx: cx, cy: cy)
    // The centres measured: the search steps back to the centre it has just left (the same
    // numbers, bit for bit, when adding and taking away the step is exact), which is not
    // measured again.
    var measured = [(cx: cx, cy: cy, residual: residual, sweep: sweep)]
    var step = 0.08 * path.diagonal
    for _ in 0..<8 {
      var moved = false
      for (ux, uy) in [(1.0, 0.0), (-1, 0), (0, 1), (0, -1)] {
        let (tx, ty) = (cx + ux * step, cy + uy * step)
        let trial: (residual: Double, sweep: Double)
        if let known = measured.last(where: {
          $0.cx.bitPattern == tx.bitPattern && $0.cy.bitPattern == ty.bitPattern
        }) {
          trial = (known.residual, known.sweep)
        } else {
          trial = spiralResidual(cx: tx, cy: ty)
          measured.append((tx, ty, trial.residual, trial.sweep))
        }
        if trial.residual < residual {
          (residual, sweep) = trial
          (cx, cy) = (tx, ty)
          moved = true
        }
      }
      if !moved { step /= 2 }
    }
    guard abs(sweep) >= 2 * .pi * Self.leastCoilTurns else { return nil }
    let last = path.count - 1
    let startRadius = hypot(path.xs[0] - cx, path.ys[0] - cy)
    let endRadius = hypot(path.xs[last] - cx, path.ys[last] - cy)
    let (inner, outer) = startRadius <= endRadius ? (0, last) : (last, 0)
    let outerRadius = max(startRadius, endRadius)
    let ends = [inner, outer].map { [path.xs[$0], path.ys[$0]] }
    let shape = DetectedShape(
      kind: .spiral, confidence: 0, strokes: [], center: [cx, cy],
      radii: [outerRadius, outerRadius], vertices: ends, hotPoints: ends + [[cx, cy]],
      turns: (inner == 0 ? sweep : -sweep) / (2 * .pi))
    let hopeless = hopeless(.spiral, complexity: 2, rival: rival)
    return Self.unlessHopeless(
      ShapeCandidate(ideal: shape, complexity: 2, path: path, hopeless: hopeless), hopeless)
  }

  /// The helix of the path: its axis the middle of the narrowest strip that holds the ink (the
  /// convex hull's width, ``ConvexHull/minimumWidthStrip()``: the loops' tops touch both of its
  /// edges, where a least squares line tilts with the loops' phase), its loops' radii half the
  /// ink's spread across the axis and what the ink reaches beyond its ends along it,
  /// `turns` (the pen's turning, rounded to whole loops) loops from the first loop's centre to
  /// the last's; `nil` when it cannot be surer than `rival`.
  func helixCandidate(turns: Double, rival: Double? = nil) -> ShapeCandidate? {
    guard let strip = ConvexHull(xs: path.xs, ys: path.ys).minimumWidthStrip() else { return nil }
    let last = path.count - 1
    var (ux, uy) = (cos(strip.direction), sin(strip.direction))
    if (path.xs[last] - path.xs[0]) * ux + (path.ys[last] - path.ys[0]) * uy < 0 {
      (ux, uy) = (-ux, -uy)
    }
    var (minS, maxS, minV, maxV) = (
      Double.infinity, -Double.infinity, Double.infinity, -Double.infinity
    )
    for i in 0...last {
      let (dx, dy) = (path.xs[i] - strip.cx, path.ys[i] - strip.cy)
      let s = dx * ux + dy * uy
      let v = -dx * uy + dy * ux
      (minS, maxS, minV, maxV) = (min(minS, s), max(maxS, s), min(minV, v), max(maxV, v))
    }
    func along(_ i: Int) -> Double { (path.xs[i] - strip.cx) * ux + (path.ys[i] - strip.cy) * uy }
    let (start, end) = (along(0), along(last))
    let loops = turns.rounded()
    // The first loop starts at its back (its centre less the along radius); the last loop's
    // front is half a loop before the end.
    let alongRadius = ((maxS - minS) - (end - start) * (1 - 0.5 / max(abs(loops), 1))) / 2
    let acrossRadius = (maxV - minV) / 2
    guard alongRadius > 0, acrossRadius > 0, end > start, abs(loops) >= 2 else { return nil }
    let middle = (maxV + minV) / 2
    let centres = [start + alongRadius, end + alongRadius].map { s in
      [strip.cx + s * ux - middle * uy, strip.cy + s * uy + middle * ux]
    }
    let shape = DetectedShape(
      kind: .helix, confidence: 0, strokes: [],
      center: centres[0].indices.map {
        (centres[0][$0] + centres[1][$0]) / 2
      }, radii: [alongRadius, acrossRadius], vertices: centres,
      hotPoints: centres, turns: loops)
    let hopeless = hopeless(.helix, complexity: 3, rival: rival)
    return Self.unlessHopeless(
      ShapeCandidate(ideal: shape, complexity: 3, path: path, hopeless: hopeless), hopeless)
  }
}
