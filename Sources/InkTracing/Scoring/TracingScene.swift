import Foundation
import InkDistances
import InkMath
import InkRecognition
import InkSampling
import OpenPencilKit

/// An attempt placed in a template's box, both resampled, ready for measurement.
struct TracingScene {
  let template: TracingTemplate
  /// The template box's height: the unit of every distance.
  let unit: Double
  /// The attempt's strokes as sampled (drawing coordinates, with time and force).
  let rawAttempt: [SampleBuffer]
  /// `box = attempt × scale + offset`.
  let scale: Double
  let offsetX: Double
  let offsetY: Double
  /// Template strokes, resampled every `spacing`, in box coordinates.
  let templateLines: [PathSegments]
  /// Attempt strokes placed into the box, resampled every `spacing`.
  let attemptLines: [PathSegments]

  init(attempt: PKDrawing, template: TracingTemplate, placement: TracingPlacement)
    throws(TracingError)
  {
    try self.init(
      samples: Self.samples(of: attempt), template: template, placement: placement,
      fittedOn: nil)
  }

  /// The attempt's strokes as sampled, each checked to be finite.
  static func samples(of attempt: PKDrawing) throws(TracingError) -> [SampleBuffer] {
    let samples = StrokeSampler(mode: .spline(.parametricStep(0.2))).samples(of: attempt)
    for (s, stroke) in samples.enumerated() {
      if let bad = stroke.xs.indices.first(where: {
        !stroke.xs[$0].isFinite || !stroke.ys[$0].isFinite
      }) {
        throw .nonFiniteAttempt(stroke: s, point: bad)
      }
    }
    return samples
  }

  /// A scene of sampled attempt strokes; a `fit` placement fits the strokes of `fittedOn` (all
  /// when `nil`) to the template, so that a stray mark can be left out of the fit.
  init(
    samples: [SampleBuffer], template: TracingTemplate, placement: TracingPlacement,
    fittedOn: Set<Int>?
  ) throws(TracingError) {
    guard !template.strokes.isEmpty else { throw .invalidTemplate("it has no stroke") }
    let points = template.strokes.flatMap(\.points)
    let templateBounds = Self.bounds(
      xs: points.map { Double($0.x) }, ys: points.map { Double($0.y) })
    var unit = Double(template.box.height)
    if !(unit > 0) { unit = max(templateBounds.width, templateBounds.height) }
    guard unit > 0, unit.isFinite else {
      throw .invalidTemplate("its box and strokes have no size")
    }
    self.template = template
    self.unit = unit
    rawAttempt = samples
    switch placement {
    case .box:
      (scale, offsetX, offsetY) = (1, 0, 0)
    case .canvas(let rect):
      guard rect.height > 0, rect.height.isFinite else { throw .invalidPlacement }
      let s = Double(template.box.height / rect.height)
      (scale, offsetX, offsetY) = (
        s, Double(template.box.minX) - Double(rect.minX) * s,
        Double(template.box.minY) - Double(rect.minY) * s
      )
    case .fit:
      (scale, offsetX, offsetY) = Self.fit(samples, fittedOn: fittedOn, to: template)
    }
    let spacing = TracingScorer.spacing * unit
    templateLines = TemplateLineCache.shared.lines(of: template.strokes, spacing: spacing)
    let (s, ox, oy) = (scale, offsetX, offsetY)
    attemptLines = rawAttempt.map {
      PathSegments(xs: $0.xs.map { $0 * s + ox }, ys: $0.ys.map { $0 * s + oy }).resampled(
        spacing: spacing)
    }
  }

  /// The `fit` placement of the strokes of `fittedOn` (all when `nil`): `box = attempt × scale
  /// + offset` matching their bounding box's centre and diagonal to the template strokes'.
  static func fit(_ samples: [SampleBuffer], fittedOn: Set<Int>?, to template: TracingTemplate)
    -> (scale: Double, offsetX: Double, offsetY: Double)
  {
    let points = template.strokes.flatMap(\.points)
    let templateBounds = bounds(xs: points.map { Double($0.x) }, ys: points.map { Double($0.y) })
    let fitted = samples.indices.filter { fittedOn?.contains($0) ?? true }.map { samples[$0] }
    let attemptBounds = bounds(xs: fitted.flatMap(\.xs), ys: fitted.flatMap(\.ys))
    let attemptDiagonal = hypot(attemptBounds.width, attemptBounds.height)
    let templateDiagonal = hypot(templateBounds.width, templateBounds.height)
    let s = attemptDiagonal > 0 && templateDiagonal > 0 ? templateDiagonal / attemptDiagonal : 1
    return (
      s, templateBounds.midX - attemptBounds.midX * s, templateBounds.midY - attemptBounds.midY * s
    )
  }

  /// A quick measure of how well a placement lays the strokes of `kept` on the template: the
  /// mean of two mean distances (box heights), of about 30 samples an attempt stroke from the
  /// nearest template stroke and of about 30 samples a template stroke from the nearest kept
  /// ink. Both ways, so that a letter shrunk by a mark in its fit (its ink still lying along
  /// the template's lines, but covering only part of them) is seen to lie worse.
  static func roughDistance(
    _ samples: [SampleBuffer], kept: [Int],
    placement: (scale: Double, offsetX: Double, offsetY: Double),
    template: TracingTemplate
  ) -> Double {
    let unit = template.box.height > 0 ? Double(template.box.height) : 1
    let lines = TemplateLineCache.shared.lines(of: template.strokes, spacing: 0.02 * unit)
    let ink = kept.filter { !samples[$0].isEmpty }.map { j in
      PathSegments(
        xs: samples[j].xs.map { $0 * placement.scale + placement.offsetX },
        ys: samples[j].ys.map { $0 * placement.scale + placement.offsetY })
    }
    guard !ink.isEmpty else { return .infinity }
    // The mean distance of about 30 samples a path of `from` to the nearest path of `to`.
    func meanDistance(_ from: [PathSegments], to: [PathSegments]) -> Double {
      var sum = 0.0
      var count = 0
      for path in from where !path.isEmpty {
        for k in stride(from: 0, to: path.count, by: max(path.count / 30, 1)) {
          sum += to.distance(toX: path.xs[k], y: path.ys[k])
          count += 1
        }
      }
      return count > 0 ? sum / Double(count) : 0
    }
    return (meanDistance(ink, to: lines) + meanDistance(lines, to: ink)) / 2 / unit
  }

  /// The strokes that may be stray marks, for a `fit` placement to try leaving out: those
  /// whose removal shrinks the diagonal of the attempt's bounding box by more than 15%, the
  /// three that shrink it most. A mark beside a letter stretches the box; a stroke of the
  /// letter itself seldom does so alone.
  static func strayCandidates(_ samples: [SampleBuffer]) -> [Int] {
    let drawn = samples.indices.filter { !samples[$0].isEmpty }
    guard drawn.count >= 2 else { return [] }
    func diagonal(without left: Int?) -> Double {
      let kept = drawn.filter { $0 != left }.map { samples[$0] }
      let b = bounds(xs: kept.flatMap(\.xs), ys: kept.flatMap(\.ys))
      return hypot(b.width, b.height)
    }
    let all = diagonal(without: nil)
    guard all > 0 else { return [] }
    let shrinks = drawn.map { ($0, 1 - diagonal(without: $0) / all) }
    return shrinks.filter { $0.1 > 0.15 }.sorted { $0.1 > $1.1 }.prefix(3).map(\.0)
  }

  static func bounds(xs: [Double], ys: [Double]) -> (
    midX: Double, midY: Double, width: Double, height: Double
  ) {
    guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else {
      return (0, 0, 0, 0)
    }
    return ((x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0)
  }

  /// Each template stroke's share of the score: half equal, half by length.
  var templateWeights: [Double] {
    let lengths = templateLines.map(\.length)
    let total = lengths.reduce(0, +)
    let n = Double(lengths.count)
    return lengths.map { 0.5 / n + (total > 0 ? 0.5 * $0 / total : 0.5 / n) }
  }

  /// The distance of each of `from`'s samples to the nearest of `to` (drawing units).
  func distances(_ from: PathSegments, to: [PathSegments]) -> [Double] {
    guard var nearest = to.first?.distances(of: from) else {
      return [Double](repeating: .infinity, count: from.count)
    }
    for path in to.dropFirst() {
      for (k, d) in path.distances(of: from).enumerated() where d < nearest[k] { nearest[k] = d }
    }
    return nearest
  }

  /// The mean of distances of samples (box heights); infinite for no sample.
  func meanDistance(of distances: [Double]) -> Double {
    guard !distances.isEmpty else { return .infinity }
    return distances.reduce(0, +) / Double(distances.count) / unit
  }

  /// Fraction of `from`'s samples within `tolerance` box heights of `to`.
  func fractionNear(_ from: PathSegments, to: [PathSegments], tolerance: Double) -> Double {
    fractionNear(of: distances(from, to: to), tolerance: tolerance)
  }

  /// Fraction of distances of samples within `tolerance` box heights; 0 for no sample.
  func fractionNear(of distances: [Double], tolerance: Double) -> Double {
    guard !distances.isEmpty else { return 0 }
    let limit = tolerance * unit
    return Double(distances.filter { $0 <= limit }.count) / Double(distances.count)
  }

  /// Pairs template strokes with attempt strokes, gathers split and joined strokes, measures.
  func assess(level: TracingLevel) -> [StrokeAssessment] {
    let n = templateLines.count
    let m = attemptLines.count
    var attemptsOf = [[Int]](repeating: [], count: n)
    var extras: [Int] = []
    // Each template–attempt pair's distances both ways, for the pairing and again for the
    // measures of a stroke drawn in one piece.
    var pairDistances = [PairDistances](repeating: ([], []), count: n * m)
    if m > 0 {
      // Square (n + m) problem: leaving a template stroke or an attempt stroke unpaired costs
      // half the pairing limit, so pairs above the limit are not worth making.
      let size = n + m
      var costs = [Double](repeating: 0, count: size * size)
      let dummy = TracingScorer.pairingLimit / 2
      for i in 0..<n {
        for j in 0..<m {
          pairDistances[i * m + j] = (
            distances(templateLines[i], to: [attemptLines[j]]),
            distances(attemptLines[j], to: [templateLines[i]])
          )
        }
      }
      for i in 0..<size {
        for j in 0..<size {
          let value: Double
          if i < n && j < m {
            let pair = pairDistances[i * m + j]
            value =
              0.5
              * (meanDistance(of: pair.templateToAttempt) + meanDistance(of: pair.attemptToTemplate))
          } else if i < n || j < m {
            value = dummy
          } else {
            value = 0
          }
          costs[i * size + j] = value.isFinite ? value : 1e6
        }
      }
      let pairs = (try? LinearSumAssignment.solve(rows: size, columns: size, costs: costs)) ?? []
      var paired = Set<Int>()
      for pair in pairs where pair.row < n && pair.column < m {
        attemptsOf[pair.row] = [pair.column]
        paired.insert(pair.column)
      }
      // An unpaired attempt stroke lying along a template stroke is a piece of it (the pen was
      // lifted on the way); pieces too far from the whole stroke to pair on their own count too.
      // Where template strokes overlap (a stem retracing a bowl, a bar crossing a diagonal), the
      // piece belongs to the stroke whose ink it adds to rather than repeats.
      for j in 0..<m where !paired.contains(j) {
        let piece = attemptLines[j]
        let along = (0..<n).map {
          fractionNear(piece, to: [templateLines[$0]], tolerance: level.tolerance)
        }
        let repeated = (0..<n).map { i in
          attemptsOf[i].isEmpty
            ? 0
            : fractionNear(
              piece, to: attemptsOf[i].map { attemptLines[$0] }, tolerance: level.tolerance)
        }
        let best = (0..<n).filter { along[$0] >= 0.8 }.max {
          along[$0] - repeated[$0] < along[$1] - repeated[$1]
        }
        if let best {
          attemptsOf[best] = (attemptsOf[best] + [j]).sorted()
        } else {
          extras.append(j)
        }
      }
    }
    var assessments: [StrokeAssessment] = []
    for i in 0..<n {
      if attemptsOf[i].isEmpty {
        assessments.append(joinedOrMissing(i, attemptsOf: attemptsOf, level: level))
      } else {
        let js = attemptsOf[i]
        assessments.append(
          measure(
            template: i, attempts: js, level: level,
            distances: js.count == 1 ? pairDistances[i * m + js[0]] : nil))
      }
    }
    for j in extras {
      var extra = StrokeAssessment(templateStroke: nil, attemptStrokes: [j])
      extra.codes = [.extra]
      if outsideBox(attemptLines[j], tolerance: level.tolerance) > 0.05 {
        extra.codes.append(.outOfBounds)
      }
      extra.lengthRatio = TracingScorer.rounded(attemptLines[j].length / unit)
      assessments.append(extra)
    }
    return assessments
  }

  /// A template stroke no attempt stroke was paired with: drawn together with another stroke
  /// when some attempt ink covers it, otherwise missing.
  func joinedOrMissing(_ i: Int, attemptsOf: [[Int]], level: TracingLevel) -> StrokeAssessment {
    var assessment = StrokeAssessment(templateStroke: i, attemptStrokes: [])
    let used = attemptsOf.flatMap { $0 }
    let coverages = used.map {
      ($0, fractionNear(templateLines[i], to: [attemptLines[$0]], tolerance: level.tolerance))
    }
    // Joined: the ink covers this stroke, and either the ink that only this stroke explains (not
    // the stroke it was paired with) is at least 30% of this stroke's length, or the ink is
    // longer than the stroke it was paired with by half this stroke (at least 0.05 box heights)
    // — so a neighbour that merely crosses or retraces this stroke does not count, while a stroke
    // drawn on from another, even along it (a stem retracing a bowl), does.
    let joined = coverages.filter { j, coverage in
      guard coverage >= 0.7, let k = attemptsOf.firstIndex(where: { $0.contains(j) }) else {
        return false
      }
      let own = fractionNear(attemptLines[j], to: [templateLines[k]], tolerance: level.tolerance)
      let both = fractionNear(
        attemptLines[j], to: [templateLines[k], templateLines[i]], tolerance: level.tolerance)
      let inkLength = attemptLines[j].length
      let excess = inkLength - templateLines[k].length
      return (both - own) * inkLength >= 0.3 * templateLines[i].length
        || excess >= max(0.5 * templateLines[i].length, 0.05 * unit)
    }
    if let (j, coverage) = joined.max(by: { $0.1 < $1.1 }) {
      assessment.attemptStrokes = [j]
      assessment.coverage = TracingScorer.rounded(coverage)
      assessment.codes = [.joined]
      assessment.score = 100 * coverage
    } else {
      assessment.codes = [.missing]
    }
    return assessment
  }

  /// The template strokes drawn out of turn: those outside a longest run drawn in order.
  func outOfOrderStrokes(_ assessments: [StrokeAssessment]) -> Set<Int> {
    let drawn = assessments.compactMap { a -> (Int, Int)? in
      guard let t = a.templateStroke, let first = a.attemptStrokes.first, !a.codes.contains(.joined)
      else { return nil }
      return (t, first)
    }.sorted { $0.0 < $1.0 }
    // Longest strictly increasing subsequence of attempt indices, O(k²) for a handful of strokes.
    var best = [Int](repeating: 1, count: drawn.count)
    var previous = [Int](repeating: -1, count: drawn.count)
    for i in drawn.indices {
      for j in 0..<i where drawn[j].1 < drawn[i].1 && best[j] + 1 > best[i] {
        best[i] = best[j] + 1
        previous[i] = j
      }
    }
    var keep = Set<Int>()
    var index = best.indices.max { best[$0] < best[$1] || (best[$0] == best[$1] && $0 > $1) }
    while let i = index, i >= 0 {
      keep.insert(drawn[i].0)
      index = previous[i] >= 0 ? previous[i] : nil
    }
    return Set(drawn.map(\.0)).subtracting(keep)
  }
}
