import Foundation
import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit
import _DuctusSupport

/// Realistic synthetic attempts of a template: strokes in the template's order and direction,
/// moved by a human-like speed profile, with the small wander, pressure and timing of a real
/// hand, and with chosen defects.
///
/// Speed follows the sigma-lognormal model of the kinematic theory of rapid movements
/// (Plamondon 1995; Plamondon and Djioua 2006): each stroke is one lognormal velocity pulse,
/// `v(t) = D / (σ√(2π)(t − t₀)) · exp(−(ln(t − t₀) − μ)² / 2σ²)`, so the pen accelerates,
/// peaks and slows down as hands do; the path is sampled at 240 Hz as an Apple Pencil is. What
/// differs from a full sigma-lognormal synthesis: the path is the template's (with a smooth
/// random wander) rather than built from the pulses' angles, so the defects stay exact.
///
/// ```swift
/// var synthesizer = TraceSynthesizer(seed: 7)
/// let attempt = synthesizer.attempt(of: template, defects: [.reversed(stroke: 2)])
/// ```
public struct TraceSynthesizer: Sendable {
  /// How far (box heights) the hand wanders from the template at most, smoothly.
  public var wander: Double
  /// The sampling rate in hertz.
  public var sampleRate: Double
  /// Average pen speed, in box heights a second.
  public var speed: Double
  private var random: SplitMix64

  /// A synthesizer with a seed; the same seed gives the same attempts.
  public init(seed: UInt64, wander: Double = 0.012, sampleRate: Double = 240, speed: Double = 1.2) {
    self.random = SplitMix64(seed: seed)
    self.wander = wander
    self.sampleRate = sampleRate
    self.speed = speed
  }

  /// One attempt of a template with the given defects, in the template's box coordinates.
  ///
  /// Defects naming a stroke the template does not have are left out of the result's list.
  public mutating func attempt(of template: TracingTemplate, defects: [TraceDefect] = [])
    -> SyntheticAttempt
  {
    let unit = template.box.height > 0 ? Double(template.box.height) : 100
    var strokes: [[CGPoint]] = template.strokes.map(\.points)
    var applied: [TraceDefect] = []
    var order = Array(strokes.indices)
    var removed = Set<Int>()
    var pieces: [Int: Int] = [:]
    var joinedWithNext = Set<Int>()
    var extras: [[CGPoint]] = []
    var tremor = 0.0
    var shift = CGPoint.zero
    for defect in defects {
      if let index = defect.strokeIndex, !strokes.indices.contains(index) { continue }
      switch defect {
      case .reversed(let n): strokes[n - 1].reverse()
      case .missing(let n): removed.insert(n - 1)
      case .wrongOrder(let n):
        guard n < strokes.count, let a = order.firstIndex(of: n - 1),
          let b = order.firstIndex(of: n)
        else { continue }
        order.swapAt(a, b)
      case .wobble(let amount): tremor = amount * 0.05 * unit
      case .offset(let dx, let dy): shift = CGPoint(x: dx * unit, y: dy * unit)
      case .tooShort(let n): strokes[n - 1] = Self.prefix(strokes[n - 1], fraction: 0.55)
      case .tooLong(let n): strokes[n - 1] = Self.extended(strokes[n - 1], fraction: 0.6)
      case .badStart(let n): strokes[n - 1] = Self.leadIn(strokes[n - 1], length: 0.25 * unit)
      case .shape(let n): strokes[n - 1] = Self.bent(strokes[n - 1], amount: 0.3, unit: unit)
      case .extra: extras.append(randomStroke(in: template.box, awayFrom: template.strokes))
      case .split(let n): pieces[n - 1] = 2
      case .joined(let n):
        guard n < strokes.count else { continue }
        joinedWithNext.insert(n - 1)
      case .dot(let n):
        guard let start = strokes[n - 1].first else { continue }
        strokes[n - 1] = [start, CGPoint(x: start.x + 0.005 * unit, y: start.y)]
      case .hookMissing(let n):
        guard template.strokes[n - 1].hasHook else { continue }
        strokes[n - 1] = Self.prefix(strokes[n - 1], fraction: 0.75)
      }
      applied.append(defect)
    }
    var drawn: [[CGPoint]] = []
    // A stroke joined with the next is drawn with it, the pen going straight on between them.
    for index in order where !removed.contains(index) {
      if index > 0, joinedWithNext.contains(index - 1), !removed.contains(index - 1) { continue }
      var stroke = strokes[index]
      if joinedWithNext.contains(index), index + 1 < strokes.count, !removed.contains(index + 1) {
        stroke += strokes[index + 1]
      }
      if pieces[index] != nil, stroke.count > 1 {
        // Lift the pen at half the length and put it down again a little further on.
        let dense = PathSegments(stroke).resampled(count: max(stroke.count, 40))
        let points = (0..<dense.count).map { CGPoint(x: dense.xs[$0], y: dense.ys[$0]) }
        let cut = dense.count / 2
        drawn.append(Array(points[..<cut]))
        drawn.append(Array(points[(cut + 1)...]))
      } else {
        drawn.append(stroke)
      }
    }
    drawn += extras
    var time = 0.0
    var result: [PKStroke] = []
    for points in drawn where !points.isEmpty {
      let moved = points.map { CGPoint(x: $0.x + shift.x, y: $0.y + shift.y) }
      let stroke = humanStroke(moved, unit: unit, tremor: tremor, start: time)
      time = stroke.end + random.uniform(0.15...0.45)
      result.append(stroke.stroke)
    }
    return SyntheticAttempt(drawing: PKDrawing(strokes: result), defects: applied)
  }

  /// One stroke along `points`, timed by a lognormal speed pulse, wandering smoothly, with a
  /// tremor of amplitude `tremor` and a force that rises, holds and falls.
  mutating func humanStroke(_ points: [CGPoint], unit: Double, tremor: Double, start: Double)
    -> (stroke: PKStroke, end: Double)
  {
    let line = PathSegments(points)
    let length = line.length
    // The pulse: duration from length and speed; σ sets how skewed the profile is.
    let sigma = random.uniform(0.22...0.32)
    let duration = max(length / (speed * unit) * random.uniform(0.8...1.25), 0.08)
    // 99.7% of the pulse's distance lies within t₀ + exp(μ ± 3σ): fit that span to the duration.
    let mu = log(duration / (exp(3 * sigma) - exp(-3 * sigma)))
    let onset = exp(mu - 3 * sigma)
    let sampleCount = max(Int(duration * sampleRate), 2)
    // Smooth wander: two random sine modes along the stroke, each axis.
    let modes = (0..<4).map { _ in
      (
        amplitude: random.normal(deviation: wander * unit / 2),
        phase: random.uniform(0...(2 * .pi)),
        frequency: random.uniform(0.5...2.0)
      )
    }
    let tremorWavelength = 0.06 * unit
    let cumulative = SampleBuffer(xs: line.xs, ys: line.ys).cumulativeArcLength
    var controlPoints: [PKStrokePoint] = []
    let baseForce = random.uniform(0.35...0.65)
    for k in 0..<sampleCount {
      let t = duration * Double(k) / Double(sampleCount - 1)
      // Fraction of the distance covered: the lognormal CDF of the pulse.
      let z = (log(t + onset) - mu) / (sigma * 2.0.squareRoot())
      let covered = k == sampleCount - 1 ? 1 : min(max((1 + erf(z)) / 2, 0), 1)
      let s = covered * length
      var (x, y, dx, dy) = Self.point(on: line, cumulative: cumulative, at: s)
      let phase = s / max(length, 1e-9)
      x +=
        modes[0].amplitude * sin(2 * .pi * modes[0].frequency * phase + modes[0].phase)
        + modes[1].amplitude * sin(2 * .pi * modes[1].frequency * phase + modes[1].phase)
      y +=
        modes[2].amplitude * sin(2 * .pi * modes[2].frequency * phase + modes[2].phase)
        + modes[3].amplitude * sin(2 * .pi * modes[3].frequency * phase + modes[3].phase)
      if tremor > 0 {
        let wave = tremor * sin(2 * .pi * s / tremorWavelength)
        x += -dy * wave
        y += dx * wave
      }
      let envelope = min(1, min(phase, 1 - phase) * 8 + 0.3)
      controlPoints.append(
        PKStrokePoint(
          location: CGPoint(x: x, y: y), timeOffset: t, size: CGSize(width: 4, height: 4),
          opacity: 1, force: CGFloat(baseForce * envelope + random.normal(deviation: 0.01)),
          azimuth: 0.8, altitude: 1.1))
    }
    // Drop samples that did not move (the pulse's slow tails), keeping the ends.
    var kept = [controlPoints[0]]
    for point in controlPoints.dropFirst().dropLast()
    where hypot(point.location.x - kept.last!.location.x, point.location.y - kept.last!.location.y)
      > 0.002 * unit
    {
      kept.append(point)
    }
    kept.append(controlPoints[controlPoints.count - 1])
    let path = PKStrokePath(
      controlPoints: kept, creationDate: Date(timeIntervalSinceReferenceDate: start))
    return (PKStroke(ink: PKInk(.pen, color: .black), path: path), start + duration)
  }

  /// The point at arc length `s` along a polyline and the unit tangent there.
  static func point(on line: PathSegments, cumulative: [Double], at s: Double)
    -> (Double, Double, Double, Double)
  {
    guard line.count > 1 else { return (line.xs.first ?? 0, line.ys.first ?? 0, 1, 0) }
    var i = 1
    while i < line.count - 1, cumulative[i] < s { i += 1 }
    let span = cumulative[i] - cumulative[i - 1]
    let f = span > 0 ? min(max((s - cumulative[i - 1]) / span, 0), 1) : 0
    let dx = line.xs[i] - line.xs[i - 1]
    let dy = line.ys[i] - line.ys[i - 1]
    let norm = max(hypot(dx, dy), 1e-12)
    return (line.xs[i - 1] + f * dx, line.ys[i - 1] + f * dy, dx / norm, dy / norm)
  }

  /// The first `fraction` of a stroke's length.
  static func prefix(_ points: [CGPoint], fraction: Double) -> [CGPoint] {
    let line = PathSegments(points)
    let cumulative = SampleBuffer(xs: line.xs, ys: line.ys).cumulativeArcLength
    let target = fraction * line.length
    var result: [CGPoint] = []
    for (i, p) in points.enumerated() where cumulative[i] <= target { result.append(p) }
    let (x, y, _, _) = point(on: line, cumulative: cumulative, at: target)
    result.append(CGPoint(x: x, y: y))
    return result
  }

  /// The stroke run on past its end by `fraction` of its length, along its last direction.
  static func extended(_ points: [CGPoint], fraction: Double) -> [CGPoint] {
    guard points.count > 1 else { return points }
    let line = PathSegments(points)
    let extra = fraction * line.length
    let cumulative = SampleBuffer(xs: line.xs, ys: line.ys).cumulativeArcLength
    let back = point(on: line, cumulative: cumulative, at: max(line.length - 0.1 * line.length, 0))
    let last = points[points.count - 1]
    var dx = Double(last.x) - back.0
    var dy = Double(last.y) - back.1
    let norm = max(hypot(dx, dy), 1e-12)
    dx /= norm
    dy /= norm
    let steps = 10
    return points
      + (1...steps).map { k in
        CGPoint(
          x: Double(last.x) + dx * extra * Double(k) / Double(steps),
          y: Double(last.y) + dy * extra * Double(k) / Double(steps))
      }
  }

  /// The stroke with a straight lead-in from `length` away, perpendicular to its start.
  static func leadIn(_ points: [CGPoint], length: Double) -> [CGPoint] {
    guard points.count > 1 else { return points }
    let a = points[0]
    let b = points[min(3, points.count - 1)]
    let dx = Double(b.x - a.x)
    let dy = Double(b.y - a.y)
    let norm = max(hypot(dx, dy), 1e-12)
    let start = CGPoint(x: Double(a.x) - dy / norm * length, y: Double(a.y) + dx / norm * length)
    let steps = 10
    return (0..<steps).map { k in
      let f = Double(k) / Double(steps)
      return CGPoint(
        x: Double(start.x) + (Double(a.x) - Double(start.x)) * f,
        y: Double(start.y) + (Double(a.y) - Double(start.y)) * f)
    } + points
  }

  /// The stroke bent into an S: pushed sideways one way in its first half and the other way in
  /// its second, by `amount` of its length (at most of 0.6 box heights).
  static func bent(_ points: [CGPoint], amount: Double, unit: Double) -> [CGPoint] {
    let line = PathSegments(points)
    guard line.count > 1 else { return points }
    let dense = line.resampled(count: max(points.count, 40))
    let cumulative = SampleBuffer(xs: dense.xs, ys: dense.ys).cumulativeArcLength
    let total = max(cumulative.last ?? 1, 1e-9)
    let amplitude = amount * min(total, 0.6 * unit)
    return (0..<dense.count).map { i in
      let (_, _, tx, ty) = point(on: dense, cumulative: cumulative, at: cumulative[i])
      let bulge = amplitude * sin(2 * .pi * cumulative[i] / total)
      return CGPoint(x: dense.xs[i] - ty * bulge, y: dense.ys[i] + tx * bulge)
    }
  }

  /// A short straight stroke in the box, the farthest from the template's strokes of a few
  /// random candidates (so that it is ink the template does not have).
  mutating func randomStroke(in box: CGRect, awayFrom strokes: [TemplateStroke]) -> [CGPoint] {
    let template = strokes.map { PathSegments($0.points) }
    let length = 0.25 * Double(box.height)
    var best: [CGPoint] = []
    var bestDistance = -1.0
    for _ in 0..<48 {
      let x = random.uniform(Double(box.minX) + length / 2...Double(box.maxX) - length / 2)
      let y = random.uniform(Double(box.minY) + length / 2...Double(box.maxY) - length / 2)
      let angle = random.uniform(0...(2 * .pi))
      let candidate = (0..<20).map { k in
        let f = Double(k) / 19 - 0.5
        return CGPoint(x: x + cos(angle) * length * f, y: y + sin(angle) * length * f)
      }
      let nearest =
        candidate.map { template.distance(toX: Double($0.x), y: Double($0.y)) }.min() ?? 0
      if nearest > bestDistance {
        bestDistance = nearest
        best = candidate
      }
    }
    return best
  }
}
