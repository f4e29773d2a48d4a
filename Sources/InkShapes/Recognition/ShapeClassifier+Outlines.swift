import Foundation

/// The closed kinds that are no polygon and no ellipse: heart, cloud and rounded rectangle,
/// each fitted to the loop and measured against its ideal outline (``ShapeParameters``).
extension ShapeClassifier {
  /// A cloud has at least this many bumps (dips of its radius between them).
  static let leastCloudBumps = 5
  /// A dip of a cloud goes this far inside its neighbouring bumps, as a part of the radius.
  static let cloudDipDepth = 0.04
  /// A rectangle's corners are rounded when their radius is at least this part of its shorter
  /// side (the synthesizer rounds them by 0.15 to 0.3 of the height).
  static let roundedCornerShare = 0.1

  /// The heart and cloud readings of the loop `range`, where each applies; with a `rival`
  /// (the logit of a reading that comes before them and is kept), not those that cannot be
  /// surer than it (``ShapeConfidence/hopelessMeanDeviation(kind:complexity:rival:)``), which
  /// could never be chosen.
  func outlineCandidates(range: Range<Int>, rival: Double? = nil) -> [ShapeCandidate] {
    guard range.count >= 16 else { return [] }
    var found: [ShapeCandidate] = []
    if let heart = heartCandidate(range: range, rival: rival) { found.append(heart) }
    if let cloud = cloudCandidate(range: range, rival: rival) { found.append(cloud) }
    return found
  }

  /// The mean deviation from which a reading of `kind` and `complexity` cannot be surer than
  /// `rival`; infinity without one.
  func hopeless(_ kind: ShapeKind, complexity: Double, rival: Double?) -> Double {
    rival.map {
      ShapeConfidence.hopelessMeanDeviation(kind: kind, complexity: complexity, rival: $0)
    } ?? .infinity
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

  /// The heart of the loop: its point the ink farthest from the ink's mean, its box the ink's
  /// bounds with the point straight down, the best of that rotation and 6° either side (each
  /// measured only as far as it can still beat the best before it, and neither turned one tried
  /// when the upright one cannot beat `rival`); `nil` when none can be surer than `rival`.
  func heartCandidate(range: Range<Int>, rival: Double? = nil) -> ShapeCandidate? {
    let n = Double(range.count)
    let cx = range.reduce(0) { $0 + path.xs[$1] } / n
    let cy = range.reduce(0) { $0 + path.ys[$1] } / n
    guard
      let tip = range.max(by: {
        hypot(path.xs[$0] - cx, path.ys[$0] - cy) < hypot(path.xs[$1] - cx, path.ys[$1] - cy)
      })
    else { return nil }
    let upright = atan2(-(path.xs[tip] - cx), path.ys[tip] - cy)
    let hopeless = hopeless(.heart, complexity: 2, rival: rival)
    var best: ShapeCandidate?
    for offset in [0.0, -6, 6] {
      let rotation = upright + offset * .pi / 180
      let box = turnedBox(range: range, cx: cx, cy: cy, rotation: rotation)
      guard box.rx > 0, box.ry > 0 else { continue }
      let shape = DetectedShape(
        kind: .heart, confidence: 0, strokes: [], center: box.center, radii: [box.rx, box.ry],
        rotation: rotation, hotPoints: [[path.xs[tip], path.ys[tip]], box.center])
      guard
        let reading = ShapeCandidate(
          ideal: shape, complexity: 2, path: path,
          hopeless: min(hopeless, ShapeCandidate.beating(best)))
      else {
        continue
      }
      if best == nil || reading.fit.meanDeviation < best!.fit.meanDeviation { best = reading }
      // The upright reading given up against the rival, the turned ones are not tried: a
      // heuristic (6° could make a hopeless heart a rival), which changed no answer on the $1
      // logs, Quick, Draw!, UNIPEN or the synthetic set and saves most of the heart's cost.
      if offset == 0, reading.fit.meanDeviation == .infinity { break }
    }
    // A reading left unmeasured is hopeless, and so is the best when all are.
    return hopeless < .infinity ? best.flatMap { $0.fit.meanDeviation < hopeless ? $0 : nil } : best
  }

  /// The cloud of the loop: the loop's ellipse, widened to reach the bumps, with as many bumps
  /// as the ink's radius has dips (``cloudDipDepth``), its phase either way along the major axis
  /// (the second measured only as far as it can still beat the first); `nil` when neither can
  /// be surer than `rival`.
  func cloudCandidate(range: Range<Int>, rival: Double? = nil) -> ShapeCandidate? {
    guard let ellipse = EllipseFit(xs: path.xs, ys: path.ys, range: range) else { return nil }
    let (c, s) = (cos(ellipse.rotation), sin(ellipse.rotation))
    let radius = range.map { i -> Double in
      let (dx, dy) = (path.xs[i] - ellipse.cx, path.ys[i] - ellipse.cy)
      return hypot((c * dx + s * dy) / ellipse.major, (-s * dx + c * dy) / ellipse.minor)
    }
    let bumps = Self.dips(radius, depth: Self.cloudDipDepth)
    guard bumps >= Self.leastCloudBumps else { return nil }
    // The ideal cloud's radius averages 1 − 0.15 (1 − 2/π) of its bumps'.
    let widening = 1 / (1 - 0.15 * (1 - 2 / Double.pi))
    let hopeless = hopeless(.cloud, complexity: 3, rival: rival)
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
          hopeless: min(hopeless, ShapeCandidate.beating(best)))
      else {
        continue
      }
      if best == nil || reading.fit.meanDeviation < best!.fit.meanDeviation { best = reading }
    }
    return hopeless < .infinity ? best.flatMap { $0.fit.meanDeviation < hopeless ? $0 : nil } : best
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

  /// The rounded rectangle of a rectangle or square reading of the loop `range`: its box the
  /// reading's corners (where its fitted sides meet), its corner radius from how far the ink
  /// passes from them (a corner rounded by r passes (√2 − 1) r inside its box's corner); `nil`
  /// when the corners are sharper than ``roundedCornerShare`` or the rounded outline fits no
  /// better than the sharp one.
  func roundedRectangle(from reading: ShapeCandidate, range: Range<Int>) -> ShapeCandidate? {
    guard [.square, .rectangle].contains(reading.shape.subkind),
      let corners = reading.shape.vertices, corners.count == 4
    else { return nil }
    let cx = corners.reduce(0) { $0 + $1[0] } / 4
    let cy = corners.reduce(0) { $0 + $1[1] } / 4
    let rotation = remainder(
      atan2(corners[1][1] - corners[0][1], corners[1][0] - corners[0][0]), .pi / 2)
    let (c, s) = (cos(rotation), sin(rotation))
    let rx = corners.map { abs(c * ($0[0] - cx) + s * ($0[1] - cy)) }.reduce(0, +) / 4
    let ry = corners.map { abs(-s * ($0[0] - cx) + c * ($0[1] - cy)) }.reduce(0, +) / 4
    let gap =
      corners.map { corner in
        range.map { hypot(path.xs[$0] - corner[0], path.ys[$0] - corner[1]) }.min() ?? 0
      }.reduce(0, +) / 4
    let radius = min(gap / (2.squareRoot() - 1), min(rx, ry))
    guard rx > 0, ry > 0, radius >= Self.roundedCornerShare * 2 * min(rx, ry) else { return nil }
    let shape = DetectedShape(
      kind: .roundedRectangle, confidence: 0, strokes: [], center: [cx, cy], radii: [rx, ry],
      rotation: rotation, hotPoints: [[cx, cy]], cornerRadius: radius)
    guard let rounded = ShapeCandidate(ideal: shape, complexity: 3, path: path),
      rounded.fit.meanDeviation < reading.fit.meanDeviation
    else { return nil }
    return rounded
  }
}
