import Foundation

/// Polylines drawn as one: the open polylines that have a confidence row of their own
/// (``ShapeConfidence/family(of:)``), apart from the polyline readings of writing.
extension ShapeClassifier {
  /// The fewest and most runs of a polyline drawn as one (``isDrawnPolyline(_:)``).
  static let polylineRuns = 3...4
  /// The least and most a polyline drawn as one turns at each corner, in degrees.
  static let polylineTurns = 30.0...100.0
  /// A polyline drawn as one has no run shorter than this part of its longest.
  static let shortestPolylineRun = 0.3
  /// A polyline drawn as one turns by at most this many degrees in all: one that turns further
  /// round is an outline left unfinished (a rectangle left a side short turns by 270°).
  static let mostPolylineTurning = 250.0

  /// Whether an open polyline's vertices are drawn as a polyline, not as writing: three or
  /// four runs (``polylineRuns``), none under ``shortestPolylineRun`` of the longest, turning
  /// the same way at every corner by ``polylineTurns`` and by no more than
  /// ``mostPolylineTurning`` in all, as the synthesizer's polylines are (3 or 4 sides of
  /// 0.35–0.6 of the size, each turning 55–80°).
  static func isDrawnPolyline(_ vertices: [[Double]]?) -> Bool {
    guard let v = vertices, polylineRuns.contains(v.count - 1), v.allSatisfy({ $0.count == 2 })
    else { return false }
    var runs: [Double] = []
    var headings: [Double] = []
    for k in 1..<v.count {
      let (dx, dy) = (v[k][0] - v[k - 1][0], v[k][1] - v[k - 1][1])
      runs.append(hypot(dx, dy))
      headings.append(atan2(dy, dx))
    }
    guard let longest = runs.max(), longest > 0,
      runs.allSatisfy({ $0 >= shortestPolylineRun * longest })
    else { return false }
    var turns: [Double] = []
    for k in 1..<headings.count {
      turns.append(remainder(headings[k] - headings[k - 1], 2 * .pi) * 180 / .pi)
    }
    let oneWay = turns.allSatisfy { $0 > 0 } || turns.allSatisfy { $0 < 0 }
    return oneWay && turns.allSatisfy { polylineTurns.contains(abs($0)) }
      && abs(turns.reduce(0, +)) <= mostPolylineTurning
  }

  /// The fewest points of ink a run of a polyline drawn as one has, on average: a dot or a
  /// bar of a few pen samples (an `i`'s or `j`'s dot, an `f`'s bar in UNIPEN's whole units)
  /// fits a polyline through every one of them exactly.
  static let leastInkPointsPerRun = 4

  /// Whether the polyline of `vertices` through this path is drawn as one:
  /// ``isDrawnPolyline(_:)`` of its vertices, through at least ``leastInkPointsPerRun`` points
  /// of ink a run.
  func isDrawnPolyline(_ vertices: [(Double, Double)]) -> Bool {
    path.inkPoints >= Self.leastInkPointsPerRun * (vertices.count - 1)
      && Self.isDrawnPolyline(vertices.map { [$0.0, $0.1] })
  }
}
