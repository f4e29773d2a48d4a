/// One reading of a group of strokes as a kind: its parameters (in the form of the answer), its
/// ideal outline as a dense polyline, and how well the ink follows that outline.
///
/// The outline here is the recognizer's own, used only to measure the fit; the drawable ideal
/// shape is made from the parameters by the module's geometry.
struct ShapeCandidate {
  /// The answer so far: kind, subkind, parameters and hot points (confidence and fit are filled
  /// in when the candidate is chosen).
  var shape: DetectedShape
  /// The ideal outline, dense enough that its segments bin the coverage.
  var outlineXs: [Double]
  var outlineYs: [Double]
  /// Whether the outline closes (its last point joins its first).
  var closed: Bool
  /// The outline's segments that are jumps between its parts, not outline (ascending).
  var breaks: [Int] = []
  /// How well the ink follows the outline.
  var fit = ShapeFit(meanDeviation: .infinity, maximumDeviation: .infinity, coverage: 0)
  /// The reading's complexity, its number of vertices or segments (1 for a line, 2 for an arc
  /// or a circle, 3 for an ellipse): a feature of the confidence, which so learns PaleoSketch's
  /// preference for simpler readings.
  var complexity: Double
  /// For a polygon, how sure its corners are corners
  /// (``ShapeClassifier/cornerEvidence(_:corners:skippingCornersFoundTwice:closed:)``, a round corner
  /// found twice left out); for a round reading of a loop, the largest of those of its polygon
  /// readings, of the unsplit corner sets found from the loop's flattest point, that fit the ink
  /// at least as closely as it does, each counted over all its runs (0 when it has none); `nil`
  /// for the other kinds. A feature of the confidence, which so decides polygon against circle
  /// by the corners rather than by the number of vertices.
  var cornerEvidence: Double?
  /// Whether a polyline reading is of a polyline drawn as one (see
  /// `ShapeClassifier.isDrawnPolyline(_:)`), which has a confidence row of its own.
  var isDrawnPolyline = false

  /// A candidate of `kind` with its outline; fit not yet measured.
  init(
    _ shape: DetectedShape, outlineXs: [Double], outlineYs: [Double], closed: Bool,
    complexity: Double
  ) {
    self.shape = shape
    self.outlineXs = outlineXs
    self.outlineYs = outlineYs
    self.closed = closed
    self.complexity = complexity
  }

  /// Points every `step` along the polygon through `xs, ys` (closed when `closed`), the
  /// vertices kept.
  static func densified(
    _ xs: [Double], _ ys: [Double], closed: Bool, pieces: Int = 8
  ) -> ([Double], [Double]) {
    var ox: [Double] = []
    var oy: [Double] = []
    let count = xs.count
    let edges = closed ? count : count - 1
    ox.reserveCapacity(edges * pieces + 1)
    oy.reserveCapacity(edges * pieces + 1)
    for e in 0..<max(edges, 0) {
      let (ax, ay, bx, by) = (xs[e], ys[e], xs[(e + 1) % count], ys[(e + 1) % count])
      for k in 0..<pieces {
        let f = Double(k) / Double(pieces)
        ox.append(ax + f * (bx - ax))
        oy.append(ay + f * (by - ay))
      }
    }
    if !closed, let x = xs.last, let y = ys.last {
      ox.append(x)
      oy.append(y)
    }
    return (ox, oy)
  }

  /// An outline of several open parts (an arrow's shaft and head), densified and joined, the
  /// joins recorded as breaks.
  static func parts(_ parts: [[(Double, Double)]]) -> (xs: [Double], ys: [Double], breaks: [Int]) {
    var xs: [Double] = []
    var ys: [Double] = []
    var breaks: [Int] = []
    for part in parts {
      if !xs.isEmpty { breaks.append(xs.count - 1) }
      let (px, py) = densified(part.map(\.0), part.map(\.1), closed: false)
      xs += px
      ys += py
    }
    return (xs, ys, breaks)
  }

  /// The `hopeless` bound of ``measure(_:hopeless:)`` for a reading that is kept only when it
  /// fits better than `best`: its mean deviation widened by a billionth, far more than the
  /// rounding of the measuring's sum, so that no reading that would beat it is given up; infinity
  /// without one.
  static func beating(_ best: ShapeCandidate?) -> Double {
    (best?.fit.meanDeviation ?? .infinity) * (1 + 1e-9)
  }

  /// Measures the fit of all the path's ink (an over-traced lap and a letter's tail count) to
  /// the outline: the mean and largest
  /// distance to it over the outline's bounding-box diagonal, and the part of the outline's
  /// segments nearest to some ink point.
  ///
  /// Once the mean deviation is sure to reach `hopeless` (the ink measured so far is that far
  /// from the outline on average over all the ink), the measuring stops and the fit is left
  /// unmeasured, its mean deviation infinite: a reading that cannot be chosen.
  mutating func measure(_ path: InkPath, hopeless: Double = .infinity) {
    let m = outlineXs.count
    let segments = closed ? m : m - 1
    guard segments >= 1, path.count > 0 else { return }
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    for k in 0..<m {
      minX = min(minX, outlineXs[k])
      maxX = max(maxX, outlineXs[k])
      minY = min(minY, outlineYs[k])
      maxY = max(maxY, outlineYs[k])
    }
    let size = ((maxX - minX) * (maxX - minX) + (maxY - minY) * (maxY - minY)).squareRoot()
    guard size > 0 else { return }
    let outline = OutlineSegments(
      xs: outlineXs, ys: outlineYs, closed: closed, breaks: breaks)
    var covered = [Bool](repeating: false, count: segments)
    var total = 0.0
    var largest = 0.0
    var measured = 0
    var nearest = 0
    let prunes = hopeless < .infinity
    let giveUp = prunes ? hopeless * Double(path.isInk.count(where: { $0 })) * size : 0
    for i in 0..<path.count where path.isInk[i] {
      measured += 1
      // The ink moves along the outline: its last point's segment is the place to start.
      let best: Double
      (best, nearest) = outline.nearest(x: path.xs[i], y: path.ys[i], hint: nearest)
      let d = best.squareRoot()
      total += d
      if prunes, total >= giveUp { return }
      largest = max(largest, d)
      covered[nearest] = true
    }
    let hit = covered.reduce(0) { $0 + ($1 ? 1 : 0) }
    fit = ShapeFit(
      meanDeviation: total / Double(max(measured, 1)) / size, maximumDeviation: largest / size,
      coverage: Double(hit) / Double(segments - breaks.count))
  }
}
