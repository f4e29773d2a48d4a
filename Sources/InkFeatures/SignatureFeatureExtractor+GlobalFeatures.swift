import Foundation

extension SignatureFeatureExtractor {
  /// The global features of a signature's pen-down samples, in the order of
  /// ``GlobalFeatures/names`` (see <doc:SignatureGlobalFeatures> for each formula).
  ///
  /// Rates are per second, with the ``SignatureSamples/samplingInterval``; derivatives are
  /// regression derivatives taken stroke by stroke, so that the jump over a pen-up is no
  /// speed. An empty signature gives zeros.
  public func globalFeatures(of samples: SignatureSamples) -> GlobalFeatures {
    typealias S = SeriesStatistics
    let xs = samples.xs
    let ys = samples.ys
    let ts = samples.ts
    let strokes = samples.strokeRanges
    let dt = samples.samplingInterval
    var values: [Double] = []

    // Time and pen-ups.
    let start = ts.min() ?? 0
    let duration = (ts.max() ?? 0) - start
    let strokeTimes = strokes.map { (ts[$0].min()!, ts[$0].max()!) }
    let penDown = strokeTimes.reduce(0) { $0 + ($1.1 - $1.0) }
    let penUps = max(strokes.count - 1, 0)
    let gaps = strokeTimes.indices.dropFirst().map {
      max(0, strokeTimes[$0].0 - strokeTimes[$0 - 1].1)
    }
    values += [
      duration, Double(penUps), S.ratio(penDown, duration), Double(samples.count), S.mean(gaps),
    ]

    // Geometry.
    let segments = strokes.flatMap { range in
      range.dropLast().map { (dx: xs[$0 + 1] - xs[$0], dy: ys[$0 + 1] - ys[$0]) }
    }
    let pathLength = segments.reduce(0) { $0 + ($1.dx * $1.dx + $1.dy * $1.dy).squareRoot() }
    let left = xs.min() ?? 0
    let top = ys.min() ?? 0
    let width = (xs.max() ?? 0) - left
    let height = (ys.max() ?? 0) - top
    let diagonal = (width * width + height * height).squareRoot()
    let first = 0
    let last = max(xs.count - 1, 0)
    let inBox = { (i: Int) -> [Double] in
      xs.isEmpty ? [0, 0] : [S.ratio(xs[i] - left, width), S.ratio(ys[i] - top, height)]
    }
    let moved = xs.indices.first { xs[$0] != xs[first] || ys[$0] != ys[first] }
    let movedLast = xs.indices.last { xs[$0] != xs[last] || ys[$0] != ys[last] }
    let direction = { (from: Int, to: Int) in atan2(ys[to] - ys[from], xs[to] - xs[from]) }
    let endDistance =
      xs.isEmpty
      ? 0
      : ((xs[last] - xs[first]) * (xs[last] - xs[first])
        + (ys[last] - ys[first]) * (ys[last] - ys[first])).squareRoot()
    values += [
      pathLength, width, height, S.ratio(width, height), S.ratio(pathLength, diagonal),
      S.ratio(S.mean(xs) - left, width), S.ratio(S.mean(ys) - top, height),
    ]
    values += inBox(first) + inBox(last)
    values += [
      moved.map { direction(first, $0) } ?? 0, movedLast.map { direction($0, last) } ?? 0,
      xs.isEmpty ? 0 : direction(first, last), S.ratio(endDistance, diagonal),
    ]

    // Velocity, acceleration and jerk, stroke by stroke.
    func rate(_ values: [Double]) -> [Double] {
      strokes.flatMap { Self.derivative.apply(Array(values[$0])).map { $0 / dt } }
    }
    func magnitude(_ a: [Double], _ b: [Double]) -> [Double] {
      zip(a, b).map { ($0 * $0 + $1 * $1).squareRoot() }
    }
    func time(ofMaximum series: [Double]) -> Double {
      series.isEmpty ? 0 : S.ratio(ts[S.offsetOfMaximum(series)] - start, duration)
    }
    let vx = rate(xs)
    let vy = rate(ys)
    let ax = rate(vx)
    let ay = rate(vy)
    let speed = magnitude(vx, vy)
    let acceleration = magnitude(ax, ay)
    let jerk = magnitude(rate(ax), rate(ay))
    values += [S.mean(speed), S.standardDeviation(speed), S.maximum(speed)]
    for v in [vx, vy] {
      values += [S.mean(v), S.standardDeviation(v), S.maximum(v.map(abs))]
    }
    values += [
      S.ratio(S.mean(speed), S.maximum(speed)), S.ratio(pathLength, penDown),
      time(ofMaximum: speed),
      S.mean(acceleration), S.standardDeviation(acceleration), S.maximum(acceleration),
      time(ofMaximum: acceleration),
      S.mean(jerk), S.standardDeviation(jerk), S.maximum(jerk),
    ]

    // Sign changes of the steps within strokes (steps of zero skipped).
    for coordinate in [xs, ys] {
      var changes = 0
      for range in strokes {
        var previous = 0.0
        for i in range.dropLast() {
          let step = coordinate[i + 1] - coordinate[i]
          guard step != 0 else { continue }
          if previous != 0, (step > 0) != (previous > 0) { changes += 1 }
          previous = step
        }
      }
      values.append(Double(changes))
    }

    // Pressure and pen angles.
    let forces = samples.forces
    values += [
      S.mean(forces), S.standardDeviation(forces), S.maximum(forces), time(ofMaximum: forces),
      S.mean(samples.azimuths), S.standardDeviation(samples.azimuths),
      S.mean(samples.altitudes), S.standardDeviation(samples.altitudes),
    ]

    // Direction and turning histograms over the steps of positive length.
    values += Self.directionHistograms(xs: xs, ys: ys, strokes: strokes)
    return GlobalFeatures(values: values)
  }

  /// The 8-bin histogram of step directions (bin k centred on k·45°, 0° pointing along +x,
  /// 90° along +y) and the 4-bin histogram of turning angles between consecutive steps of a
  /// stroke (bin k holds `k·45° ≤ |turn| < (k+1)·45°`, 180° in the last), as fractions.
  static func directionHistograms(xs: [Double], ys: [Double], strokes: [Range<Int>]) -> [Double] {
    var directions = [Double](repeating: 0, count: 8)
    var turnings = [Double](repeating: 0, count: 4)
    let eighth = Double.pi / 4
    for range in strokes {
      var previous: Double?
      for i in range.dropLast() {
        let dx = xs[i + 1] - xs[i]
        let dy = ys[i + 1] - ys[i]
        guard dx != 0 || dy != 0 else { continue }
        let angle = atan2(dy, dx)
        let bin = Int(((angle + .pi / 8) / eighth).rounded(.down))
        directions[((bin % 8) + 8) % 8] += 1
        if let previous {
          var turn = abs(angle - previous)
          if turn > .pi { turn = 2 * .pi - turn }
          turnings[min(Int((turn / eighth).rounded(.down)), 3)] += 1
        }
        previous = angle
      }
    }
    let steps = directions.reduce(0, +)
    let turns = turnings.reduce(0, +)
    return directions.map { SeriesStatistics.ratio($0, steps) }
      + turnings.map { SeriesStatistics.ratio($0, turns) }
  }
}
