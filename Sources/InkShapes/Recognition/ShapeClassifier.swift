import Foundation

/// The readings of one ``InkPath`` as each kind that could fit it, PaleoSketch's way (Paulson &
/// Hammond 2008): a closed path (one that comes back to its start, the over-traced rest cut off)
/// is read as an ellipse or circle, as a polygon or star through its corners, and as a heart,
/// cloud or rounded rectangle; an open one as a line, an arc, a polyline through its corners
/// (named check, caret, zigzag or arrow where its corners say so), and as a curve, spiral or
/// helix. Corners are IStraw's (``CornerFinder/iStraw(xs:ys:ts:)``); each side is
/// refitted by total least squares and the vertices are the sides' intersections, so that
/// rounded and overshooting corners land where the sides meet.
///
/// What differs from PaleoSketch: one polygon reading from the corners instead of its
/// polyline/curve splits, closed kinds beyond its primitives (triangle to polygon, star), and
/// the fit of every reading measured the same way, against its ideal outline
/// (``ShapeCandidate/measure(_:range:)``).
struct ShapeClassifier {
  /// The ink.
  let path: InkPath
  /// Whether readings that cannot be chosen are left out, as the recognizer, which keeps only
  /// the surest, leaves them: those that cannot be surer than the surest reading listed before
  /// them and kept (the polygons and stars of a loop against its round reading and the polygons
  /// before them, the heart, cloud and chat bubble against those and the rounded rectangle, the
  /// spiral and helix against everything before them); `false` lists every reading. A caller
  /// that looks for a reading of one kind rather than the surest must not leave out polygons
  /// (``keepsEveryPolygon``).
  var leavesOutHopeless = false
  /// Whether a loop's polygons and stars are all listed even when ``leavesOutHopeless`` leaves
  /// out the other hopeless readings: for a caller that looks for the loop's triangle whether or
  /// not it is the surest reading (``StarOfTriangles``).
  var keepsEveryPolygon = false

  /// Above this ratio of minor to major axis a closed round shape is a circle.
  static let circleAxisRatio = 0.7
  /// The turn, in degrees of interior angle, below which a corner counts as sharp for zigzags.
  static let sharpAngle = 80.0
  /// The widest interior angle, in degrees, of a zigzag whose turns alternate left and right
  /// (one whose turns do not, such as the $1 logs' delete mark, needs corners under
  /// ``sharpAngle``).
  static let alternatingAngle = 110.0
  /// A zigzag's longest segment is at most this many times its median one (an arrow's shaft is
  /// longer).
  static let zigzagSegmentRatio = 2.5
  /// A check's shorter leg is under this part of its longer.
  static let checkLegRatio = 0.85
  /// Below this ratio of inner to outer radius, alternating vertices make a star.
  static let starRadiusRatio = 0.75

  /// Every reading of the path, fits measured.
  func candidates() -> [ShapeCandidate] {
    var found: [ShapeCandidate] = []
    if let closing = path.closingIndex() {
      // The strongest corner evidence of the loops' corner sets, for the coil gate below.
      let loop = closedCandidates(end: closing)
      found += loop.readings
      var strongest = loop.strongest
      // A path that passes near its start before coming back to it at its end (a pentagram
      // drawn in one stroke crosses its start's corner halfway) is read closed at its end too;
      // one that runs on far from its start (a delete mark whose last run crosses its first
      // near the start), open too.
      let last = path.count - 1
      if path.distance(0, last) > InkPath.closureGap * path.diagonal {
        found += crossingMarkCandidates()
      } else if closing < last - CornerFinder.window {
        let again = closedCandidates(end: last)
        found += again.readings
        strongest = max(strongest, again.strongest)
      }
      // The spiral and helix come last: what cannot beat the surest reading before them is
      // never chosen. A loop that turns at sharp corners between straight sides (a pentagram
      // winds twice round at its five points) is neither (``coilCornerEvidence``): the evidence
      // is that of the corner sets, whichever readings carry it (a cloud in the round reading's
      // place carries none).
      if strongest < Self.coilCornerEvidence,
        !found.contains(where: { ($0.cornerEvidence ?? 0) >= Self.coilCornerEvidence })
      {
        found += coilCandidates(
          rival: leavesOutHopeless ? ShapeConfidence.surestLogit(of: found) : nil)
      }
    } else {
      // The circle through the whole path, for its arc reading and its sweep.
      let all = 0..<path.count
      let circle = CircleFit(xs: path.xs, ys: path.ys, range: all).map {
        (fit: $0, sweep: $0.sweep(xs: path.xs, ys: path.ys, range: all))
      }
      found += openCandidates(circle: circle)
      // A round shape whose ends stay apart but that goes nearly all the way round, and, when
      // its ends are within ``unfinishedGap``, the convex polygons of the same ink closed by a
      // connector (a Quick, Draw! octagon or rectangle left a side short); the round reading
      // then carries their corner evidence, as a closed loop's does.
      let sweep = circle.map { abs($0.sweep) } ?? 0
      var round =
        sweep >= 5 * .pi / 3
        ? roundCandidate(
          range: all, ellipse: EllipseFit(xs: path.xs, ys: path.ys, range: all),
          circle: circle?.fit)
        : nil
      if sweep >= 5 * .pi / 3,
        path.distance(0, path.count - 1) <= Self.unfinishedGap * path.diagonal
      {
        let closed = ShapeClassifier(path: path.closedByConnector())
        let polygons = closed.loopPolygonCandidates(
          end: closed.path.count - 1, round: round?.fit.meanDeviation)
        round?.cornerEvidence = polygons.strongest
        found += polygons.readings.filter {
          $0.shape.kind != .star && Self.isConvex($0.shape.vertices ?? [])
        }
      }
      if let round { found.append(round) }
    }
    return found
  }

  // MARK: Closed readings

  /// The ellipse or circle, or the cloud in its place (``cloudCandidate(range:ellipse:round:)``),
  /// and the polygon or star of the points `0...end`, with the strongest corner evidence of its
  /// corner sets that the round reading carries (``loopPolygonCandidates(end:round:rival:)``; 0
  /// for a loop too short for corners).
  func closedCandidates(end: Int) -> (readings: [ShapeCandidate], strongest: Double) {
    let range = 0..<(end + 1)
    // The loop's ellipse, fitted once for its round reading and its cloud.
    let ellipse = EllipseFit(xs: path.xs, ys: path.ys, range: range)
    var round = roundCandidate(range: range, ellipse: ellipse)
    guard end >= 2 * CornerFinder.window + 2 else { return (round.map { [$0] } ?? [], 0) }
    // A loop whose bumps a cloud follows far closer than the round reading does is a cloud, told
    // apart before the readings are weighed: the cloud takes the round reading's place.
    let cloud = ellipse.flatMap { ellipse in
      round.flatMap { cloudCandidate(range: range, ellipse: ellipse, round: $0) }
    }
    if cloud != nil { round = nil }
    // The loop's rounded rectangle, fitted once for its own reading and a chat bubble's body;
    // not to a loop whose corners are rounded by its box's shorter half side or more (an
    // ellipse's are) when it has no notch, the base of
    // a chat bubble's tail (``hasNotch(range:)``, found once for this and the heart).
    let notched = range.count >= Self.leastOutlinePoints && hasNotch(range: range)
    let box =
      range.count >= Self.leastOutlinePoints
      ? RoundedRectangleFit(
        xs: path.xs, ys: path.ys, range: range, leastFill: Self.leastBoxFill,
        fitsRoundLoops: notched)
      : nil
    // Unless the box's corners are round, when the rounded rectangle compares its fit with
    // theirs, the polygons are measured only as far as they can still beat the round reading
    // (with their strongest corner evidence), or the cloud in its place, and the polygons before
    // them: they are all kept.
    let prunes =
      leavesOutHopeless && !keepsEveryPolygon && !(box.map(Self.hasRoundCorners) ?? false)
    let polygons = loopPolygonCandidates(
      end: end, round: round?.fit.meanDeviation,
      rival: prunes
        ? { strongest in
          guard var rival = round else {
            return cloud.flatMap(ShapeConfidence.logit(of:)) ?? -.infinity
          }
          rival.cornerEvidence = strongest
          return ShapeConfidence.logit(of: rival) ?? -.infinity
        } : nil)
    var found = polygons.readings
    round?.cornerEvidence = polygons.strongest
    let leading = round ?? cloud
    // A rectangle whose corners are rounded is a rounded rectangle, and no polygon.
    if let box, let rounded = roundedRectangleCandidate(box, rivals: found, round: leading) {
      found.removeAll { Self.sharpReadingKinds.contains($0.shape.kind) }
      found.append(rounded)
    }
    // The round reading (or the cloud), the polygons and the rounded rectangle come first and
    // are always kept: what cannot beat the surest of them is never chosen. The heart's turned
    // readings are kept only when its upright one can beat the round reading
    // (``heartCandidate(range:rival:round:notched:)``).
    let kept = (leading.map { [$0] } ?? []) + found
    let rival = leavesOutHopeless ? ShapeConfidence.surestLogit(of: kept) : nil
    let roundRival = leavesOutHopeless ? round.flatMap(ShapeConfidence.logit(of:)) : nil
    let readings =
      kept
      + outlineCandidates(
        range: range, box: box, rival: rival, round: roundRival, notched: notched)
    return (readings, polygons.strongest)
  }

  /// The polygon and star readings of the closed loop `0...end` (its point `end` back at its
  /// start), one a corner set of ``cornerSets(_:)``, and the strongest corner evidence among
  /// the unsplit corner sets found from the loop's flattest point (0 when none) that the loop's
  /// round reading carries: with `round`, the round
  /// reading's mean deviation, only that of the corner sets whose reading fits the ink at least
  /// as closely (a polygon that follows the ink no closer than the round outline does is no
  /// sign of corners: its corners are where a round loop was cut, as on a hand-drawn oval whose
  /// long sides run flat). With a `rival` (the logit, given the strongest evidence of those
  /// corner sets, of the surest reading that comes before them and is kept; the round
  /// reading's, whose evidence can then only be weaker and its logit higher), not those that
  /// cannot be surer than it or than a reading before them, each measured at least as far as
  /// `round`, so that whether it fits as closely is known.
  func loopPolygonCandidates(
    end: Int, round: Double? = nil, rival: ((Double) -> Double)? = nil
  ) -> (readings: [ShapeCandidate], strongest: Double) {
    // The closed loop, started at its flattest point so that no corner sits at the seam, then
    // at its first corner so that every side is one run; again from its flattest point whose
    // straw does not span the seam, when that is another and no corner set of the first start
    // has straight runs (``seamCornerEvidence``).
    let n = end
    guard n >= 2 * CornerFinder.window + 2 else { return ([], 0) }
    let flattest = flattestPoint(count: n, acrossSeam: true)
    let awayFromSeam = flattestPoint(count: n, acrossSeam: false)
    // The vertices and corner evidence of each reading and whether its corners are those found
    // from the flattest point (no run split), then the readings.
    var polygons:
      [(
        vertices: [(Double, Double)], polygonEvidence: Double, roundEvidence: Double, asFound: Bool
      )] =
        []
    var strongest = 0.0
    for (s, first) in ([flattest] + (awayFromSeam == flattest ? [] : [awayFromSeam])).enumerated() {
      if s > 0, strongest >= Self.seamCornerEvidence { break }
      let start = rotated(range: 0..<n, start: first)
      for (set, corners) in Self.cornerSets(start).enumerated() {
        let inner = Array(corners.dropFirst().dropLast())
        // ShortStraw (the second set) finds corners on round ink too: only its triangles and
        // quadrilaterals are read; IStraw's curve test guards the rest. From the second start,
        // which is there for a corner missed at the seam, only those too (letters' bowls, read
        // from it, made many-sided polygons).
        guard inner.count >= 3, inner.count <= (set == 0 && s == 0 ? 12 : 4) else { continue }
        let loop = rotated(start, start: inner[0])
        let sides = inner.map { $0 - inner[0] } + [loop.xs.count - 1]
        // IStraw's curve test drops a faint corner of a many-sided polygon (an octagon's 45°
        // drawn round): its two sides then make one run twice as long as the others.
        // (ShortStraw's sets, of four corners at most, have too few runs to be split.)
        let split = Self.splittingLongRuns(sides, loop: loop)
        for (k, sides) in ([sides] + (split.map { [$0] } ?? [])).enumerated() {
          guard let refined = refinedVertices(loop, corners: sides, closed: true) else { continue }
          let vertices = simplified(refined)
          guard vertices.count >= 3 else { continue }
          // The polygon's own evidence leaves a round corner found twice out; the round
          // reading's counts it, and comes from the corners found from the flattest point:
          // split runs would lend it the evidence of corners added on round ink.
          let roundEvidence = Self.cornerEvidence(loop, corners: sides)
          let polygonEvidence = Self.cornerEvidence(
            loop, corners: sides, skippingCornersFoundTwice: true)
          polygons.append((vertices, polygonEvidence, roundEvidence, s == 0 && k == 0))
          if s == 0, k == 0 { strongest = max(strongest, roundEvidence) }
        }
      }
    }
    // The rival and the surest polygon so far, the larger kept as they come.
    var surest = rival?(strongest)
    var found: [ShapeCandidate] = []
    var closer = 0.0
    for (vertices, polygonEvidence, roundEvidence, asFound) in polygons {
      let readings = polygonCandidates(
        vertices, evidence: polygonEvidence, rival: surest, measuredTo: round ?? 0
      ).map { reading in
        var reading = reading
        if reading.shape.kind != .star { reading.cornerEvidence = polygonEvidence }
        return reading
      }
      found += readings
      surest = surest.map { max($0, ShapeConfidence.surestLogit(of: readings) ?? $0) }
      if asFound, readings.contains(where: { $0.fit.meanDeviation <= round ?? .infinity }) {
        closer = max(closer, roundEvidence)
      }
    }
    return (found, closer)
  }

  /// From this corner evidence (``cornerEvidence(_:corners:skippingCornersFoundTwice:closed:)``)
  /// of an unsplit corner set found from a loop's flattest point, its runs are nearly straight
  /// and a corner missed at the seam is unlikely, so that the loop is not read again from its
  /// flattest point away from the seam. Unlikely, not ruled out: a corner left inside a run
  /// turns it by up to twice the corner's turn, but one near the run's end bends its
  /// half-chords little (an octagon's 45° missed leaves 0.75 to 1). A heuristic gate: the
  /// second start finds the same corners or, on a few polygons, ones that fit a little closer
  /// (triangles and quadrilaterals read 0.0001 to 0.0042 less sure without them among the
  /// synthetic shapes, 0.0012 to 0.0087 in quickdraw-dev).
  static let seamCornerEvidence = 0.9

  /// The vertices of a closed polygon as read from `refined`, the meeting points of its sides:
  /// those within ``cornerMerge`` of the diagonal made one (``merged(_:within:)``), the flat
  /// ones dropped (``withoutFlatVertices(_:)``), the short sides made one corner
  /// (``withoutShortSides(_:)``), the seam jog and stubs left out
  /// (``withoutJogsAndStubs(_:)``), and the flat ones dropped again: a short side or a stub made
  /// one corner can leave that corner in line with its neighbours.
  func simplified(_ refined: [(Double, Double)]) -> [(Double, Double)] {
    Self.withoutFlatVertices(
      withoutJogsAndStubs(
        Self.withoutShortSides(
          Self.withoutFlatVertices(Self.merged(refined, within: Self.cornerMerge * path.diagonal)))
      ))
  }

  /// A closed loop's run between two corners at least this many times as long as the median
  /// run is two sides whose corner was missed.
  static let longRunRatio = 1.7
  /// A missed corner stands off its run's chord by at least this part of the chord (two equal
  /// sides meeting at an octagon's 135° stand tan 22.5° / 2 = 0.21 off; a straight side's wobble,
  /// 0.01–0.02).
  static let missedCornerOffset = 0.08

  /// The corners `sides` of a closed loop of six or more runs (the first 0, the last the loop's
  /// end), with a corner added in each run ``longRunRatio`` times the median run or longer, at
  /// its point farthest from the run's chord within its middle half when that point is at least
  /// ``missedCornerOffset`` of the chord off it (a run whose ends coincide is left whole); `nil`
  /// when no run is split or when the runs then differ (one under half the median run or more
  /// than ``longRunRatio`` times it).
  static func splittingLongRuns(
    _ sides: [Int], loop: (xs: [Double], ys: [Double], ts: [Double])
  ) -> [Int]? {
    let runs = zip(sides, sides.dropFirst()).map { $1 - $0 }
    guard runs.count >= 6 else { return nil }
    let median = Double(runs.sorted()[runs.count / 2])
    var split = [sides[0]]
    for (a, b) in zip(sides, sides.dropFirst()) {
      let (dx, dy) = (loop.xs[b] - loop.xs[a], loop.ys[b] - loop.ys[a])
      if Double(b - a) >= longRunRatio * median, dx * dx + dy * dy > 0 {
        let middle = (a + (b - a) / 4)...(b - (b - a) / 4)
        func offset(_ i: Int) -> Double {
          abs((loop.xs[i] - loop.xs[a]) * dy - (loop.ys[i] - loop.ys[a]) * dx)
        }
        let farthest = middle.max { offset($0) < offset($1) }!
        // A straight run (a long side) stays one: its farthest point is only the ink's wobble.
        if offset(farthest) >= Self.missedCornerOffset * (dx * dx + dy * dy) {
          split.append(farthest)
        }
      }
      split.append(b)
    }
    guard split.count > sides.count else { return nil }
    // The sides of a polygon whose corners were all found are alike (a rounded rectangle's
    // corner arcs and sides are not, and its readings need no more corners).
    let splitRuns = zip(split, split.dropFirst()).map { Double($1 - $0) }
    let splitMedian = splitRuns.sorted()[splitRuns.count / 2]
    return splitRuns.allSatisfy { $0 <= longRunRatio * splitMedian && $0 >= splitMedian / 2 }
      ? split : nil
  }

  /// The corners of points by IStraw and by ShortStraw, once when they agree, each without the
  /// corners that follow the previous one by fewer than ``minimumRun`` points (the jitter of a
  /// sloppy corner found twice).
  static func cornerSets(_ points: (xs: [Double], ys: [Double], ts: [Double])) -> [[Int]] {
    let iStraw = separated(CornerFinder.iStraw(xs: points.xs, ys: points.ys, ts: points.ts))
    let shortStraw = separated(CornerFinder.shortStraw(xs: points.xs, ys: points.ys))
    return iStraw == shortStraw ? [iStraw] : [iStraw, shortStraw]
  }

  /// Vertices of a closed polygon closer than this part of the diagonal are one corner (found
  /// twice: either side of a stroke's overshooting end where strokes are chained, or either
  /// side of the loop's seam).
  static let cornerMerge = 0.06

  /// The vertices of a closed polygon, each run of consecutive ones (the last and the first
  /// included) within `distance` of its first replaced by their mean.
  static func merged(_ vertices: [(Double, Double)], within distance: Double) -> [(Double, Double)]
  {
    var groups: [[(Double, Double)]] = []
    for vertex in vertices {
      if let last = groups.last?.first, hypot(vertex.0 - last.0, vertex.1 - last.1) <= distance {
        groups[groups.count - 1].append(vertex)
      } else {
        groups.append([vertex])
      }
    }
    if groups.count > 1, let first = groups.first?.first, let last = groups.last?.first,
      hypot(first.0 - last.0, first.1 - last.1) <= distance
    {
      groups[0] += groups.removeLast()
    }
    return groups.map { group in
      (
        group.reduce(0) { $0 + $1.0 } / Double(group.count),
        group.reduce(0) { $0 + $1.1 } / Double(group.count)
      )
    }
  }

  /// A closed polygon's side shorter than this part of its perimeter is a corner found twice
  /// (either side of a seam or of a corner's overshoot, farther apart than ``cornerMerge`` of
  /// the diagonal on a star's long perimeter), its ends made one.
  static let shortestSide = 0.025

  /// The vertices of a closed polygon with the ends of each side shorter than ``shortestSide``
  /// of the perimeter replaced by their middle (the shortest first, each time the sides
  /// measured again), at least three kept.
  static func withoutShortSides(_ vertices: [(Double, Double)]) -> [(Double, Double)] {
    pruned(
      vertices,
      measure: { v, i in
        hypot(v[(i + 1) % v.count].0 - v[i].0, v[(i + 1) % v.count].1 - v[i].1)
      },
      limit: { shortestSide * $0.reduce(0, +) },
      prune: { v, i in
        let (a, b) = (v[i], v[(i + 1) % v.count])
        v[i] = ((a.0 + b.0) / 2, (a.1 + b.1) / 2)
        v.remove(at: (i + 1) % v.count)
      })
  }

  /// The shortest run, in points, between two corners.
  static let minimumRun = 3

  /// The corners (ends included) without those closer than ``minimumRun`` to the last kept;
  /// the last corner (the end) is always kept, its close predecessor dropped instead.
  static func separated(_ corners: [Int]) -> [Int] {
    guard corners.count > 2 else { return corners }
    var kept = [corners[0]]
    for corner in corners.dropFirst().dropLast() where corner - kept.last! >= minimumRun {
      kept.append(corner)
    }
    let end = corners[corners.count - 1]
    if kept.count > 1, end - kept.last! < minimumRun { kept.removeLast() }
    kept.append(end)
    return kept
  }

  /// The closed readings of a polygon's vertices: a star when they alternate far and near or
  /// when the sides cross as a pentagram's, else the polygon of their count. With a `rival`,
  /// none when the reading cannot be surer than it (a polygon's logit counts its corner
  /// `evidence`, a star's none), measured only as far as that is sure, but always at least as
  /// far as a mean deviation of `measuredTo` (a reading that fits closer is kept, whatever its
  /// rival).
  func polygonCandidates(
    _ vertices: [(Double, Double)], evidence: Double = 0, rival: Double? = nil,
    measuredTo: Double = 0
  ) -> [ShapeCandidate] {
    // The mean deviation from which a reading of `kind` cannot beat `rival` and fits no closer
    // than `measuredTo`.
    func hopeless(_ kind: ShapeKind, complexity: Int) -> Double {
      max(
        self.hopeless(
          kind, complexity: Double(complexity), evidence: kind == .star ? 0 : evidence,
          rival: rival),
        measuredTo * (1 + 1e-9))
    }
    // The reading, or none when it cannot beat `rival`.
    func kept(_ reading: ShapeCandidate, _ hopeless: Double) -> [ShapeCandidate] {
      Self.unlessHopeless(reading, hopeless).map { [$0] } ?? []
    }
    let m = vertices.count
    let cx = vertices.reduce(0) { $0 + $1.0 } / Double(m)
    let cy = vertices.reduce(0) { $0 + $1.1 } / Double(m)
    if m == 5, Self.sidesCross(vertices) {
      let bound = hopeless(.star, complexity: 5)
      return kept(starFromPentagram(vertices, hopeless: bound), bound)
    }
    if m >= 10, m % 2 == 0 {
      let radii = vertices.map { hypot($0.0 - cx, $0.1 - cy) }
      let even = stride(from: 0, to: m, by: 2).map { radii[$0] }
      let odd = stride(from: 1, to: m, by: 2).map { radii[$0] }
      let (outer, inner) =
        even.reduce(0, +) > odd.reduce(0, +) ? (even, odd) : (odd, even)
      if inner.max()! < Self.starRadiusRatio * outer.min()! {
        let start = even.reduce(0, +) > odd.reduce(0, +) ? 0 : 1
        let ordered = (0..<m).map { vertices[(start + $0) % m] }
        let bound = hopeless(.star, complexity: m)
        var star = polygon(ordered, kind: .star, hopeless: bound)
        star.shape.points = m / 2
        star.shape.sides = nil
        star.shape.radii = [
          outer.reduce(0, +) / Double(outer.count), inner.reduce(0, +) / Double(inner.count),
        ]
        return kept(star, bound)
      }
    }
    let kind: ShapeKind =
      switch m {
      case 3: .triangle
      case 4: .quadrilateral
      case 5: .pentagon
      case 6: .hexagon
      default: .polygon
      }
    let bound = hopeless(kind, complexity: m)
    var reading = polygon(vertices, kind: kind, hopeless: bound)
    reading.shape.subkind = PolygonSubkind.of(vertices)
    return kept(reading, bound)
  }

  /// A polygon reading of `vertices` (ordered clockwise on screen from the topmost), its
  /// centre the vertices' mean, its rotation the topmost vertex's angle from straight up,
  /// measured as far as a `hopeless` mean deviation (``ShapeCandidate/measure(_:hopeless:)``).
  func polygon(_ vertices: [(Double, Double)], kind: ShapeKind, hopeless: Double = .infinity)
    -> ShapeCandidate
  {
    let ordered = Self.clockwiseFromTop(vertices)
    let cx = ordered.reduce(0) { $0 + $1.0 } / Double(ordered.count)
    let cy = ordered.reduce(0) { $0 + $1.1 } / Double(ordered.count)
    let radius = ordered.reduce(0) { $0 + hypot($1.0 - cx, $1.1 - cy) } / Double(ordered.count)
    let shape = DetectedShape(
      kind: kind, confidence: 0, strokes: [], center: [cx, cy], radii: [radius, radius],
      rotation: atan2(ordered[0].0 - cx, cy - ordered[0].1),
      vertices: ordered.map { [$0.0, $0.1] }, sides: ordered.count,
      hotPoints: ordered.map { [$0.0, $0.1] } + [[cx, cy]])
    let (ox, oy) = ShapeCandidate.densified(
      vertices.map(\.0), vertices.map(\.1), closed: true)
    var reading = ShapeCandidate(
      shape, outlineXs: ox, outlineYs: oy, closed: true, complexity: Double(vertices.count))
    reading.measure(path, hopeless: hopeless)
    return reading
  }

  /// A five-pointed star drawn as a pentagram: the outer points are the corners, the inner
  /// points where the chords cross; the fit is measured against the chords as drawn, as far as
  /// a `hopeless` mean deviation.
  func starFromPentagram(_ corners: [(Double, Double)], hopeless: Double = .infinity)
    -> ShapeCandidate
  {
    let cx = corners.reduce(0) { $0 + $1.0 } / 5
    let cy = corners.reduce(0) { $0 + $1.1 } / 5
    let outer = Self.clockwiseFromTop(corners)
    let shape = Self.star(outer: outer, cx: cx, cy: cy)
    let (ox, oy) = ShapeCandidate.densified(corners.map(\.0), corners.map(\.1), closed: true)
    var reading = ShapeCandidate(shape, outlineXs: ox, outlineYs: oy, closed: true, complexity: 5)
    reading.measure(path, hopeless: hopeless)
    return reading
  }
  /// A star from its outer points in order round the centre: each inner point where the chords
  /// from outer point i to i + 2 and from i + 1 to i − 1 cross (the middle of the two outer
  /// points when they do not), its vertices alternating outer and inner points, and the mean
  /// outer and inner radii.
  static func star(outer: [(Double, Double)], cx: Double, cy: Double) -> DetectedShape {
    let n = outer.count
    var outline: [(Double, Double)] = []
    for i in 0..<n {
      outline.append(outer[i])
      let crossing =
        intersection(outer[i], outer[(i + 2) % n], outer[(i + 1) % n], outer[(i + n - 1) % n])
        ?? ((outer[i].0 + outer[(i + 1) % n].0) / 2, (outer[i].1 + outer[(i + 1) % n].1) / 2)
      outline.append(crossing)
    }
    let outerRadius = outer.reduce(0) { $0 + hypot($1.0 - cx, $1.1 - cy) } / Double(n)
    let innerRadius =
      stride(from: 1, to: 2 * n, by: 2).reduce(0) {
        $0 + hypot(outline[$1].0 - cx, outline[$1].1 - cy)
      } / Double(n)
    return DetectedShape(
      kind: .star, confidence: 0, strokes: [], center: [cx, cy],
      radii: [outerRadius, innerRadius], rotation: atan2(outer[0].0 - cx, cy - outer[0].1),
      vertices: outline.map { [$0.0, $0.1] }, points: n,
      hotPoints: outer.map { [$0.0, $0.1] } + [[cx, cy]])
  }

  /// The cosine and sine of the 64 angles a round reading's outline is drawn at, evenly round
  /// from 0, computed once.
  static let roundOutline: [(Double, Double)] = (0..<64).map { k in
    let a = 2 * Double.pi * Double(k) / 64
    return (cos(a), sin(a))
  }

  /// The ellipse, or circle when its axes are nearly equal, of the points `range`, `ellipse`
  /// their ellipse (``EllipseFit``; no reading without one) and `circle` their circle when it is
  /// fitted already (``CircleFit``; fitted here when needed otherwise).
  func roundCandidate(range: Range<Int>, ellipse: EllipseFit?, circle: CircleFit? = nil)
    -> ShapeCandidate?
  {
    guard let ellipse else { return nil }
    var (cx, cy, rx, ry, rotation) =
      (ellipse.cx, ellipse.cy, ellipse.major, ellipse.minor, ellipse.rotation)
    let isCircle = ellipse.minor >= Self.circleAxisRatio * ellipse.major
    if isCircle, let circle = circle ?? CircleFit(xs: path.xs, ys: path.ys, range: range) {
      (cx, cy, rx, ry, rotation) = (circle.cx, circle.cy, circle.radius, circle.radius, 0)
    }
    let steps = Self.roundOutline.count
    let (c, s) = (cos(rotation), sin(rotation))
    var ox = [Double](repeating: 0, count: steps)
    var oy = [Double](repeating: 0, count: steps)
    for (k, (cosine, sine)) in Self.roundOutline.enumerated() {
      let (u, v) = (rx * cosine, ry * sine)
      ox[k] = cx + u * c - v * s
      oy[k] = cy + u * s + v * c
    }
    let shape = DetectedShape(
      kind: isCircle ? .circle : .ellipse, confidence: 0, strokes: [], center: [cx, cy],
      radii: [rx, ry], rotation: rotation, hotPoints: [[cx, cy]])
    var reading = ShapeCandidate(
      shape, outlineXs: ox, outlineYs: oy, closed: true, complexity: isCircle ? 2 : 3)
    reading.measure(path)
    return reading
  }

  // MARK: Open readings

  /// The line, the arc (on `circle`, the circle fitted to the whole path and its sweep) and the
  /// polyline (or check, caret, zigzag, arrow) of the whole path.
  func openCandidates(circle: (fit: CircleFit, sweep: Double)?) -> [ShapeCandidate] {
    var found: [ShapeCandidate] = []
    if let line = lineCandidate() { found.append(line) }
    if let circle, let arc = arcCandidate(circle.fit, sweep: circle.sweep) { found.append(arc) }
    for (corners, merged, bent) in openCornerSets() {
      guard corners.count >= 3, corners.count <= 14,
        let vertices = refinedVertices(
          (path.xs, path.ys, path.ts), corners: corners, closed: false)
      else { continue }
      // Corners found twice are made one only for a polyline that crosses itself (a delete
      // mark, whose last run crosses its first); merged, the round bends of writing (an n's
      // arch) would read as sharp corners.
      if merged, !Self.sidesCross(vertices, closed: false) { continue }
      // Bends are left out only for a delete mark: one stroke of three runs, the last crossing
      // the first (chained strokes' pen-up jumps would make one of a t).
      if bent {
        if isCrossingMark(vertices) { found.append(polylineCandidate(vertices, mayBeZigzag: true)) }
        continue
      }
      let arrow = arrowCandidate(vertices, corners: corners)
      if let arrow { found.append(arrow) }
      // A polyline that reads as an arrow (a head doubling back on a long shaft) is no zigzag.
      var polyline = polylineCandidate(vertices, mayBeZigzag: arrow == nil)
      polyline.cornerEvidence = Self.cornerEvidence(
        (path.xs, path.ys, path.ts), corners: corners, closed: false)
      found.append(polyline)
      found += twoLegCandidates(from: corners[0], to: corners.last!)
    }
    return withSmoothCandidates(found)
  }

  /// The corner sets (ends included) an open path is read through: IStraw's and ShortStraw's
  /// (``cornerSets(_:)``), each again with its double corners made one (`merged`,
  /// ``withoutDoubleCorners(_:)``) and each of those again without its end hooks
  /// (``withoutEndHooks(_:)``); then each set without its bends (`bent`, ``withoutBends(_:)``),
  /// once and none that is read already.
  func openCornerSets() -> [(corners: [Int], merged: Bool, bent: Bool)] {
    let read = Self.cornerSets((path.xs, path.ys, path.ts)).flatMap { straws in
      withoutDoubleCorners(straws).enumerated().flatMap { k, corners in
        withoutEndHooks(corners).map { (corners: $0, merged: k > 0, bent: false) }
      }
    }
    var bent: [[Int]] = []
    for set in read {
      if let straightened = withoutBends(set.corners).dropFirst().first,
        !bent.contains(straightened), !read.contains(where: { $0.corners == straightened })
      {
        bent.append(straightened)
      }
    }
    return read + bent.map { (corners: $0, merged: false, bent: true) }
  }

  /// Whether an open polyline's `vertices` are a delete mark: one stroke of three runs, the
  /// last crossing the first (chained strokes' pen-up jumps would make one of a t).
  func isCrossingMark(_ vertices: [(Double, Double)]) -> Bool {
    vertices.count == 4 && path.strokeStarts.count == 1 && Self.sidesCross(vertices, closed: false)
  }

  /// The zigzags of a delete mark whose last run passes near its start, read as a loop closed
  /// there (``InkPath/closingIndex()``): the open polylines through the whole path's corners
  /// (``openCornerSets()``) that are delete marks (``isCrossingMark(_:)``) and named zigzags.
  func crossingMarkCandidates() -> [ShapeCandidate] {
    openCornerSets().compactMap { set in
      guard set.corners.count == 4,
        let vertices = refinedVertices(
          (path.xs, path.ys, path.ts), corners: set.corners, closed: false),
        isCrossingMark(vertices)
      else { return nil }
      let reading = polylineCandidate(vertices, mayBeZigzag: true)
      return reading.shape.kind == .zigzag ? reading : nil
    }
  }

  /// The checks of two straight legs from the point `first` to the point farthest from the
  /// chord between `first` and `last` and on to `last` (none when those three points make no
  /// check): a check whose long leg bends or whose start curls, which its corners read as a
  /// polyline of more runs, or whose long leg bows, read from every open corner set (from the
  /// corner after a start hook, ``withoutEndHooks(_:)``, too). Its legs are those three points'
  /// chords, and again each leg refitted by total least squares (the apex where they meet) when
  /// the refitted legs are a check as the $1 logs' are drawn (``isDrawnCheck(_:)``), which the
  /// strokes of r, t and u are not.
  func twoLegCandidates(from first: Int, to last: Int) -> [ShapeCandidate] {
    let (ax, ay) = (path.xs[first], path.ys[first])
    let (dx, dy) = (path.xs[last] - ax, path.ys[last] - ay)
    var apex = first
    var farthest = 0.0
    for i in first...last {
      let offset = abs((path.xs[i] - ax) * dy - (path.ys[i] - ay) * dx)
      if offset > farthest { (apex, farthest) = (i, offset) }
    }
    guard apex != first, apex != last else { return [] }
    // Each is measured only when it is a check, the refitted legs only as far as they can
    // still be kept.
    var found: [ShapeCandidate] = []
    let chords = [first, apex, last].map { (path.xs[$0], path.ys[$0]) }
    if openPolylineKind(chords) == .check {
      found.append(polylineCandidate(chords, mayBeZigzag: false))
    }
    if let legs = refinedVertices(
      (path.xs, path.ys, path.ts), corners: [first, apex, last], closed: false),
      Self.isDrawnCheck(legs), openPolylineKind(legs) == .check
    {
      let refitted = polylineCandidate(
        legs, mayBeZigzag: false, hopeless: Self.refittedCheckDeviation * (1 + 1e-9))
      if refitted.fit.meanDeviation <= Self.refittedCheckDeviation { found.append(refitted) }
    }
    if let bowed = bowedCheckCandidate(chords, apex: apex, last: last) { found.append(bowed) }
    return found
  }

  /// The most a check's long leg bows: its ink's point farthest from the leg's chord stands off
  /// it by at most this part of the chord.
  static let checkBow = 0.2

  /// The check of the points `chords` (the ink's first point, its apex, the point `apex`, and its
  /// last, the point `last`) whose long leg bows: the short leg straight, the long one the
  /// quadratic Bézier curve from the apex to the end through the long leg's point farthest from
  /// its chord (at the curve's middle), when that point stands off the chord by at most
  /// ``checkBow`` of it and the chords are a check as the $1 logs' are drawn
  /// (``isDrawnCheck(_:)``); measured only as far as ``refittedCheckDeviation``, and kept only
  /// within it.
  func bowedCheckCandidate(_ chords: [(Double, Double)], apex: Int, last: Int) -> ShapeCandidate? {
    guard Self.isDrawnCheck(chords), openPolylineKind(chords) == .check else { return nil }
    let (b, c) = (chords[1], chords[2])
    let (dx, dy) = (c.0 - b.0, c.1 - b.1)
    let chord = hypot(dx, dy)
    // Offsets signed so that the short leg's start stands on the positive side: a check's long
    // leg bows towards it (steep, then flatter), a u's upstroke away from it.
    let side = (chords[0].0 - b.0) * dy - (chords[0].1 - b.1) * dx < 0 ? -1.0 : 1.0
    var bow = apex
    var farthest = 0.0
    for i in apex...last {
      let offset = side * ((path.xs[i] - b.0) * dy - (path.ys[i] - b.1) * dx) / chord
      if offset > farthest { (bow, farthest) = (i, offset) }
    }
    guard farthest > 0, farthest <= Self.checkBow * chord else { return nil }
    // The control point that puts the curve's middle on the bow's point.
    let control = (2 * path.xs[bow] - (b.0 + c.0) / 2, 2 * path.ys[bow] - (b.1 + c.1) / 2)
    var (ox, oy) = ShapeCandidate.densified(
      [chords[0].0, b.0], [chords[0].1, b.1], closed: false)
    let steps = 16
    for k in 1...steps {
      let t = Double(k) / Double(steps)
      let (u, v, w) = ((1 - t) * (1 - t), 2 * t * (1 - t), t * t)
      ox.append(u * b.0 + v * control.0 + w * c.0)
      oy.append(u * b.1 + v * control.1 + w * c.1)
    }
    let reading = polylineCandidate(
      chords, mayBeZigzag: false, hopeless: Self.refittedCheckDeviation * (1 + 1e-9),
      outline: (ox, oy))
    return reading.fit.meanDeviation <= Self.refittedCheckDeviation ? reading : nil
  }

  /// The largest mean deviation of a check from refitted legs (a sloppier fit is writing: an r
  /// or a u that the legs follow loosely).
  static let refittedCheckDeviation = 0.06

  /// The steepest a check's long leg rises, in degrees from level: a u's or an r's upstroke
  /// stands steeper.
  static let steepestCheckLeg = 70.0

  /// The steepest a check's short leg falls, in degrees from level: an r's downstroke stands
  /// steeper.
  static let steepestCheckFall = 70.0

  /// The largest gap between the ends of an open path that goes nearly all the way round, as a
  /// part of its diagonal, at which it is read as a polygon closed by a connector (an s whose
  /// ends stay far apart is not).
  static let unfinishedGap = 0.35

  /// Whether the polygon through `vertices` (in order round it) turns the same way at every
  /// vertex: an unfinished outline read closed is a convex polygon (an octagon, a hexagon, a
  /// rectangle), not a letter's loop.
  static func isConvex(_ vertices: [[Double]]) -> Bool {
    let m = vertices.count
    guard m >= 3 else { return false }
    let points = vertices.map { ($0[0], $0[1]) }
    let turns = (0..<m).map { turnSign(points[($0 + m - 1) % m], points[$0], points[($0 + 1) % m]) }
    return turns.allSatisfy { $0 > 0 } || turns.allSatisfy { $0 < 0 }
  }

  /// Whether two legs `a`–`b`–`c` are a check as it is drawn (screen coordinates, y down): the
  /// short leg first, falling to the right no steeper than ``steepestCheckFall``, then the
  /// long one rising to the right no steeper than ``steepestCheckLeg``.
  static func isDrawnCheck(_ legs: [(Double, Double)]) -> Bool {
    guard legs.count == 3 else { return false }
    let (a, b, c) = (legs[0], legs[1], legs[2])
    let rise = atan2(b.1 - c.1, c.0 - b.0) * 180 / .pi
    let fall = atan2(b.1 - a.1, b.0 - a.0) * 180 / .pi
    return hypot(b.0 - a.0, b.1 - a.1) < hypot(c.0 - b.0, c.1 - b.1) && fall > 0
      && fall <= steepestCheckFall && rise > 0 && rise <= steepestCheckLeg
  }

  /// An open path's inner run shorter than this part of its length is a corner found twice
  /// (a round corner whose ink turns in two places).
  static let doubleCornerFraction = 0.05

  /// The open corners `corners` (ends included), and again with each inner run shorter than
  /// ``doubleCornerFraction`` of the path (between two corners that are neither end) made one
  /// corner at its middle point, when there is one, so that the runs either side are refitted
  /// through the round corner and meet where it turns.
  func withoutDoubleCorners(_ corners: [Int]) -> [[Int]] {
    guard corners.count >= 4 else { return [corners] }
    let limit = Self.doubleCornerFraction * path.pathLength(0, path.count - 1)
    var merged = [corners[0]]
    var k = 1
    while k < corners.count - 1 {
      if k + 1 < corners.count - 1, path.pathLength(corners[k], corners[k + 1]) < limit {
        merged.append((corners[k] + corners[k + 1]) / 2)
        k += 2
      } else {
        merged.append(corners[k])
        k += 1
      }
    }
    merged.append(corners[corners.count - 1])
    return merged == corners ? [corners] : [corners, merged]
  }

  /// An inner corner of an open path whose interior angle, between the kept corners either
  /// side, is wider than this many degrees is a bend in a run (the round bottom of a delete
  /// mark), not a corner.
  static let bendAngle = 140.0

  /// The open corners `corners` (ends included), and again without the inner corners that are
  /// bends (``bendAngle``), when there are some and three or more corners stay: the widest
  /// bend is dropped first, and the angles at its neighbours measured again without it.
  func withoutBends(_ corners: [Int]) -> [[Int]] {
    guard corners.count >= 4 else { return [corners] }
    func angle(_ a: Int, _ b: Int, _ c: Int) -> Double {
      Self.interiorAngle(
        (path.xs[a], path.ys[a]), (path.xs[b], path.ys[b]), (path.xs[c], path.ys[c]))
    }
    var kept = corners
    while kept.count > 3 {
      let angles = (1..<(kept.count - 1)).map { angle(kept[$0 - 1], kept[$0], kept[$0 + 1]) }
      guard let widest = angles.indices.max(by: { angles[$0] < angles[$1] }),
        angles[widest] > Self.bendAngle
      else { break }
      kept.remove(at: widest + 1)
    }
    return kept == corners ? [corners] : [corners, kept]
  }

  /// An open path's end runs shorter than this part of its length are hooks (a pen landing or
  /// lifting) when the hook cutting of ``InkPath`` left them.
  static let endHookFraction = 0.1

  /// The open corners `corners` (ends included), and again without an end run shorter than
  /// ``endHookFraction`` of the path (the polyline then starts or ends at that run's far corner;
  /// the hook's ink still counts in the fit), when there is one.
  func withoutEndHooks(_ corners: [Int]) -> [[Int]] {
    guard corners.count >= 4 else { return [corners] }
    let limit = Self.endHookFraction * path.pathLength(0, path.count - 1)
    var trimmed = corners
    if path.pathLength(trimmed[0], trimmed[1]) < limit { trimmed.removeFirst() }
    let n = trimmed.count
    if n >= 3, path.pathLength(trimmed[n - 2], trimmed[n - 1]) < limit { trimmed.removeLast() }
    return trimmed == corners ? [corners] : [corners, trimmed]
  }

  /// The open polyline through `vertices`, named check, caret or zigzag (unless not
  /// `mayBeZigzag`) where it is one, measured as far as a `hopeless` mean deviation
  /// (``ShapeCandidate/measure(_:hopeless:)``) against `outline` (the straight runs between the
  /// vertices when `nil`).
  func polylineCandidate(
    _ vertices: [(Double, Double)], mayBeZigzag: Bool, hopeless: Double = .infinity,
    outline: (xs: [Double], ys: [Double])? = nil
  ) -> ShapeCandidate {
    var kind = openPolylineKind(vertices)
    if kind == .zigzag, !mayBeZigzag { kind = .polyline }
    let (ox, oy) =
      outline ?? ShapeCandidate.densified(vertices.map(\.0), vertices.map(\.1), closed: false)
    let cx = vertices.reduce(0) { $0 + $1.0 } / Double(vertices.count)
    let cy = vertices.reduce(0) { $0 + $1.1 } / Double(vertices.count)
    let shape = DetectedShape(
      kind: kind, confidence: 0, strokes: [], center: [cx, cy],
      vertices: vertices.map { [$0.0, $0.1] }, hotPoints: vertices.map { [$0.0, $0.1] })
    var reading = ShapeCandidate(
      shape, outlineXs: ox, outlineYs: oy, closed: false, complexity: Double(vertices.count - 1))
    reading.isDrawnPolyline = kind == .polyline && isDrawnPolyline(vertices)
    reading.measure(path, hopeless: hopeless)
    return reading
  }

  /// The straight segment between the projections of the path's ends on its total least
  /// squares line.
  func lineCandidate() -> ShapeCandidate? {
    guard let line = LineFit(xs: path.xs, ys: path.ys, range: 0..<path.count) else { return nil }
    let a = line.point(at: line.along(path.xs[0], path.ys[0]))
    let b = line.point(at: line.along(path.xs[path.count - 1], path.ys[path.count - 1]))
    let (ox, oy) = ShapeCandidate.densified([a.0, b.0], [a.1, b.1], closed: false)
    let center = [(a.0 + b.0) / 2, (a.1 + b.1) / 2]
    let shape = DetectedShape(
      kind: .line, confidence: 0, strokes: [], center: center,
      rotation: atan2(b.1 - a.1, b.0 - a.0), vertices: [[a.0, a.1], [b.0, b.1]],
      hotPoints: [[a.0, a.1], [b.0, b.1], center])
    var reading = ShapeCandidate(shape, outlineXs: ox, outlineYs: oy, closed: false, complexity: 1)
    reading.measure(path)
    return reading
  }

  /// The arc of `circle` (the circle fitted to the whole path) from the path's first to its
  /// last point, when it turns between 20° and 330° (`sweep`, signed, as
  /// ``CircleFit/sweep(xs:ys:range:)`` measures it).
  func arcCandidate(_ circle: CircleFit, sweep: Double) -> ShapeCandidate? {
    guard abs(sweep) >= .pi / 9, abs(sweep) <= 11 * .pi / 6 else { return nil }
    let start = atan2(path.ys[0] - circle.cy, path.xs[0] - circle.cx)
    let steps = 32
    let ox = (0...steps).map {
      circle.cx + circle.radius * cos(start + sweep * Double($0) / Double(steps))
    }
    let oy = (0...steps).map {
      circle.cy + circle.radius * sin(start + sweep * Double($0) / Double(steps))
    }
    let ends = [[ox[0], oy[0]], [ox[steps], oy[steps]]]
    let shape = DetectedShape(
      kind: .arc, confidence: 0, strokes: [], center: [circle.cx, circle.cy],
      radii: [circle.radius, circle.radius], rotation: start + sweep / 2, vertices: ends,
      hotPoints: ends + [[circle.cx, circle.cy]])
    var reading = ShapeCandidate(shape, outlineXs: ox, outlineYs: oy, closed: false, complexity: 2)
    reading.measure(path)
    return reading
  }

  /// The name of an open polyline: check, caret, zigzag, or polyline.
  func openPolylineKind(_ vertices: [(Double, Double)]) -> ShapeKind {
    let segments = vertices.count - 1
    if segments == 2 {
      let (a, b, c) = (vertices[0], vertices[1], vertices[2])
      let first = hypot(b.0 - a.0, b.1 - a.1)
      let second = hypot(c.0 - b.0, c.1 - b.1)
      let height = max(a.1, b.1, c.1) - min(a.1, b.1, c.1)
      if b.1 < min(a.1, c.1) - 0.3 * height { return .caret }
      if b.1 > max(a.1, c.1) - 0.05 * height,
        min(first, second) < Self.checkLegRatio * max(first, second)
      {
        return .check
      }
      return .polyline
    }
    let angles = (1..<segments).map {
      Self.interiorAngle(vertices[$0 - 1], vertices[$0], vertices[$0 + 1])
    }
    let lengths = (1...segments).map {
      hypot(vertices[$0].0 - vertices[$0 - 1].0, vertices[$0].1 - vertices[$0 - 1].1)
    }.sorted()
    let turns = (1..<segments).map {
      Self.turnSign(vertices[$0 - 1], vertices[$0], vertices[$0 + 1])
    }
    let alternating = zip(turns, turns.dropFirst()).allSatisfy { $0 * $1 < 0 }
    let sharpest = angles.max() ?? 180
    if segments >= 3,
      sharpest < Self.sharpAngle || (alternating && sharpest < Self.alternatingAngle),
      lengths[segments - 1] <= Self.zigzagSegmentRatio * lengths[segments / 2]
    {
      return .zigzag
    }
    return .polyline
  }

  // MARK: Geometry helpers

  /// The vertices where the total least squares lines of consecutive runs between `corners`
  /// meet (a run's own corner where two runs are nearly parallel); an open path's ends are its
  /// end runs' projections of its end points. `nil` when a run is too short to fit.
  func refinedVertices(
    _ points: (xs: [Double], ys: [Double], ts: [Double]), corners: [Int], closed: Bool
  ) -> [(Double, Double)]? {
    var lines: [LineFit] = []
    for k in 0..<(corners.count - 1) {
      let a = corners[k]
      let b = corners[k + 1]
      let margin = min(2, (b - a) / 4)
      guard
        let line = LineFit(xs: points.xs, ys: points.ys, range: (a + margin)..<(b - margin + 1))
          ?? LineFit(xs: points.xs, ys: points.ys, range: a..<(b + 1))
      else { return nil }
      lines.append(line)
    }
    var vertices: [(Double, Double)] = []
    let count = lines.count
    for k in 0..<(closed ? count : count + 1) {
      let corner = corners[k]
      let own = (points.xs[corner], points.ys[corner])
      if !closed, k == 0 || k == count {
        let line = lines[k == 0 ? 0 : count - 1]
        vertices.append(line.point(at: line.along(own.0, own.1)))
        continue
      }
      let before = lines[(k - 1 + count) % count]
      let after = lines[k % count]
      vertices.append(
        Self.intersection(before, after, near: own, reach: 0.25 * path.diagonal) ?? own)
    }
    return vertices
  }

  /// Where two fitted lines cross, or `nil` when they are within 15° of parallel or cross far
  /// from `near` (farther than `reach`).
  static func intersection(
    _ a: LineFit, _ b: LineFit, near: (Double, Double), reach: Double
  ) -> (Double, Double)? {
    let cross = a.ux * b.uy - a.uy * b.ux
    guard abs(cross) > sin(15 * Double.pi / 180) else { return nil }
    let t = ((b.cx - a.cx) * b.uy - (b.cy - a.cy) * b.ux) / cross
    let point = a.point(at: t)
    return hypot(point.0 - near.0, point.1 - near.1) <= reach ? point : nil
  }

  /// Where the lines through `a, b` and `c, d` cross, or `nil` when parallel.
  static func intersection(
    _ a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double), _ d: (Double, Double)
  ) -> (Double, Double)? {
    let (rx, ry) = (b.0 - a.0, b.1 - a.1)
    let (sx, sy) = (d.0 - c.0, d.1 - c.1)
    let cross = rx * sy - ry * sx
    guard abs(cross) > 1e-12 else { return nil }
    let t = ((c.0 - a.0) * sy - (c.1 - a.1) * sx) / cross
    return (a.0 + t * rx, a.1 + t * ry)
  }

  /// Whether two non-adjacent sides of the polygon through `v` cross, its last vertex joined to
  /// its first when `closed`.
  static func sidesCross(_ v: [(Double, Double)], closed: Bool = true) -> Bool {
    let m = v.count
    let sides = closed ? m : m - 1
    func orientation(_ p: (Double, Double), _ q: (Double, Double), _ r: (Double, Double)) -> Double
    {
      (q.0 - p.0) * (r.1 - p.1) - (q.1 - p.1) * (r.0 - p.0)
    }
    for i in 0..<max(sides - 2, 0) {
      for j in (i + 2)..<sides where (j + 1) % m != i {
        let (a, b, c, d) = (v[i], v[(i + 1) % m], v[j], v[(j + 1) % m])
        if orientation(a, b, c) * orientation(a, b, d) < 0,
          orientation(c, d, a) * orientation(c, d, b) < 0
        {
          return true
        }
      }
    }
    return false
  }

  /// The sign of the turn at `b` from `a` to `c`: positive one way, negative the other, 0
  /// straight on.
  static func turnSign(
    _ a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double)
  ) -> Double {
    let cross = (b.0 - a.0) * (c.1 - b.1) - (b.1 - a.1) * (c.0 - b.0)
    return cross > 0 ? 1 : cross < 0 ? -1 : 0
  }

  /// The interior angle at `b`, in degrees (180 straight).
  static func interiorAngle(
    _ a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double)
  ) -> Double {
    let (ux, uy) = (a.0 - b.0, a.1 - b.1)
    let (vx, vy) = (c.0 - b.0, c.1 - b.1)
    let norms = hypot(ux, uy) * hypot(vx, vy)
    guard norms > 0 else { return 180 }
    return acos(max(-1, min(1, (ux * vx + uy * vy) / norms))) * 180 / .pi
  }

  /// The points in angular order about their mean, clockwise on screen (y down), starting from
  /// the one nearest straight up.
  static func clockwiseFromTop(_ points: [(Double, Double)]) -> [(Double, Double)] {
    let cx = points.reduce(0) { $0 + $1.0 } / Double(points.count)
    let cy = points.reduce(0) { $0 + $1.1 } / Double(points.count)
    // The angle from straight up, clockwise on screen: atan2(dx, −dy), in [0, 2π).
    func bearing(_ p: (Double, Double)) -> Double {
      let a = atan2(p.0 - cx, cy - p.1)
      return a < -1e-9 ? a + 2 * .pi : max(a, 0)
    }
    return points.sorted { bearing($0) < bearing($1) }
  }

  /// The index of the point of the closed loop `0..<count` with the longest (cyclic) straw;
  /// unless `acrossSeam`, among those whose straw does not span the seam (the step from the
  /// loop's last point back to its first also spans the gap the ink left there, which lengthens
  /// the straws across a corner drawn at the seam, a diamond started at its top corner and
  /// stopped short of it, and so starts the loop beside that corner, where none is found).
  func flattestPoint(count: Int, acrossSeam: Bool) -> Int {
    let w = CornerFinder.window
    let points = acrossSeam || count <= 2 * w ? 0..<count : w..<(count - w)
    var best = points.lowerBound
    var longest = -1.0
    for i in points {
      let a = (i - w + count) % count
      let b = (i + w) % count
      let d = path.distance(a, b)
      if d > longest {
        longest = d
        best = i
      }
    }
    return best
  }

  /// The loop `range` of the path started at `start`, its first point repeated at the end.
  func rotated(range: Range<Int>, start: Int) -> (xs: [Double], ys: [Double], ts: [Double]) {
    (
      Self.rotated(path.xs, range: range, start: start),
      Self.rotated(path.ys, range: range, start: start),
      path.ts.isEmpty ? [] : Self.rotated(path.ts, range: range, start: start)
    )
  }

  /// A closed loop (first point repeated at the end) started at its point `start` instead.
  func rotated(
    _ loop: (xs: [Double], ys: [Double], ts: [Double]), start: Int
  ) -> (xs: [Double], ys: [Double], ts: [Double]) {
    let range = 0..<(loop.xs.count - 1)
    return (
      Self.rotated(loop.xs, range: range, start: start),
      Self.rotated(loop.ys, range: range, start: start),
      loop.ts.isEmpty ? [] : Self.rotated(loop.ts, range: range, start: start)
    )
  }

  /// The values of the loop `range` of `values` from `start` round to it again (its first value
  /// repeated at the end), copied into one array allocated once.
  static func rotated(_ values: [Double], range: Range<Int>, start: Int) -> [Double] {
    var rotated: [Double] = []
    rotated.reserveCapacity(range.count + 1)
    rotated += values[start..<range.upperBound]
    rotated += values[range.lowerBound..<start]
    rotated.append(values[start])
    return rotated
  }
}
