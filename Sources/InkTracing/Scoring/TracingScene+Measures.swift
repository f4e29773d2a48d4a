import Foundation
import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

extension TracingScene {
  /// Each template–attempt pair's per-sample distances both ways (drawing units).
  typealias PairDistances = (templateToAttempt: [Double], attemptToTemplate: [Double])

  /// Measures one template stroke against the attempt strokes drawn for it and sets its codes
  /// (all but `wrong_order`, which needs the whole drawing) and its score before penalties;
  /// `distances` are the pair's, already found, when one attempt stroke was drawn for it.
  func measure(
    template i: Int, attempts js: [Int], level: TracingLevel, distances: PairDistances?
  ) -> StrokeAssessment {
    var assessment = StrokeAssessment(templateStroke: i, attemptStrokes: js)
    let line = templateLines[i]
    let pieces = js.map { attemptLines[$0] }
    let ink = pieces.joined
    let tolerance = level.tolerance
    let coverage = fractionNear(
      of: distances?.templateToAttempt ?? self.distances(line, to: pieces), tolerance: tolerance)
    let deviations = (distances?.attemptToTemplate ?? self.distances(ink, to: [line])).map {
      $0 / unit
    }
    let precision =
      deviations.isEmpty
      ? 0 : Double(deviations.filter { $0 <= tolerance }.count) / Double(deviations.count)
    let templateLength = line.length
    let inkLength = pieces.reduce(0) { $0 + $1.length }
    let isDot = templateLength < 0.03 * unit
    var codes: [TracingCode] = []

    // Direction: a closed stroke by its turning sense, an open one (and a closed one whose
    // loops turn both ways, an 8) by which way round the attempt lies nearer the template. Closed means its ends meet: a gap under a tenth of the
    // stroke's size (a spiral's ends are apart, so a spiral turned the other way is a shape
    // error, not a stroke drawn backwards). Both are judged on the ink along the stroke's line
    // (within the tolerance) when that is at least a quarter of it, so that ink drawn on to or
    // from another stroke (`joined`), a lead-in or a run-on does not turn the stroke round.
    var reversed = false
    let shapeSamples = TracingScorer.shapeSamples
    let modelShape = line.resampled(count: shapeSamples)
    let inkShape = ink.resampled(count: shapeSamples)
    let onLine = ink.xs.indices.filter { deviations[$0] <= tolerance }
    let along =
      onLine.count >= max(2, ink.count / 4)
      ? PathSegments(xs: onLine.map { ink.xs[$0] }, ys: onLine.map { ink.ys[$0] }) : ink
    if !isDot, ink.count > 1 {
      let gap = hypot(line.xs[0] - line.xs[line.count - 1], line.ys[0] - line.ys[line.count - 1])
      let size = hypot(
        (line.xs.max() ?? 0) - (line.xs.min() ?? 0), (line.ys.max() ?? 0) - (line.ys.min() ?? 0))
      // A closed stroke whose loops cancel out (an 8) has no turning sense to go by.
      if gap < 0.1 * size, abs(line.twiceSignedArea) > 0.25 * size * size {
        let model = line.twiceSignedArea
        let drawn = along.twiceSignedArea
        reversed = model * drawn < 0 && abs(drawn) > 0.1 * abs(model)
      } else {
        let alongShape = along.resampled(count: shapeSamples)
        let forward = Self.meanPairDistance(alongShape, modelShape)
        let backward = Self.meanPairDistance(alongShape.reversed, modelShape)
        reversed = backward < 0.6 * forward
      }
    }
    assessment.direction = isDot ? "none" : reversed ? "reversed" : "forward"
    if reversed { codes.append(.reversed) }

    let start = hypot(ink.xs[0] - line.xs[0], ink.ys[0] - line.ys[0]) / unit
    let end =
      hypot(
        ink.xs[ink.count - 1] - line.xs[line.count - 1],
        ink.ys[ink.count - 1] - line.ys[line.count - 1])
      / unit
    if !reversed {
      if start > level.endpointTolerance { codes.append(.badStart) }
      if end > level.endpointTolerance && !isDot { codes.append(.badEnd) }
    }

    var shapeSimilarity = 1.0
    if !isDot, ink.count > 1 {
      let frechet = Self.normalisedFrechet(reversed ? inkShape.reversed : inkShape, modelShape)
      assessment.frechet = TracingScorer.rounded(frechet)
      shapeSimilarity = max(0, 1 - frechet / (2 * level.shapeTolerance))
      // Ink off its line whose form differs by half the tolerance is a wrong shape too: one
      // bent side of a square changes the whole stroke's form by less than a bent line does.
      let offLine = precision < level.minimumPrecision
      if frechet > level.shapeTolerance || (offLine && frechet > 0.5 * level.shapeTolerance) {
        codes.append(.shape)
      }
    }
    let stroke = template.strokes[i]
    let shake = wobble(pieces)
    let isShaky = shake > level.wobbleTolerance
    if !isDot {
      // A dot of ink has no length; a stroke that ends well before the template's end, on
      // its line, stopped short whatever its length (a retraced stem is long, a missing
      // descender short) — unless what is left is the hook, which `hook_missing` names. A shaky
      // line is longer by its shaking: its length is taken along its smooth course.
      let length = isShaky ? smoothLength(pieces) : inkLength
      let ratio = ink.count > 1 ? length / templateLength : 0
      assessment.lengthRatio = TracingScorer.rounded(ratio)
      let (lastX, lastY) = (ink.xs[ink.count - 1], ink.ys[ink.count - 1])
      let reached = reversed ? 1 : line.fractionAlong(nearestToX: lastX, y: lastY)
      let leftOver = (1 - reached) * templateLength / unit
      let stopsShort =
        end > level.endpointTolerance && leftOver > level.endpointTolerance
        && line.distance(toX: lastX, y: lastY) / unit <= level.tolerance
        && ratio <= level.maximumLengthRatio && !(stroke.hasHook && reached >= Self.hookStart)
      if ratio < level.minimumLengthRatio || stopsShort { codes.append(.tooShort) }
      if ratio > level.maximumLengthRatio { codes.append(.tooLong) }
    }
    if precision < level.minimumPrecision { codes.append(.offPath) }
    assessment.shake = TracingScorer.rounded(shake)
    if isShaky { codes.append(.wobbly) }
    if js.count > 1 { codes.append(.split) }
    if outsideBox(ink, tolerance: tolerance) > 0.05 { codes.append(.outOfBounds) }
    if stroke.hasHook {
      let tailStart = Int(Double(line.count) * Self.hookStart)
      let tail = PathSegments(xs: Array(line.xs[tailStart...]), ys: Array(line.ys[tailStart...]))
      // A hook curls back near its own stroke, so its ink can be "near" without being drawn:
      // a tail only partly covered by an attempt that also stops short of the end is missing.
      let covered = fractionNear(tail, to: pieces, tolerance: tolerance)
      if covered < 0.5 || (covered < 0.85 && end > 0.5 * level.endpointTolerance) {
        codes.append(.hookMissing)
      }
    }
    for checkpoint in stroke.checkpoints
    where pieces.distance(toX: checkpoint.x, y: checkpoint.y) > checkpoint.radius {
      codes.append(.checkpointMissed)
    }

    assessment.coverage = TracingScorer.rounded(coverage)
    assessment.precision = TracingScorer.rounded(precision)
    assessment.meanDeviation = TracingScorer.rounded(
      deviations.reduce(0, +) / Double(max(deviations.count, 1)))
    assessment.maxDeviation = TracingScorer.rounded(deviations.max() ?? 0)
    assessment.startDistance = TracingScorer.rounded(start)
    assessment.endDistance = TracingScorer.rounded(end)
    assessment.codes = codes
    assessment.score = 100 * (0.45 * coverage + 0.35 * precision + 0.2 * shapeSimilarity)
    return assessment
  }

  /// Where a hook begins along its stroke: the last fifth is the hook.
  static let hookStart = 0.8

  /// The mean distance between corresponding samples of two equally long polylines.
  static func meanPairDistance(_ a: PathSegments, _ b: PathSegments) -> Double {
    let n = min(a.count, b.count)
    guard n > 0 else { return .infinity }
    var sum = 0.0
    for i in 0..<n { sum += hypot(a.xs[i] - b.xs[i], a.ys[i] - b.ys[i]) }
    return sum / Double(n)
  }

  /// Discrete Fréchet distance of two polylines after each is centred on its centroid and
  /// scaled to a root-mean-square radius of 1 (Hanzi Writer compares normalised shapes so).
  static func normalisedFrechet(_ a: PathSegments, _ b: PathSegments) -> Double {
    let normalization = Normalization(translation: .centroid, scale: .rms)
    guard
      let (na, _) = try? normalization.apply(to: SampleBuffer(xs: a.xs, ys: a.ys)),
      let (nb, _) = try? normalization.apply(to: SampleBuffer(xs: b.xs, ys: b.ys)),
      let distance = try? CurveSimilarity.discreteFrechetDistance(na, nb)
    else { return .infinity }
    return distance
  }

  /// The shake of the ink: the root-mean-square distance (box heights) between each piece and
  /// its Savitzky–Golay smoothing (cubic over 11 samples, about a tenth of the box height). A
  /// local cubic follows the curves of letters, even tight ones, so what is left is the
  /// back-and-forth of a tremor; pieces shorter than the window do not count.
  func wobble(_ pieces: [PathSegments]) -> Double {
    let filter = Self.shakeFilter
    var sum = 0.0
    var count = 0
    for piece in pieces where piece.count >= filter.windowLength {
      let sx = filter.apply(piece.xs)
      let sy = filter.apply(piece.ys)
      for k in 0..<piece.count {
        let dx = piece.xs[k] - sx[k]
        let dy = piece.ys[k] - sy[k]
        sum += dx * dx + dy * dy
      }
      count += piece.count
    }
    return count > 0 ? (sum / Double(count)).squareRoot() / unit : 0
  }

  /// The length of the pieces along their smooth course: each piece's Savitzky–Golay smoothing
  /// (``shakeFilter``), pieces shorter than its window as they are.
  func smoothLength(_ pieces: [PathSegments]) -> Double {
    let filter = Self.shakeFilter
    return pieces.reduce(0) { total, piece in
      guard piece.count >= filter.windowLength else { return total + piece.length }
      return total + PathSegments(xs: filter.apply(piece.xs), ys: filter.apply(piece.ys)).length
    }
  }

  /// The shake filter with its weights solved once.
  static let shakeFilter = SavitzkyGolayFilter.Prepared(
    SavitzkyGolayFilter(windowLength: 11, polynomialOrder: 3))

  /// The fraction of ink samples outside the template box widened by the tolerance.
  func outsideBox(_ ink: PathSegments, tolerance: Double) -> Double {
    guard !ink.isEmpty else { return 0 }
    let box = template.box.insetBy(dx: -tolerance * unit, dy: -tolerance * unit)
    let outside = (0..<ink.count).filter {
      !box.contains(CGPoint(x: ink.xs[$0], y: ink.ys[$0]))
    }.count
    return Double(outside) / Double(ink.count)
  }
}
