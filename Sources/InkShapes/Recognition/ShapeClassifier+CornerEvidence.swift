import Foundation

extension ShapeClassifier {
  /// How sure the corners of a closed loop are corners, in `0…1`: one less the turn within its
  /// sides as a part of a full turn. Each side (the run between two corners, two points trimmed
  /// at either end as its fit trims them) turns by about twice the angle between the chords of
  /// its two halves; straight sides between sharp corners turn by nothing (evidence near 1),
  /// while a round loop cut at corners keeps turning along every run (a circle cut in eight:
  /// about 0.2). The polygon and the round readings of a loop are weighed by it, rather than by
  /// a penalty for each vertex.
  ///
  /// A loop whose every side bows between corners that turn, between the chords either side
  /// of them, by at least ``bowedSideCornerRatio`` times the side's turn and at least
  /// ``bowedSideLeastCornerTurn`` is a polygon whose sides bow, no round loop: its sides' turn is
  /// left out (a fast-drawn triangle whose sides bow by 25° turns by about 107° between the
  /// chords at each corner, while a round loop cut at corners turns between the chords there by
  /// half what each run turns).
  ///
  /// - Parameters:
  ///   - points: the path, a loop's first point repeated at its end.
  ///   - corners: the corners' indices, ascending, the first 0 and the last the path's end.
  ///   - skippingCornersFoundTwice: whether the runs shorter than ``doubleCornerRunRatio`` of
  ///     the lower median run are left out, as a polygon reading's evidence leaves them: such a
  ///     run is a round corner at which two corners were found, and turns as the corner does,
  ///     while the polygon's sides run either side of it. (The lower median, so that the short
  ///     sides of a long rectangle, runs a, b, a, b, are its median and count.)
  ///   - closed: whether the path is a closed loop, whose first and last runs meet at a corner
  ///     (an open path's ends are no corners, so that its end runs are never bowed sides).
  static func cornerEvidence(
    _ points: (xs: [Double], ys: [Double], ts: [Double]), corners: [Int],
    skippingCornersFoundTwice: Bool = false, closed: Bool = true
  ) -> Double {
    let runs = zip(corners, corners.dropFirst()).map { $1 - $0 }
    let shortest =
      skippingCornersFoundTwice && !runs.isEmpty
      ? Double(runs.sorted()[(runs.count - 1) / 2]) * doubleCornerRunRatio : 0
    // Each side's turn and the directions of the chords of its halves.
    var sides: [(turn: Double, first: (Double, Double), last: (Double, Double))] = []
    for k in 0..<(corners.count - 1) where Double(runs[k]) >= shortest {
      let margin = min(2, (corners[k + 1] - corners[k]) / 4)
      let (lo, hi) = (corners[k] + margin, corners[k + 1] - margin)
      guard hi - lo >= 4 else { continue }
      let mid = (lo + hi) / 2
      let u = (points.xs[mid] - points.xs[lo], points.ys[mid] - points.ys[lo])
      let v = (points.xs[hi] - points.xs[mid], points.ys[hi] - points.ys[mid])
      sides.append((2 * chordTurn(u, v), u, v))
    }
    // Every side bowed between sharp corners: a polygon whose sides bow.
    let bowed =
      closed && sides.count >= 3
      && sides.indices.allSatisfy { k in
        let (before, after) = (
          sides[(k + sides.count - 1) % sides.count], sides[(k + 1) % sides.count]
        )
        let corner = min(
          chordTurn(before.last, sides[k].first), chordTurn(sides[k].last, after.first))
        return corner >= max(bowedSideCornerRatio * sides[k].turn, bowedSideLeastCornerTurn)
      }
    let turn = bowed ? 0 : sides.reduce(0) { $0 + $1.turn }
    return max(0, 1 - turn / (2 * .pi))
  }

  /// The turn, in radians (`0…π`), from the direction `u` to the direction `v`.
  static func chordTurn(_ u: (Double, Double), _ v: (Double, Double)) -> Double {
    abs(atan2(u.0 * v.1 - u.1 * v.0, u.0 * v.0 + u.1 * v.1))
  }

  /// A side of a closed loop bows between sharp corners when the chords either side of each of
  /// its two corners turn by at least this many times the side's own turn (and by at least
  /// ``bowedSideLeastCornerTurn``); when every side does,
  /// ``cornerEvidence(_:corners:skippingCornersFoundTwice:closed:)`` leaves their turn out. A
  /// round loop cut at corners turns there by half its runs' turn, a triangle whose sides bow by
  /// 25° by about 4.3 times it. Decided on the tuning side (see the <doc:ShapeRecognition>
  /// article).
  static let bowedSideCornerRatio = 4.0

  /// The least turn, in radians, between the chords either side of a bowed side's corners
  /// (``bowedSideCornerRatio``): a regular pentagon's corner turn. Between fainter corners (a
  /// loop cut into six or more runs: a letter's bowl, a chat bubble's round body) a bow cannot
  /// be told from the round ink it was cut from. Decided on the tuning side (see the
  /// <doc:ShapeRecognition> article).
  static let bowedSideLeastCornerTurn = 2 * Double.pi / 5

  /// A closed loop's run between two corners shorter than this part of its lower median run is a
  /// round corner found twice, no side: a polygon reading's evidence leaves its turn out (the
  /// round reading's counts it). The sides of a polygon whose corners were all found are seldom
  /// under half its lower median side (``splittingLongRuns(_:loop:)`` asks as much of a
  /// polygon's runs); decided on the Drawn Shapes tuning day (see the <doc:ShapeRecognition>
  /// article).
  static let doubleCornerRunRatio = 0.5

  /// The smallest turn, in degrees, at a vertex of a closed polygon: a vertex turning by less
  /// is no corner (a side found twice, a wobble on a straight side) and is dropped.
  static let minimumCornerTurn = 15.0

  /// A vertex of a closed polygon turning by less than this part of the turn at every other
  /// vertex is a bend in a side, no corner: a triangle's side bent by 30° where its corners
  /// turn by 120°, a square's by 20° where they turn by 90°; a flat rhombus's blunt corners
  /// turn as little as each other.
  static let flatTurnRatio = 0.35

  /// The vertices of a closed polygon without those at which it turns by less than
  /// ``minimumCornerTurn`` or ``flatTurnRatio`` of the turn at every other vertex (the least
  /// turning first, each time the turns recomputed), at least three kept.
  static func withoutFlatVertices(_ vertices: [(Double, Double)]) -> [(Double, Double)] {
    pruned(
      vertices,
      measure: { v, i in turn(v, at: i) },
      limit: { turns in max(minimumCornerTurn, flatTurnRatio * turns.sorted()[1]) },
      prune: { v, i in v.remove(at: i) })
  }

  /// The turn of the closed polygon `v` at vertex `i`, in degrees (0 straight on).
  static func turn(_ v: [(Double, Double)], at i: Int) -> Double {
    180 - interiorAngle(v[(i + v.count - 1) % v.count], v[i], v[(i + 1) % v.count])
  }

  /// A closed polygon's vertices pruned one at a time while more than three stay: each round,
  /// `measure(v, i)` is taken at every vertex `i` of the vertices `v` left, and where the least
  /// is under `limit` of all of them, `prune` changes the vertices there.
  static func pruned(
    _ vertices: [(Double, Double)], measure: ([(Double, Double)], Int) -> Double,
    limit: ([Double]) -> Double, prune: (inout [(Double, Double)], Int) -> Void
  ) -> [(Double, Double)] {
    var kept = vertices
    while kept.count > 3 {
      let values = kept.indices.map { measure(kept, $0) }
      guard let least = values.indices.min(by: { values[$0] < values[$1] }),
        values[least] < limit(values)
      else { break }
      prune(&kept, least)
    }
    return kept
  }
}
