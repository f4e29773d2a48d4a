import InkSampling

/// The points of a group of strokes as the recognizer reads them: cleaned and resampled at an
/// equal spacing along the ink, the strokes chained in drawing order (the pen-up jump between two
/// strokes resampled as a straight connector, so that a rectangle drawn in four strokes is one
/// closed path).
///
/// Cleaning follows PaleoSketch (Paulson & Hammond 2008): non-finite and duplicate points are
/// dropped, and a hook (a short sharp turn in the first or last ``hookFraction`` of a stroke, as a
/// pen makes when it lands or lifts) is cut off. The spacing is ShortStraw's (Wolin, Eoff &
/// Hammond 2008): the diagonal of the group's bounding box over ``spacingDivisor``. Closure and
/// over-tracing are handled where closed kinds are fitted (``closingIndex()``).
struct InkPath {
  /// The resampled coordinates.
  var xs: [Double] = []
  var ys: [Double] = []
  /// The time of each resampled point in seconds, or empty when the ink has no times.
  var ts: [Double] = []
  /// Whether each point is ink (not on a connector between strokes).
  var isInk: [Bool] = []
  /// Where each stroke's points begin in `xs`.
  var strokeStarts: [Int] = []
  /// The spacing of the points.
  var spacing: Double = 0
  /// The diagonal of the bounding box of the ink.
  var diagonal: Double = 0
  /// The bounding box: minimum and maximum x and y.
  var minX = 0.0
  var minY = 0.0
  var maxX = 0.0
  var maxY = 0.0

  /// ShortStraw's resampling: the box diagonal over 40.
  static let spacingDivisor = 40.0
  /// The part of a stroke's length at either end in which a sharp turn is a hook.
  static let hookFraction = 0.1
  /// The part of the group's diagonal a hook may be long at most.
  static let hookDiagonalFraction = 0.06

  /// The number of points.
  var count: Int { xs.count }
  /// The distinct points of ink the pen gave, before resampling.
  var inkPoints = 0

  /// The path of `strokes` (drawing coordinates, in the order given), or `nil` when they hold no
  /// finite point or all their points coincide.
  init?(strokes: [SampleBuffer]) {
    var bounds = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
    for stroke in strokes {
      for (x, y) in zip(stroke.xs, stroke.ys) where x.isFinite && y.isFinite {
        bounds = (min(bounds.0, x), min(bounds.1, y), max(bounds.2, x), max(bounds.3, y))
      }
    }
    guard bounds.0.isFinite else { return nil }
    (minX, minY, maxX, maxY) = bounds
    diagonal = ((maxX - minX) * (maxX - minX) + (maxY - minY) * (maxY - minY)).squareRoot()
    guard diagonal > 0 else { return nil }
    spacing = diagonal / Self.spacingDivisor
    let timed = strokes.allSatisfy { $0[.t] != nil }
    let capacity = strokes.reduce(0) { $0 + $1.count } + 64
    xs.reserveCapacity(capacity)
    ys.reserveCapacity(capacity)
    if timed { ts.reserveCapacity(capacity) }
    for stroke in strokes {
      append(stroke, timed: timed)
    }
    guard count >= 2 else { return nil }
  }

  /// Appends one stroke: its finite, distinct points, resampled, with its hooks cut off; a
  /// connector from the previous stroke's end first.
  private mutating func append(_ stroke: SampleBuffer, timed: Bool) {
    let times = timed ? stroke[.t]! : []
    var px: [Double] = []
    var py: [Double] = []
    var pt: [Double] = []
    px.reserveCapacity(stroke.count)
    py.reserveCapacity(stroke.count)
    if timed { pt.reserveCapacity(stroke.count) }
    let minimumStep = diagonal * 1e-9
    for i in 0..<stroke.count {
      let x = stroke.xs[i]
      let y = stroke.ys[i]
      guard x.isFinite, y.isFinite else { continue }
      if let lx = px.last, let ly = py.last, abs(x - lx) <= minimumStep, abs(y - ly) <= minimumStep
      {
        continue
      }
      px.append(x)
      py.append(y)
      if timed { pt.append(times[i].isFinite ? times[i] : (pt.last ?? 0)) }
    }
    guard !px.isEmpty else { return }
    inkPoints += px.count
    let start = count
    if let lx = xs.last, let ly = ys.last {
      // The pen-up jump as a straight connector, without its end points (they are ink).
      let gap = ((px[0] - lx) * (px[0] - lx) + (py[0] - ly) * (py[0] - ly)).squareRoot()
      let steps = Int(gap / spacing)
      if steps > 1 {
        let lt = ts.last ?? 0
        for k in 1..<steps {
          let f = Double(k) / Double(steps)
          xs.append(lx + f * (px[0] - lx))
          ys.append(ly + f * (py[0] - ly))
          isInk.append(false)
          if timed { ts.append(lt + f * (pt[0] - lt)) }
        }
      }
    }
    strokeStarts.append(count)
    resample(px, py, pt)
    cutHooks(from: count > start ? strokeStarts.last! : count)
    isInk += repeatElement(true, count: count - isInk.count)
  }

  /// Points every `spacing` along the polyline `px, py` (times interpolated), the last point
  /// included.
  private mutating func resample(_ px: [Double], _ py: [Double], _ pt: [Double]) {
    let timed = !pt.isEmpty
    xs.append(px[0])
    ys.append(py[0])
    if timed { ts.append(pt[0]) }
    var carried = 0.0
    for i in 1..<max(px.count, 1) {
      let dx = px[i] - px[i - 1]
      let dy = py[i] - py[i - 1]
      let step = (dx * dx + dy * dy).squareRoot()
      var along = spacing - carried
      while along <= step {
        let f = along / step
        xs.append(px[i - 1] + f * dx)
        ys.append(py[i - 1] + f * dy)
        if timed { ts.append(pt[i - 1] + f * (pt[i] - pt[i - 1])) }
        along += spacing
      }
      carried = step - (along - spacing)
    }
    if carried > spacing * 0.25, let x = px.last, let y = py.last {
      xs.append(x)
      ys.append(y)
      if timed { ts.append(pt.last!) }
    }
  }

  /// Cuts a hook off either end of the stroke whose points begin at `start` and run to the end.
  private mutating func cutHooks(from start: Int) {
    let n = count - start
    guard n >= 8 else { return }
    let reach = min(
      Int(Double(n) * Self.hookFraction), Int(diagonal * Self.hookDiagonalFraction / spacing))
    guard reach >= 1 else { return }
    // The start: the sharpest turn within `reach` points of the end.
    if let cut = sharpestTurn(from: start, step: 1, reach: reach), cut > start {
      xs.removeSubrange(start..<cut)
      ys.removeSubrange(start..<cut)
      if !ts.isEmpty { ts.removeSubrange(start..<cut) }
    }
    if let cut = sharpestTurn(from: count - 1, step: -1, reach: reach), cut < count - 1 {
      xs.removeSubrange((cut + 1)...)
      ys.removeSubrange((cut + 1)...)
      if !ts.isEmpty { ts.removeSubrange((cut + 1)...) }
    }
  }

  /// The point within `reach` points of the end `end` (walking by `step`) at which the ink turns
  /// by more than 90°, the sharpest such, or `nil`.
  private func sharpestTurn(from end: Int, step: Int, reach: Int) -> Int? {
    var best: Int?
    var bestCosine = 0.0
    for k in 1...reach {
      let h = end + k * step
      let after = h + 3 * step
      guard after >= 0, after < count else { break }
      let ax = xs[h] - xs[end]
      let ay = ys[h] - ys[end]
      let bx = xs[after] - xs[h]
      let by = ys[after] - ys[h]
      let norms = ((ax * ax + ay * ay) * (bx * bx + by * by)).squareRoot()
      guard norms > 0 else { continue }
      let cosine = (ax * bx + ay * by) / norms
      if cosine < bestCosine {
        bestCosine = cosine
        best = h
      }
    }
    return best
  }

  /// The path with a straight connector (no ink) from its end back to its start, at the
  /// spacing, its last point the first again, so that an open path that goes nearly all the way
  /// round is read closed as chained strokes are (``closingIndex()`` closes it at its end).
  /// The connector's times go on at the ink's mean pace, so that it makes no pen-speed minimum.
  func closedByConnector() -> InkPath {
    var closed = self
    let (lx, ly) = (xs[count - 1], ys[count - 1])
    let steps = max(1, Int((distance(0, count - 1) / spacing).rounded(.up)))
    let pace = ts.count == count ? (ts[count - 1] - ts[0]) / Double(count - 1) : 0
    closed.strokeStarts.append(count)
    for k in 1...steps {
      let f = Double(k) / Double(steps)
      closed.xs.append(lx + f * (xs[0] - lx))
      closed.ys.append(ly + f * (ys[0] - ly))
      closed.isInk.append(false)
      if ts.count == count { closed.ts.append(ts[count - 1] + Double(k) * pace) }
    }
    return closed
  }

  /// The length of the path from point `a` to point `b`.
  func pathLength(_ a: Int, _ b: Int) -> Double {
    var length = 0.0
    var i = a
    while i < b {
      let dx = xs[i + 1] - xs[i]
      let dy = ys[i + 1] - ys[i]
      length += (dx * dx + dy * dy).squareRoot()
      i += 1
    }
    return length
  }

  /// The distance between points `a` and `b`.
  func distance(_ a: Int, _ b: Int) -> Double {
    let dx = xs[b] - xs[a]
    let dy = ys[b] - ys[a]
    return (dx * dx + dy * dy).squareRoot()
  }

  /// Where a closed shape's outline ends: the first return to the start after at least the
  /// shortest perimeter a closed shape can have (twice the diagonal, less a tolerance), the
  /// nearest point to the start thereabouts, so that an over-tracing second lap and an
  /// overshooting end are cut off. `nil` when the ink never comes back within ``closureGap``.
  ///
  /// Strokes chained into one path (a rectangle in four strokes) close at their end when it
  /// comes back to the start: their laps are not over-tracing.
  func closingIndex() -> Int? {
    let tolerance = diagonal * Self.closureGap
    if strokeStarts.count > 1 {
      return distance(0, count - 1) <= tolerance ? count - 1 : nil
    }
    var travelled = 0.0
    var best: Int?
    var bestDistance = Double.infinity
    for i in 1..<count {
      let dx = xs[i] - xs[i - 1]
      let dy = ys[i] - ys[i - 1]
      travelled += (dx * dx + dy * dy).squareRoot()
      guard travelled >= 1.6 * diagonal else { continue }
      let d = distance(0, i)
      if d < bestDistance, d <= tolerance {
        bestDistance = d
        best = i
      } else if best != nil, d > 2 * tolerance {
        break
      }
    }
    return best
  }

  /// The largest gap between the ends, as a part of the diagonal, that closes a shape.
  static let closureGap = 0.2
}
