import Foundation

extension ShapeClassifier {
  /// The widest turn, in degrees, at a closed polygon's seam vertex (the one where its stroke
  /// starts and ends) that can be the seam's jog rather than a corner: a polygon started
  /// mid-side comes back beside its start, and the ends' slight offset reads as a corner turning
  /// by 20–40°, while a polygon started at a corner turns there by its own angle.
  static let seamTurn = 45.0

  /// A seam vertex is a jog only when it turns by less than this part of the median turn at the
  /// polygon's other vertices: a triangle's corners turn by 120°, a rectangle's by 90°, an
  /// octagon's by only 45°, as little as a jog.
  static let seamTurnRatio = 0.5

  /// A closed polygon's vertex within this part of the diagonal of the path's start is its
  /// seam vertex.
  static let seamReach = 0.1

  /// A seam vertex is a jog only when it stands off the line between its neighbours by at most
  /// this part of the diagonal: a jog is shallow, while the obtuse corner of a parallelogram
  /// (138°, turning by 42°) stands 0.17 off it.
  static let seamDepth = 0.1

  /// A closed polygon's side under this part of its perimeter, and under ``stubRatio`` of both
  /// sides either side, that turns against the polygon at one of its ends is a stub: a small
  /// loop, hook or bump at a corner or on a side, rather than a side (the short sides of an
  /// unevenly drawn octagon turn with it); one that turns with it is a cut corner when it
  /// turns by about one corner's turn across its ends (``cutCornerTurnRatio``).
  static let stubFraction = 0.1

  /// A stub is at most this part of each of the sides either side of it.
  static let stubRatio = 0.5

  /// A short side (``stubFraction``, ``stubRatio``) that turns with the polygon at both ends
  /// is a cut corner, one corner drawn as two, when the turns at its ends together are at most
  /// this many times the median turn at the polygon's other vertices: a square's corner cut
  /// by a diagonal turns by 45° twice where the other corners turn by 90° (1), while the short
  /// side of an unevenly drawn octagon or hexagon turns by its own corners' angle at each end
  /// (2).
  static let cutCornerTurnRatio = 1.5

  /// The vertices of a closed polygon without its seam vertex, the one nearest `seam` (the
  /// point where the stroke starts) within ``seamReach`` of `diagonal`, when the polygon turns
  /// there by less than ``seamTurn`` and less than ``seamTurnRatio`` of the median turn at its
  /// other vertices, and stands off the line between its neighbours by at most ``seamDepth`` of
  /// `diagonal`, at least three kept.
  static func withoutSeamJog(
    _ vertices: [(Double, Double)], seam: (Double, Double), diagonal: Double
  ) -> [(Double, Double)] {
    let m = vertices.count
    guard m > 3 else { return vertices }
    let turns = (0..<m).map { turn(vertices, at: $0) }
    let distances = vertices.map { hypot($0.0 - seam.0, $0.1 - seam.1) }
    let nearest = distances.indices.min { distances[$0] < distances[$1] }!
    let (a, v, b) = (
      vertices[(nearest + m - 1) % m], vertices[nearest], vertices[(nearest + 1) % m]
    )
    let chord = hypot(b.0 - a.0, b.1 - a.1)
    let depth = chord > 0 ? abs((b.0 - a.0) * (v.1 - a.1) - (b.1 - a.1) * (v.0 - a.0)) / chord : 0
    guard distances[nearest] <= seamReach * diagonal, turns[nearest] < seamTurn,
      turns[nearest] < seamTurnRatio * medianTurn(turns, leavingOut: [nearest]),
      depth <= seamDepth * diagonal
    else { return vertices }
    var kept = vertices
    kept.remove(at: nearest)
    return kept
  }

  /// The median of `turns` (the upper of the middle two for an even count) leaving out those at
  /// the indices `excluded`, at least one left: how the polygon turns at its other vertices.
  static func medianTurn(_ turns: [Double], leavingOut excluded: [Int]) -> Double {
    let others = turns.indices.filter { !excluded.contains($0) }.map { turns[$0] }.sorted()
    return others[others.count / 2]
  }

  /// The vertices of a closed polygon with each stub side and each cut corner (``stubFraction``,
  /// ``stubRatio``, ``cutCornerTurnRatio``) made one vertex where the sides either side of it,
  /// extended, meet (the shortest first, each time the sides measured again), at least three
  /// kept. A stub whose neighbours meet
  /// farther from its middle than its own length (nearly parallel sides, a step) is left.
  static func withoutStubs(_ vertices: [(Double, Double)]) -> [(Double, Double)] {
    var kept = vertices
    while kept.count > 3 {
      let m = kept.count
      let lengths = (0..<m).map {
        hypot(kept[($0 + 1) % m].0 - kept[$0].0, kept[($0 + 1) % m].1 - kept[$0].1)
      }
      let perimeter = lengths.reduce(0, +)
      // The way the polygon turns (the sign of its area), and whether vertex i turns against it.
      let area = Shoelace.twiceSignedArea(kept)
      func isReflex(_ i: Int) -> Bool {
        turnSign(kept[(i + m - 1) % m], kept[i], kept[(i + 1) % m]) * area < 0
      }
      // The turn at each vertex, in degrees; whether side i (from vertex i to vertex i + 1)
      // turns by about one corner's turn across its two ends.
      let turns = (0..<m).map { turn(kept, at: $0) }
      func isCutCorner(_ i: Int) -> Bool {
        turns[i] + turns[(i + 1) % m]
          <= cutCornerTurnRatio * medianTurn(turns, leavingOut: [i, (i + 1) % m])
      }
      // Side i runs from vertex i to vertex i + 1; its neighbours are sides i − 1 and i + 1.
      let stubs = (0..<m).filter { i in
        let shorter = min(lengths[(i + m - 1) % m], lengths[(i + 1) % m])
        return lengths[i] < stubFraction * perimeter && lengths[i] <= stubRatio * shorter
          && (isReflex(i) || isReflex((i + 1) % m) || isCutCorner(i))
      }
      let merges = stubs.sorted { lengths[$0] < lengths[$1] }.lazy.compactMap {
        i -> (Int, (Double, Double))? in
        let (a, b) = (kept[i], kept[(i + 1) % m])
        guard
          let meet = intersection(kept[(i + m - 1) % m], a, b, kept[(i + 2) % m]),
          hypot(meet.0 - (a.0 + b.0) / 2, meet.1 - (a.1 + b.1) / 2) <= lengths[i]
        else { return nil }
        return (i, meet)
      }
      guard let (i, meet) = merges.first else { break }
      kept[i] = meet
      kept.remove(at: (i + 1) % m)
    }
    return kept
  }

  /// The vertices of a closed polygon without its seam jog (``withoutSeamJog(_:seam:diagonal:)``)
  /// and stubs (``withoutStubs(_:)``) when what is left is convex (a star's inner corners turn
  /// as little as a jog, and a letter's loop turns both ways); else the vertices as they are.
  func withoutJogsAndStubs(_ vertices: [(Double, Double)]) -> [(Double, Double)] {
    let simplified = Self.withoutStubs(
      Self.withoutSeamJog(vertices, seam: (path.xs[0], path.ys[0]), diagonal: path.diagonal))
    return simplified.count < vertices.count && Self.isConvex(simplified.map { [$0.0, $0.1] })
      ? simplified : vertices
  }
}
