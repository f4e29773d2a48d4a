import Foundation
import InkSampling
import Testing

@testable import InkShapes

/// The hand-set rows of the confidence: a polyline drawn as one against the strokes of writing,
/// and the arcs' steep row.
@Suite struct ShapeConfidenceTests {
  @Test func aPolylineIsDrawnAsOneWithFewEvenRunsTurningOneWay() {
    #expect(ShapeClassifier.isDrawnPolyline([[0, 0], [100, 0], [150, 87], [100, 174]]))
    #expect(ShapeClassifier.isDrawnPolyline([[0, 0], [100, 0], [100, 100], [0, 100]]))
    // A rectangle left a side short turns by 270°: an unfinished outline.
    #expect(
      !ShapeClassifier.isDrawnPolyline([[0, 0], [100, 0], [100, 100], [0, 100], [0, 40]]))
    // Turns both ways, a turn too sharp or too slight, a short run, two or five runs.
    #expect(!ShapeClassifier.isDrawnPolyline([[0, 0], [100, 0], [150, 87], [250, 87]]))
    #expect(!ShapeClassifier.isDrawnPolyline([[0, 0], [100, 0], [0, 10], [100, 20]]))
    #expect(!ShapeClassifier.isDrawnPolyline([[0, 0], [100, 0], [200, 10], [300, 30]]))
    #expect(!ShapeClassifier.isDrawnPolyline([[0, 0], [100, 0], [110, 20], [60, 100]]))
    #expect(!ShapeClassifier.isDrawnPolyline([[0, 0], [100, 0], [100, 100]]))
    #expect(
      !ShapeClassifier.isDrawnPolyline([
        [0, 0], [100, 0], [150, 87], [100, 174], [0, 174], [-50, 87],
      ]))
    #expect(!ShapeClassifier.isDrawnPolyline(nil))
    #expect(!ShapeClassifier.isDrawnPolyline([[0, 0], [0, 0], [0, 0], [0, 0]]))
  }

  /// A candidate of `kind` through `vertices` with the given fit and corner evidence.
  func candidate(
    _ kind: ShapeKind, vertices: [[Double]], mean: Double, evidence: Double? = nil
  ) -> ShapeCandidate {
    var reading = ShapeCandidate(
      DetectedShape(kind: kind, confidence: 0, strokes: [], vertices: vertices),
      outlineXs: vertices.map { $0[0] }, outlineYs: vertices.map { $0[1] }, closed: false,
      complexity: Double(vertices.count - 1))
    reading.fit = ShapeFit(meanDeviation: mean, maximumDeviation: 3 * mean, coverage: 1)
    reading.cornerEvidence = evidence
    return reading
  }

  @Test func aFewPenSamplesAreNoPolylineDrawnAsOne() throws {
    let corners: [(Double, Double)] = [(0, 0), (100, 0), (150, 87), (100, 174)]
    // The corners alone (a dot or a bar in whole units: every sample a vertex) …
    let few = try #require(
      InkPath(strokes: [try SampleBuffer(xs: corners.map(\.0), ys: corners.map(\.1))]))
    #expect(!ShapeClassifier(path: few).isDrawnPolyline(corners))
    // … and the same runs drawn through a point every unit.
    var (xs, ys): ([Double], [Double]) = ([], [])
    for k in 0..<3 {
      let (a, b) = (corners[k], corners[k + 1])
      for step in 0..<100 {
        let f = Double(step) / 100
        xs.append(a.0 + f * (b.0 - a.0))
        ys.append(a.1 + f * (b.1 - a.1))
      }
    }
    let drawn = try #require(InkPath(strokes: [try SampleBuffer(xs: xs, ys: ys)]))
    #expect(ShapeClassifier(path: drawn).isDrawnPolyline(corners))
  }

  @Test func onlyAPolylineDrawnAsOneCanBeSure() {
    var drawn = candidate(
      .polyline, vertices: [[0, 0], [100, 0], [150, 87], [100, 174]], mean: 0.002, evidence: 0.98)
    drawn.isDrawnPolyline = true
    #expect(ShapeConfidence.family(of: drawn) == ShapeConfidence.families - 1)
    #expect(ShapeConfidence.of(drawn) > 0.5)
    // Writing's polyline of eight runs that fits exactly stays near 0 (the learned row).
    let writing = candidate(
      .polyline, vertices: (0...8).map { [Double($0) * 10, $0 % 2 == 0 ? 0 : 3] }, mean: 0,
      evidence: 1)
    #expect(ShapeConfidence.family(of: writing) == ShapeConfidence.family(.polyline))
    #expect(ShapeConfidence.of(writing) < 0.05)
  }

  @Test func anArcNeedsACloseFit() {
    let ends: [[Double]] = [[0, 0], [100, 0]]
    #expect(ShapeConfidence.of(candidate(.arc, vertices: ends, mean: 0.003)) > 0.9)
    #expect(abs(ShapeConfidence.of(candidate(.arc, vertices: ends, mean: 0.006)) - 0.5) < 0.01)
    #expect(ShapeConfidence.of(candidate(.arc, vertices: ends, mean: 0.01)) < 0.01)
  }

  /// A circle reading of radius 100 with the given mean and maximum deviation.
  func circle(mean: Double, maximum: Double) -> ShapeCandidate {
    let outline = (0..<64).map { 2 * Double.pi * Double($0) / 64 }
    var reading = ShapeCandidate(
      DetectedShape(
        kind: .circle, confidence: 0, strokes: [], center: [0, 0], radii: [100, 100]),
      outlineXs: outline.map { 100 * cos($0) }, outlineYs: outline.map { 100 * sin($0) },
      closed: true, complexity: 2)
    reading.fit = ShapeFit(meanDeviation: mean, maximumDeviation: maximum, coverage: 1)
    reading.cornerEvidence = 0
    return reading
  }

  @Test func aRoundReadingStrayingFarAtOnePlaceHasNoConfidence() {
    let bound = ShapeConfidence.roundMaximumDeviation
    // A loop drawn round: as sure whether it strays 0.1 or just within the bound at one place
    // as when it strays nowhere (the maximum deviation is no feature of the map).
    let round = ShapeConfidence.of(circle(mean: 0.03, maximum: 0))
    #expect(round > 0)
    #expect(ShapeConfidence.of(circle(mean: 0.03, maximum: 0.1)) == round)
    #expect(ShapeConfidence.of(circle(mean: 0.03, maximum: bound)) == round)
    // The same loop with a letter's stem or tail, beyond the bound: no confidence, no logit,
    // so that it is never chosen nor a rival that prunes another reading.
    let letter = circle(mean: 0.03, maximum: 1.05 * bound)
    #expect(ShapeConfidence.of(letter) == 0)
    #expect(ShapeConfidence.logit(of: letter) == nil)
    #expect(ShapeConfidence.surestLogit(of: [letter]) == nil)
    // Other families do not read the maximum deviation.
    let line = candidate(.line, vertices: [[0, 0], [100, 0]], mean: 0.001)
    var strayed = line
    strayed.fit.maximumDeviation = 0.5
    #expect(ShapeConfidence.of(strayed) == ShapeConfidence.of(line))
  }

  @Test func anEllipseIsChargedLittleMoreThanACircle() throws {
    // A loop drawn slightly oval fits its ellipse as closely as a hand-drawn circle fits its
    // circle: 2.5% of the size on average, all of the outline covered, no corner evidence. The
    // ellipse's one more parameter costs it under 3 logits against the circle (4 before the
    // round row was eased for the Drawn Shapes' ovals), and it is more likely right than not.
    let round = circle(mean: 0.025, maximum: 0.06)
    var oval = round
    (oval.shape.kind, oval.complexity) = (.ellipse, 3)
    let charge =
      try #require(ShapeConfidence.logit(of: round)) - #require(ShapeConfidence.logit(of: oval))
    #expect(charge > 2.5 && charge < 3)
    #expect(ShapeConfidence.of(oval) > 0.5)
    // A letter's bowl left open by 15% of its outline stays under the minimum confidence.
    var bowl = oval
    bowl.fit.coverage = 0.85
    #expect(ShapeConfidence.of(bowl) < ShapeRecognizer().minimumConfidence)
  }

  @Test func roundReadingsCornerEvidenceLowersTheirConfidence() {
    // The pruning of polygons against a loop's round reading is exact only while more corner
    // evidence makes the round reading less sure (``ShapeClassifier/loopPolygonCandidates``):
    // a refit of the round row must keep its evidence weight at or under 0.
    let row = ShapeConfidence.family(.circle) * ShapeConfidence.familyWidth
    #expect(ShapeConfidence.weights[row + 4] <= 0)
    var sure = circle(mean: 0.03, maximum: 0.1)
    var doubtful = sure
    (sure.cornerEvidence, doubtful.cornerEvidence) = (0.2, 0.6)
    #expect(ShapeConfidence.of(doubtful) < ShapeConfidence.of(sure))
  }
}
