import Foundation

extension ShapeClassifier {
  /// An arrow's head lies within this part of the shaft's length of its tip.
  static let headReach = 0.8
  /// An arrow's barbs stand out from the shaft's line by at least this part of its length
  /// (some writers draw the first barb back nearly along the shaft: 0.057 and 0.066 of it in
  /// two of the $1 tuning arrows).
  static let barbSpread = 0.05
  /// An arrow's lesser barb stands out from the shaft's line by at least this part of its
  /// greater barb (a check's rounded bottom makes a barb on one side only; a first barb drawn
  /// back nearly along the shaft stands out 0.096 of the second's spread in a $1 tuning arrow).
  static let barbBalance = 0.08
  /// An arrow's shaft, from the tail to the tip, is at least this part of the ink's length (a
  /// zigzag's first run is less; some writers' barbs are 0.6 of the shaft long).
  static let shaftShare = 0.3
  /// After its first barb, an arrow's head comes back within this part of its reach (its
  /// farthest point from the tip) of the tip: a barb drawn out and back, or the base of a
  /// closed head, or a head stroke laid over the tip; the second stroke of an x or of a delete
  /// mark passes far from it.
  static let headReturn = 0.35
  /// An arrow's tip lies at most this part of the shaft's length ahead of the shaft's end (a
  /// zigzag's later corners run far ahead).
  static let tipOvershoot = 0.3
  /// An arrow's head is at most this many straight runs (a barb out and back and the other
  /// barb are three; a closed head chained after its shaft four); the loop of an e is more.
  static let headRuns = 4
  /// An arrow's shaft stays within this part of its length of the line from its tail to its
  /// end.
  static let shaftStraightness = 0.15
  /// A shaft may bend at a vertex whose interior angle is over this many degrees (a shaft drawn
  /// slightly crooked); the head starts at the first vertex that turns sharper.
  static let shaftBend = 140.0

  /// An arrow drawn from its tail: the shaft runs from the first vertex to the first vertex
  /// that turns sharper than ``shaftBend``, where the head starts; the head is the rest of the
  /// ink, two to ``headRuns`` runs (a barb out and back and the other barb, as the $1 logs'
  /// arrows are drawn; a closed triangle; a head stroke chained after the shaft), and its
  /// shaft is straight (``shaftStraightness``). Its tip is the head's
  /// point farthest ahead along the shaft's last run (a head that overshoots the shaft's end
  /// points where it overshoots); the head lies within ``headReach`` of the shaft's length of
  /// the tip, comes back to it after its first barb (``headReturn``), and has barbs either side
  /// of the shaft's line (``barbSpread``, ``barbBalance``). Drawn the other way (head first),
  /// the same reversed.
  ///
  /// The ideal outline is the straight shaft from the tail to the tip and the two barbs to it;
  /// the ink before the first of `corners` and after the last (an end hook the corners leave
  /// out, ``withoutEndHooks(_:)``) is not measured against it.
  func arrowCandidate(_ vertices: [(Double, Double)], corners: [Int]) -> ShapeCandidate? {
    let runs = vertices.count - 1
    guard runs >= 3 else { return nil }
    let inkLength = path.pathLength(0, path.count - 1)
    for reversed in [false, true] {
      let v = reversed ? Array(vertices.reversed()) : vertices
      var k = 1
      while k < runs - 2, Self.interiorAngle(v[k - 1], v[k], v[k + 1]) > Self.shaftBend { k += 1 }
      guard runs - k <= Self.headRuns else { continue }
      let head =
        reversed
        ? Array((corners[0]...corners[runs - k]).reversed())
        : Array(corners[k]...corners[runs])
      let run = (v[k].0 - v[k - 1].0, v[k].1 - v[k - 1].1)
      let runLength = hypot(run.0, run.1)
      guard runLength > 0 else { continue }
      let direction = (run.0 / runLength, run.1 / runLength)
      let leading = head.max {
        path.xs[$0] * direction.0 + path.ys[$0] * direction.1
          < path.xs[$1] * direction.0 + path.ys[$1] * direction.1
      }!
      let (tail, tip) = (v[0], (path.xs[leading], path.ys[leading]))
      let length = hypot(tip.0 - tail.0, tip.1 - tail.1)
      let overshoot = (tip.0 - v[k].0) * direction.0 + (tip.1 - v[k].1) * direction.1
      guard overshoot <= Self.tipOvershoot * hypot(v[k].0 - tail.0, v[k].1 - tail.1) else {
        continue
      }
      let shaft = reversed ? corners[runs - k]...corners[runs] : corners[0]...corners[k]
      guard length >= Self.shaftShare * inkLength, isStraight(shaft, from: tail, to: v[k]),
        returnsToTip(head, tip: tip, shaftEnd: v[k]),
        let barbs = barbs(of: head, tip: tip, direction: direction, length: length)
      else { continue }
      let outline = ShapeCandidate.parts([[tail, tip], [barbs.left, tip, barbs.right]])
      let shape = DetectedShape(
        kind: .arrow, confidence: 0, strokes: [],
        center: [(tail.0 + tip.0) / 2, (tail.1 + tip.1) / 2],
        rotation: atan2(tip.1 - tail.1, tip.0 - tail.0),
        vertices: [
          [tail.0, tail.1], [tip.0, tip.1], [barbs.left.0, barbs.left.1],
          [barbs.right.0, barbs.right.1],
        ],
        head: [tip.0, tip.1], tail: [tail.0, tail.1],
        hotPoints: [[tip.0, tip.1], [tail.0, tail.1]])
      var reading = ShapeCandidate(
        shape, outlineXs: outline.xs, outlineYs: outline.ys, closed: false, complexity: 3)
      reading.breaks = outline.breaks
      // An end hook the corners leave out (a tick before the tail) is no part of the arrow.
      var drawn = path
      for i in drawn.isInk.indices where i < corners[0] || i > corners[runs] {
        drawn.isInk[i] = false
      }
      reading.measure(drawn)
      let headInk = reversed ? corners[0]...corners[runs - k] : corners[k]...corners[runs]
      reading.fit.coverage = Self.coverage(
        of: [([tail, tip], shaft), ([barbs.left, tip, barbs.right], headInk)], in: drawn)
      return reading
    }
    return nil
  }

  /// The part of an arrow's ideal outline its ink covers when each part is measured against the
  /// ink drawn for it (`parts`: each part's vertices and the range of `drawn`'s points drawn for
  /// it), the shaft against the shaft's ink and the head against the head's: a barb drawn back
  /// along the shaft before it turns away covers its own first pieces, which the whole ink
  /// measured against the whole outline leaves to the shaft's line, nearer the ink there (three
  /// $1 tuning arrows covered 0.88 of their outline so, and read below the minimum confidence).
  static func coverage(of parts: [([(Double, Double)], ClosedRange<Int>)], in drawn: InkPath)
    -> Double
  {
    var covered = 0.0
    var segments = 0.0
    for (vertices, range) in parts {
      let outline = ShapeCandidate.parts([vertices])
      var part = ShapeCandidate(
        DetectedShape(kind: .arrow, confidence: 0, strokes: []), outlineXs: outline.xs,
        outlineYs: outline.ys, closed: false, complexity: 1)
      var ink = drawn
      for i in ink.isInk.indices where !range.contains(i) { ink.isInk[i] = false }
      part.measure(ink)
      let pieces = Double(outline.xs.count - 1)
      covered += part.fit.coverage * pieces
      segments += pieces
    }
    return covered / segments
  }

  /// The barbs of a head, the points of `head` standing out farthest either side of the line
  /// through `tip` along `direction` (a unit vector; the shaft's `length`), or `nil` when some
  /// point of the head is out of reach of the tip or ahead of it, or a side stands out too
  /// little.
  func barbs(
    of head: [Int], tip: (Double, Double), direction: (Double, Double), length: Double
  ) -> (left: (Double, Double), right: (Double, Double))? {
    var left: (Double, Double, Double) = (0, tip.0, tip.1)
    var right: (Double, Double, Double) = (0, tip.0, tip.1)
    for i in head {
      let dx = path.xs[i] - tip.0
      let dy = path.ys[i] - tip.1
      let along = dx * direction.0 + dy * direction.1
      let across = -dx * direction.1 + dy * direction.0
      guard hypot(dx, dy) <= Self.headReach * length, along <= 0.15 * length else { return nil }
      if across > left.0 { left = (across, path.xs[i], path.ys[i]) }
      if across < right.0 { right = (across, path.xs[i], path.ys[i]) }
    }
    let (lesser, greater) = (min(left.0, -right.0), max(left.0, -right.0))
    guard lesser > Self.barbSpread * length, lesser >= Self.barbBalance * greater else {
      return nil
    }
    return ((left.1, left.2), (right.1, right.2))
  }

  /// Whether the ink of `head` (indices in the order drawn from the shaft on), once it has
  /// gone out from the tip region (the tip and the shaft's end, whichever is nearer) at least
  /// half its reach, comes back within ``headReturn`` of its reach.
  func returnsToTip(_ head: [Int], tip: (Double, Double), shaftEnd: (Double, Double)) -> Bool {
    let distances = head.map {
      min(
        hypot(path.xs[$0] - tip.0, path.ys[$0] - tip.1),
        hypot(path.xs[$0] - shaftEnd.0, path.ys[$0] - shaftEnd.1))
    }
    guard let reach = distances.max(), reach > 0,
      let out = distances.firstIndex(where: { $0 >= reach / 2 })
    else { return false }
    return distances[out...].contains { $0 <= Self.headReturn * reach }
  }

  /// Whether every point of `shaft` lies within ``shaftStraightness`` of the length of the
  /// chord from `tail` to `end` of that chord's line.
  func isStraight(_ shaft: ClosedRange<Int>, from tail: (Double, Double), to end: (Double, Double))
    -> Bool
  {
    let length = hypot(end.0 - tail.0, end.1 - tail.1)
    guard length > 0 else { return false }
    let (ux, uy) = ((end.0 - tail.0) / length, (end.1 - tail.1) / length)
    return shaft.allSatisfy { i in
      abs(-(path.xs[i] - tail.0) * uy + (path.ys[i] - tail.1) * ux)
        <= Self.shaftStraightness * length
    }
  }
}
