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
  /// - Parameters:
  ///   - points: the loop, its first point repeated at the end.
  ///   - corners: the corners' indices, ascending, the first 0 and the last the loop's end.
  static func cornerEvidence(
    _ points: (xs: [Double], ys: [Double], ts: [Double]), corners: [Int]
  ) -> Double {
    var turn = 0.0
    for k in 0..<(corners.count - 1) {
      let margin = min(2, (corners[k + 1] - corners[k]) / 4)
      let (lo, hi) = (corners[k] + margin, corners[k + 1] - margin)
      guard hi - lo >= 4 else { continue }
      let mid = (lo + hi) / 2
      let (ux, uy) = (points.xs[mid] - points.xs[lo], points.ys[mid] - points.ys[lo])
      let (vx, vy) = (points.xs[hi] - points.xs[mid], points.ys[hi] - points.ys[mid])
      turn += 2 * abs(atan2(ux * vy - uy * vx, ux * vx + uy * vy))
    }
    return max(0, 1 - turn / (2 * .pi))
  }

  /// The smallest turn, in degrees, at a vertex of a closed polygon: a vertex turning by less
  /// is no corner (a side found twice, a wobble on a straight side) and is dropped.
  static let minimumCornerTurn = 15.0

  /// The vertices of a closed polygon without those at which it turns by less than
  /// ``minimumCornerTurn`` (the least turning first, each time the turns recomputed), at least
  /// three kept.
  static func withoutFlatVertices(_ vertices: [(Double, Double)]) -> [(Double, Double)] {
    var kept = vertices
    while kept.count > 3 {
      let m = kept.count
      let turns = (0..<m).map {
        180 - interiorAngle(kept[($0 + m - 1) % m], kept[$0], kept[($0 + 1) % m])
      }
      guard let flattest = turns.indices.min(by: { turns[$0] < turns[$1] }),
        turns[flattest] < minimumCornerTurn
      else { break }
      kept.remove(at: flattest)
    }
    return kept
  }
}
