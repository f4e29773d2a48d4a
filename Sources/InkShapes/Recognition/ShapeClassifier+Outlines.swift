import Foundation

/// The closed kinds that are no polygon and no ellipse: heart, cloud, chat bubble and rounded
/// rectangle, each fitted to the loop and measured against its ideal outline
/// (``ShapeParameters``).
extension ShapeClassifier {
  /// A cloud has at least this many bumps (dips of its radius between them).
  static let leastCloudBumps = 5
  /// A dip of a cloud goes this far inside its neighbouring bumps, as a part of the radius.
  static let cloudDipDepth = 0.04
  /// A cloud's mean deviation is under this part of its loop's round reading's, and it then
  /// takes the round reading's place (``cloudCandidate(range:ellipse:round:)``): the
  /// synthesizer's clouds (seeds 7, 11 and 3) fit their cloud 0.04 to 0.40 of their ellipse's
  /// or circle's mean deviation, the other loops with five dips or more 0.498 or more; no loop
  /// of the $1 logs' or the Drawn Shapes' tuning drawings has five dips. Decided on synthetic
  /// clouds alone: Quick, Draw!'s real clouds, with bumps uneven in size and spacing, fit their
  /// cloud at 0.82 to 0.98 of their round reading's deviation and read as none.
  static let cloudGain = 0.45
  /// A rectangle's corners are rounded when their radius is at least this part of its shorter
  /// side (the synthesizer rounds them by 0.15 to 0.3 of the height).
  static let roundedCornerShare = 0.1
  /// A rounded rectangle's corner radius is at most this part of its shorter half side (at 1
  /// the short sides are half circles).
  static let roundestCorner = 0.8
  /// A rounded rectangle's mean deviation is under this part of the sharp readings': the $1
  /// logs' tuning rectangles whose corners fit a radius of 0.1 to 0.15 of the shorter side fit
  /// it no more than 0.5% closer than their quadrilateral, the synthesizer's rounded rectangles
  /// at least 5% closer (most over half).
  static let roundingGain = 0.97
  /// A chat bubble's body is refitted without the ink farther outside it than this part of the
  /// tail's reach.
  static let chatBubbleTailCut = 0.25
  /// A chat bubble's tail reaches at least this part of the body's shorter side beyond it: the
  /// synthesizer's reach 0.25 to 0.45 of the body's height (0.24 or more as fitted), the lead-in
  /// of a tuning writer's `o` about 0.16.
  static let chatBubbleTailLength = 0.2

  /// The heart and chat bubble readings of the loop `range`, where each applies (the chat
  /// bubble's from `box`, the loop's rounded rectangle); with a `rival` (the logit of the
  /// surest reading that comes before them and is kept), not those that cannot be surer than it
  /// (``ShapeConfidence/hopelessMeanDeviation(kind:complexity:evidence:rival:)``), which could
  /// never be chosen; `round`, the logit of the loop's round reading, decides whether the
  /// heart's turned readings are kept (`nil` when a cloud took the round reading's place: then
  /// they are kept whenever they can beat `rival`); `notched`, whether the loop has a notch (``hasNotch(range:)``), found
  /// when not given. (The cloud is read before them, in the round reading's place:
  /// ``cloudCandidate(range:ellipse:round:)``.)
  func outlineCandidates(
    range: Range<Int>, box: RoundedRectangleFit?, rival: Double? = nil, round: Double? = nil,
    notched: Bool? = nil
  ) -> [ShapeCandidate] {
    guard range.count >= Self.leastOutlinePoints else { return [] }
    var found: [ShapeCandidate] = []
    if let heart = heartCandidate(range: range, rival: rival, round: round, notched: notched) {
      found.append(heart)
    }
    if let box, let bubble = chatBubbleCandidate(range: range, box: box, rival: rival) {
      found.append(bubble)
    }
    return found
  }

  /// The mean deviation from which a reading of `kind` and `complexity` (and corner `evidence`,
  /// for the families that weigh it) cannot be surer than `rival`; infinity without one.
  func hopeless(_ kind: ShapeKind, complexity: Double, evidence: Double = 0, rival: Double?)
    -> Double
  {
    rival.map {
      ShapeConfidence.hopelessMeanDeviation(
        kind: kind, complexity: complexity, evidence: evidence, rival: $0)
    } ?? .infinity
  }

  /// `reading`, or `nil` when it cannot be surer than the rival that set `hopeless` (its mean
  /// deviation at or above that bound); kept without a bound, and when its deviation is not a
  /// number (its confidence is then 0, which no reading listed before it loses to).
  static func unlessHopeless(_ reading: ShapeCandidate?, _ hopeless: Double) -> ShapeCandidate? {
    guard let reading, hopeless < .infinity, reading.fit.meanDeviation >= hopeless else {
      return reading
    }
    return nil
  }

  /// The bounds of the points `range` turned by `-rotation` about `(cx, cy)`: its centre back
  /// in drawing coordinates and its half sides.
  func turnedBox(range: Range<Int>, cx: Double, cy: Double, rotation: Double) -> (
    center: [Double], rx: Double, ry: Double
  ) {
    let (c, s) = (cos(rotation), sin(rotation))
    var (minX, maxX, minY, maxY) = (
      Double.infinity, -Double.infinity, Double.infinity, -Double.infinity
    )
    for i in range {
      let (dx, dy) = (path.xs[i] - cx, path.ys[i] - cy)
      let (x, y) = (c * dx + s * dy, -s * dx + c * dy)
      (minX, maxX, minY, maxY) = (min(minX, x), max(maxX, x), min(minY, y), max(maxY, y))
    }
    let (mx, my) = ((minX + maxX) / 2, (minY + maxY) / 2)
    return ([cx + c * mx - s * my, cy + s * mx + c * my], (maxX - minX) / 2, (maxY - minY) / 2)
  }

  /// The heart of the loop: its point the tip (``heartTip(range:cx:cy:)``), its box the ink's
  /// bounds with the tip straight down, the best of that rotation and 6° either side, each
  /// measured only as far as it can still beat `rival` and the best before it; `nil` when none
  /// can be surer than `rival`. Neither turned reading is kept when the upright one cannot beat
  /// `round`, the logit of the loop's round reading (at most `rival`): a heuristic (6° could
  /// make a hopeless heart a rival), which changed no answer on the $1 logs, Quick, Draw!,
  /// UNIPEN or the synthetic set. When `rival` is surer than `round`, an upright reading given
  /// up against it is measured against `round` only when a turned one can beat `rival`. No
  /// heart is read from a loop without a notch (`notched`, found when not given:
  /// ``hasNotch(range:)``), the cusp between a heart's lobes.
  func heartCandidate(
    range: Range<Int>, rival: Double? = nil, round: Double? = nil, notched: Bool? = nil
  ) -> ShapeCandidate? {
    // A loop without a notch is no heart, and its readings are not made (``hasNotch(range:)``).
    guard notched ?? hasNotch(range: range) else { return nil }
    let n = Double(range.count)
    let cx = range.reduce(0) { $0 + path.xs[$1] } / n
    let cy = range.reduce(0) { $0 + path.ys[$1] } / n
    guard let tip = heartTip(range: range, cx: cx, cy: cy) else { return nil }
    let upright = atan2(-(path.xs[tip] - cx), path.ys[tip] - cy)
    let hopeless = hopeless(.heart, complexity: 2, rival: rival)
    let roundHopeless = self.hopeless(.heart, complexity: 2, rival: round)
    // The reading turned by `offset` degrees from upright, measured as far as `bound`.
    func reading(_ offset: Double, bound: Double) -> ShapeCandidate? {
      let rotation = upright + offset * .pi / 180
      let box = turnedBox(range: range, cx: cx, cy: cy, rotation: rotation)
      guard box.rx > 0, box.ry > 0 else { return nil }
      let shape = DetectedShape(
        kind: .heart, confidence: 0, strokes: [], center: box.center, radii: [box.rx, box.ry],
        rotation: rotation, hotPoints: [[path.xs[tip], path.ys[tip]], box.center])
      return ShapeCandidate(ideal: shape, complexity: 2, path: path, hopeless: bound)
    }
    var best: ShapeCandidate?
    var uprightGivenUp = false
    for offset in [0.0, -6, 6] {
      guard let turned = reading(offset, bound: min(hopeless, ShapeCandidate.beating(best)))
      else { continue }
      if best == nil || turned.fit.meanDeviation < best!.fit.meanDeviation { best = turned }
      if offset == 0, turned.fit.meanDeviation == .infinity {
        // Given up against the round reading (the rival itself), the turned ones are not tried.
        if roundHopeless <= hopeless { break }
        uprightGivenUp = true
      }
    }
    // A turned reading that can beat the rival is kept only when the upright one can beat the
    // round reading.
    if uprightGivenUp, let best, best.fit.meanDeviation < hopeless,
      reading(0, bound: roundHopeless)?.fit.meanDeviation == .infinity
    {
      return nil
    }
    // A reading left unmeasured is hopeless, and so is the best when all are.
    return Self.unlessHopeless(best, hopeless)
  }

  /// The least turn, in degrees, against the loop's winding of a notch (over ``notchWindow``
  /// either side): a heart's cusp between its lobes, where the synthesizer's hearts turn back by
  /// 109° or more, and the base of a chat bubble's tail (67° or more); a convex loop (a circle,
  /// an ellipse, a convex polygon) turns back nowhere, a hand-drawn one only where its ink
  /// wobbles or hooks.
  static let notchTurn = 45.0

  /// The part of the loop's points, either side of a point, over which its turn is measured
  /// for a notch (at least ``CornerFinder/window``): a sixteenth, so that the ink's wobbles
  /// between neighbouring points do not count.
  static let notchWindow = 1.0 / 16

  /// Whether the loop `range` has a notch: a point where the ink, from ``notchWindow`` of the
  /// points before it to as many after it, turns against the loop's winding (the sign of its
  /// area) by ``notchTurn`` or more. A gate, not a fit: a heart is read only from a loop that
  /// has one, and a loop without one is fitted no rounded rectangle when its corners are
  /// rounded by its box's whole shorter half side or more (`fitsRoundLoops` of
  /// ``RoundedRectangleFit``), as it can have no chat
  /// bubble's tail. A heuristic, the ink's turn over fixed windows: it changed no answer on
  /// quickdraw-dev or the synthetic sets, and three of the UNIPEN tuning `i`s read as hearts
  /// became `none`.
  func hasNotch(range: Range<Int>) -> Bool {
    let n = range.count
    let w = max(CornerFinder.window, Int(Double(n) * Self.notchWindow))
    guard n > 2 * w else { return false }
    let (xs, ys, first) = (path.xs, path.ys, range.lowerBound)
    let winding = Shoelace.twiceSignedArea(xs: xs, ys: ys, points: range) < 0 ? -1.0 : 1.0
    // The turn from `u` to `v` against the winding, atan2(against, along), is over the notch's
    // turn T, 0 < T < π, when `against` is positive and (along, against) lies beyond the
    // direction T: cos T · against − sin T · along > 0.
    let turn = Self.notchTurn * .pi / 180
    let (c, s) = (cos(turn), sin(turn))
    for k in 0..<n {
      let (a, b, d) = (first + (k + n - w) % n, first + k, first + (k + w) % n)
      let (ux, uy) = (xs[b] - xs[a], ys[b] - ys[a])
      let (vx, vy) = (xs[d] - xs[b], ys[d] - ys[b])
      let against = -winding * (ux * vy - uy * vx)
      let along = ux * vx + uy * vy
      if against > 0, c * against - s * along > 0 { return true }
    }
    return false
  }

  /// A point of the loop at least this part as far from the ink's mean as the farthest may be a
  /// heart's tip (a wide heart's lobes come about as far out as its tip).
  static let heartTipReach = 0.9

  /// The tip of a heart drawn as the loop `range` about the ink's mean `(cx, cy)`: of the
  /// points that are farthest from the mean locally and at least ``heartTipReach`` as far as
  /// the farthest, the one where the ink turns most sharply (over ``CornerFinder/window``
  /// points either side, round the loop): the tip is a cusp, a lobe's far side a smooth bend.
  /// `nil` for a loop of no more than twice the window's points, or all at the mean.
  func heartTip(range: Range<Int>, cx: Double, cy: Double) -> Int? {
    let n = range.count
    let w = CornerFinder.window
    guard n > 2 * w else { return nil }
    let first = range.lowerBound
    let distances = range.map { hypot(path.xs[$0] - cx, path.ys[$0] - cy) }
    guard let farthest = distances.max(), farthest > 0 else { return nil }
    var best: (point: Int, angle: Double)?
    for k in 0..<n where distances[k] >= Self.heartTipReach * farthest {
      let (before, after) = ((k + n - 1) % n, (k + 1) % n)
      guard distances[k] >= distances[before], distances[k] >= distances[after] else { continue }
      let (a, c) = (first + (k + n - w) % n, first + (k + w) % n)
      let angle = Self.interiorAngle(
        (path.xs[a], path.ys[a]), (path.xs[first + k], path.ys[first + k]),
        (path.xs[c], path.ys[c]))
      if angle < best?.angle ?? .infinity { best = (first + k, angle) }
    }
    return best?.point
  }

  /// The cloud of the loop: its ellipse `ellipse`, widened to reach the bumps, with as many bumps
  /// as the ink's radius has dips (``cloudDipDepth``), its phase either way along the major axis
  /// (the second measured only as far as it can still beat the first); `nil` unless it fits the
  /// ink closer, by ``cloudGain``, than the loop's `round` reading (the ellipse or circle of
  /// `ellipse`), each phase measured only that far. A cloud's outline is a chain of bumps, arcs
  /// bulging outward that meet at inward cusps, which its ideal outline follows and an
  /// ellipse cuts across; a loop that only wobbles about its ellipse fits a cloud not so much
  /// closer.
  func cloudCandidate(range: Range<Int>, ellipse: EllipseFit, round: ShapeCandidate)
    -> ShapeCandidate?
  {
    guard range.count >= Self.leastOutlinePoints else { return nil }
    let (c, s) = (cos(ellipse.rotation), sin(ellipse.rotation))
    let radius = range.map { i -> Double in
      let (dx, dy) = (path.xs[i] - ellipse.cx, path.ys[i] - ellipse.cy)
      return hypot((c * dx + s * dy) / ellipse.major, (-s * dx + c * dy) / ellipse.minor)
    }
    let bumps = Self.dips(radius, depth: Self.cloudDipDepth)
    guard bumps >= Self.leastCloudBumps else { return nil }
    // The ideal cloud's radius averages 1 − 0.15 (1 − 2/π) of its bumps'.
    let widening = 1 / (1 - 0.15 * (1 - 2 / Double.pi))
    let bound = Self.cloudGain * round.fit.meanDeviation
    var best: ShapeCandidate?
    for rotation in [ellipse.rotation, ellipse.rotation + .pi] {
      let shape = DetectedShape(
        kind: .cloud, confidence: 0, strokes: [], center: [ellipse.cx, ellipse.cy],
        radii: [widening * ellipse.major, widening * ellipse.minor],
        rotation: remainder(rotation, 2 * .pi), points: bumps,
        hotPoints: [[ellipse.cx, ellipse.cy]])
      guard
        let reading = ShapeCandidate(
          ideal: shape, complexity: 3, path: path,
          hopeless: min(bound, ShapeCandidate.beating(best)))
      else {
        continue
      }
      if best == nil || reading.fit.meanDeviation < best!.fit.meanDeviation { best = reading }
    }
    guard let best, best.fit.meanDeviation < bound else { return nil }
    return best
  }

  /// The number of runs of `true` round a closed loop (the last and the first joined).
  static func runs(of marks: [Bool]) -> Int {
    guard let last = marks.last else { return 0 }
    var (count, previous) = (0, last)
    for mark in marks {
      if mark, !previous { count += 1 }
      previous = mark
    }
    return count == 0 && last ? 1 : count
  }

  /// The number of dips of a closed loop's radius profile: the runs below the values a window
  /// either side by more than `depth`, counted once each.
  static func dips(_ values: [Double], depth: Double) -> Int {
    let n = values.count
    let w = max(2, n / 40)
    guard n > 4 * w else { return 0 }
    var count = 0
    var inDip = false
    for i in 0..<n {
      let here = values[i]
      let isDip =
        here + depth < max(values[(i + n - 2 * w) % n], values[(i + n - w) % n])
        && here + depth < max(values[(i + w) % n], values[(i + 2 * w) % n])
        && here <= values[(i + n - 1) % n] && here <= values[(i + 1) % n]
      if isDip, !inDip { count += 1 }
      inDip = isDip || (inDip && here < values[(i + n - 1) % n] + depth / 2)
    }
    return count
  }

  /// The kinds of a loop's readings that a rounded rectangle replaces: its sides cut by its
  /// round corners, or found through them.
  static let sharpReadingKinds: [ShapeKind] = [.quadrilateral, .pentagon, .hexagon, .polygon]

  /// The least part of its minimum-area rectangle a loop fills for its rounded rectangle to be
  /// fitted at all: a rounded rectangle fills 0.86 of it or more (corners rounded by 0.8 of
  /// the shorter half side), a chat bubble about 0.65 to 0.8 with its tail, a triangle half and
  /// a star less (no fit of theirs could be chosen).
  static let leastBoxFill = 0.55

  /// The fewest points of a loop read as a rounded rectangle, chat bubble, heart or cloud.
  static let leastOutlinePoints = 16

  /// Whether the corners of the rounded rectangle `box` are round: their radius between
  /// ``roundedCornerShare`` of its shorter side and ``roundestCorner`` of its half.
  static func hasRoundCorners(_ box: RoundedRectangleFit) -> Bool {
    box.radius >= roundedCornerShare * 2 * min(box.a, box.b)
      && box.radius <= roundestCorner * min(box.a, box.b)
  }

  /// The rounded rectangle `box` of the loop (``RoundedRectangleFit``), when its corners are
  /// round (their radius between ``roundedCornerShare`` of the shorter side and
  /// ``roundestCorner`` of its half: rounder is an ellipse's or a stadium's) and it fits the ink
  /// closer, by ``roundingGain``, than every reading among `rivals` of ``sharpReadingKinds``
  /// (whose sides a round corner cuts) and than the loop's `round` reading, the ellipse or
  /// circle (or the cloud in its place); `nil` otherwise.
  func roundedRectangleCandidate(
    _ box: RoundedRectangleFit, rivals: [ShapeCandidate], round: ShapeCandidate?
  ) -> ShapeCandidate? {
    guard Self.hasRoundCorners(box) else { return nil }
    let sharp = min(
      rivals.filter { Self.sharpReadingKinds.contains($0.shape.kind) }
        .map(\.fit.meanDeviation).min() ?? .infinity,
      round?.fit.meanDeviation ?? .infinity)
    let shape = DetectedShape(
      kind: .roundedRectangle, confidence: 0, strokes: [], center: [box.cx, box.cy],
      radii: [box.a, box.b], rotation: box.rotation, hotPoints: [[box.cx, box.cy]],
      cornerRadius: box.radius)
    guard
      let rounded = ShapeCandidate(
        ideal: shape, complexity: 3, path: path, hopeless: Self.roundingGain * sharp)
    else { return nil }
    return rounded.fit.meanDeviation < Self.roundingGain * sharp ? rounded : nil
  }

  /// The chat bubble of the loop `range`: its body the rounded rectangle of the ink without the
  /// tail (`box`, the rounded rectangle of all the loop, refitted twice without the ink farther
  /// outside it than ``chatBubbleTailCut`` of the farthest), its tail's tip the ink farthest
  /// outside the body, at least ``chatBubbleTailLength`` of the body's shorter side; the body
  /// turned a quarter when the tail leaves its left or right side, so that it leaves the top or
  /// bottom, as PaperKit's does. `nil` without such a tail (none is looked for when no ink is
  /// half that far outside `box`, or when the ink beyond half the farthest is more than one run
  /// round the loop), or when it cannot be surer than `rival`.
  func chatBubbleCandidate(range: Range<Int>, box: RoundedRectangleFit, rival: Double? = nil)
    -> ShapeCandidate?
  {
    var body = box
    var tip = (distance: -Double.infinity, index: range.lowerBound)
    for pass in 0..<3 {
      tip = (-.infinity, range.lowerBound)
      let distances = body.signedDistances(xs: path.xs, ys: path.ys, range: range)
      for (k, d) in distances.enumerated() where d > tip.distance {
        tip = (d, range.lowerBound + k)
      }
      if pass == 0,
        tip.distance < Self.chatBubbleTailLength * min(body.a, body.b)
      {
        return nil
      }
      guard pass < 2 else { break }
      let cut = Self.chatBubbleTailCut * tip.distance
      let tail = distances.map { $0 > cut }
      // A tail is one spike: the ink beyond half its reach is one run round the loop (a star's
      // points, a triangle's corners and a scribble's loops are several).
      guard pass > 0 || Self.runs(of: distances.map { $0 > tip.distance / 2 }) == 1,
        tip.distance > 0,
        let refit = RoundedRectangleFit(xs: path.xs, ys: path.ys, range: range, excluding: tail)
      else { return nil }
      body = refit
    }
    guard tip.distance >= Self.chatBubbleTailLength * 2 * min(body.a, body.b) else { return nil }
    let (tx, ty) = (path.xs[tip.index], path.ys[tip.index])
    let (c, s) = (cos(body.rotation), sin(body.rotation))
    let (u, v) = (c * (tx - body.cx) + s * (ty - body.cy), -s * (tx - body.cx) + c * (ty - body.cy))
    var (rx, ry, rotation) = (body.a, body.b, body.rotation)
    if abs(u) / rx > abs(v) / ry { (rx, ry, rotation) = (ry, rx, rotation + .pi / 2) }
    let shape = DetectedShape(
      kind: .chatBubble, confidence: 0, strokes: [], center: [body.cx, body.cy],
      radii: [rx, ry], rotation: rotation, tail: [tx, ty],
      hotPoints: [[tx, ty], [body.cx, body.cy]])
    let hopeless = hopeless(.chatBubble, complexity: 3, rival: rival)
    return Self.unlessHopeless(
      ShapeCandidate(ideal: shape, complexity: 3, path: path, hopeless: hopeless), hopeless)
  }
}
