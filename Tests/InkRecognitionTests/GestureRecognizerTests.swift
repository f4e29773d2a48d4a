import DuctusTestSupport
import Foundation
import InkSampling
import Testing

@testable import InkRecognition

/// Gestures made here: polylines through corners, densely sampled, optionally turned, scaled,
/// moved and jittered (seeded), so that each property is tested on known ink.
private enum SyntheticGestures {
  /// Corners of each gesture in a unit box (y down), one array a stroke.
  static let shapes: [String: [[(Double, Double)]]] = [
    "triangle": [[(0.5, 0), (1, 1), (0, 1), (0.5, 0)]],
    "check": [[(0, 0.6), (0.35, 1), (1, 0)]],
    "zigzag": [[(0, 0), (0.33, 1), (0.66, 0), (1, 1)]],
    "caret": [[(0, 1), (0.5, 0), (1, 1)]],
    "rectangle": [[(0, 0), (0, 0.7), (1, 0.7), (1, 0), (0, 0)]],
    "x": [[(0, 0), (1, 1)], [(1, 0), (0, 1)]],
    "plus": [[(0.5, 0), (0.5, 1)], [(0, 0.5), (1, 0.5)]],
  ]

  /// A circle of radius 0.5 about (0.5, 0.5), counter-clockwise on screen from the right.
  static let circle: [[(Double, Double)]] = [
    (0...40).map { step in
      let angle = -2 * Double.pi * Double(step) / 40
      return (0.5 + 0.5 * cos(angle), 0.5 + 0.5 * sin(angle))
    }
  ]

  static func corners(_ label: String) -> [[(Double, Double)]] {
    label == "circle" ? circle : shapes[label]!
  }

  /// The gesture's strokes, each segment sampled every 1/40 of the unit, turned by `angle`,
  /// scaled by `scale`, moved by `offset`, each point jittered by up to `jitter` units (seeded).
  static func strokes(
    _ label: String, angle: Double = 0, scale: Double = 100, offset: Double = 50,
    jitter: Double = 0, seed: UInt64 = 1
  ) -> [SampleBuffer] {
    var state = seed
    func noise() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53) * 2 - 1
    }
    return corners(label).map { stroke in
      var xs: [Double] = []
      var ys: [Double] = []
      for (a, b) in zip(stroke, stroke.dropFirst()) {
        let steps = max(1, Int((hypot(b.0 - a.0, b.1 - a.1) * 40).rounded(.up)))
        for step in 0..<steps {
          let t = Double(step) / Double(steps)
          let (x, y) = (a.0 + t * (b.0 - a.0) - 0.5, a.1 + t * (b.1 - a.1) - 0.5)
          xs.append(offset + scale * (x * cos(angle) - y * sin(angle)) + jitter * noise())
          ys.append(offset + scale * (x * sin(angle) + y * cos(angle)) + jitter * noise())
        }
      }
      let last = stroke[stroke.count - 1]
      let (x, y) = (last.0 - 0.5, last.1 - 0.5)
      xs.append(offset + scale * (x * cos(angle) - y * sin(angle)))
      ys.append(offset + scale * (x * sin(angle) + y * cos(angle)))
      return SampleBuffer(xs: xs, ys: ys)
    }
  }

  static let labels = ["triangle", "check", "zigzag", "caret", "rectangle", "circle", "x", "plus"]
  static let unistrokeLabels = ["triangle", "check", "zigzag", "caret", "rectangle", "circle"]

  static func templates(_ labels: [String]) -> [GestureTemplate] {
    labels.map { GestureTemplate(label: $0, strokes: strokes($0)) }
  }
}

/// The $1 logs' points read from `../shared` (the reference script reads the same files).
private func dollarLog(_ path: String) throws -> [SampleBuffer] {
  let url = SharedData.url("datasets/dollar-unistroke/\(path)")
  let text = try String(contentsOf: url, encoding: .utf8)
  let pattern = try NSRegularExpression(pattern: "<Point X=\"([-0-9.]+)\" Y=\"([-0-9.]+)\"")
  var xs: [Double] = []
  var ys: [Double] = []
  for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
    xs.append(Double(text[Range(match.range(at: 1), in: text)!])!)
    ys.append(Double(text[Range(match.range(at: 2), in: text)!])!)
  }
  return [SampleBuffer(xs: xs, ys: ys)]
}

/// The scores written by Scripts/reference/gestures.py.
private struct DollarLogsFixture: Decodable {
  struct Case: Decodable {
    var candidate: String
    var dollar1: [Double]
    var dollarP: [Double]
  }
  var templates: [String]
  var labels: [String]
  var cases: [Case]
}

@Suite("The $-family gesture recognizers")
struct GestureRecognizerTests {
  static let kinds = GestureRecognizerKind.allCases

  @Test(
    "$1 and $P scores equal the reference code's on the $1 logs",
    .enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.skipMessage)))
  func referenceScores() throws {
    let fixture = try Fixture.decode(DollarLogsFixture.self, from: "gestures/dollar-logs.json")
    let templates = try zip(fixture.labels, fixture.templates).map {
      GestureTemplate(label: $0, strokes: try dollarLog($1))
    }
    let one = try DollarOneRecognizer(templates: templates)
    let p = try DollarPRecognizer(templates: templates, minimumScore: -.infinity)
    #expect(fixture.cases.count == 10)
    for entry in fixture.cases {
      let strokes = try dollarLog(entry.candidate)
      // One template a label, so the ranking holds every template's score.
      for (recognition, expected) in [
        (try one.recognize(strokes), entry.dollar1), (try p.recognize(strokes), entry.dollarP),
      ] {
        let scores = Dictionary(
          uniqueKeysWithValues: recognition.ranking.map { ($0.label, $0.score) })
        for (label, value) in zip(fixture.labels, expected) {
          #expect(abs(scores[label]! - value) < 1e-9, "\(entry.candidate) against \(label)")
        }
      }
      let best = fixture.labels[
        entry.dollarP.indices.max { entry.dollarP[$0] < entry.dollarP[$1] }!]
      #expect(try p.recognize(strokes).label == best)
    }
  }

  @Test("each recognizer names turned, scaled, moved and jittered gestures", arguments: kinds)
  func recognisesTransformedGestures(kind: GestureRecognizerKind) throws {
    // $1 and Protractor are unistroke recognizers: their templates are the unistroke shapes.
    let labels =
      [.dollar1, .protractor].contains(kind)
      ? SyntheticGestures.unistrokeLabels : SyntheticGestures.labels
    let recognizer = try kind.recognizer(
      templates: SyntheticGestures.templates(labels), minimumScore: -.infinity)
    for (index, label) in labels.enumerated() {
      let strokes = SyntheticGestures.strokes(
        label, angle: 0.2 * Double(index % 3 - 1), scale: 40 + 30 * Double(index),
        offset: 300, jitter: 0.02 * (40 + 30 * Double(index)), seed: UInt64(index + 1))
      let answer = try recognizer.recognize(strokes)
      #expect(answer.label == label, "\(kind) took \(label) for \(answer.label)")
      // $N leaves out the templates whose start angle is too far from the candidate's.
      #expect(
        kind == .dollarN
          ? (1...labels.count).contains(answer.ranking.count) : answer.ranking.count == labels.count
      )
      #expect(answer.ranking.map(\.score) == answer.ranking.map(\.score).sorted(by: >))
      #expect(answer.ranking[0].score == answer.score)
    }
  }

  @Test("a template drawn again scores its best", arguments: kinds)
  func sameGestureScoresBest(kind: GestureRecognizerKind) throws {
    let recognizer = try kind.recognizer(templates: SyntheticGestures.templates(["check", "x"]))
    let answer = try recognizer.recognize(SyntheticGestures.strokes("check"))
    #expect(answer.label == "check")
    switch kind {
    case .dollar1, .dollarN:
      // The golden-section search stops within 2° of the drawn angle, not at it.
      #expect(answer.score > 0.99 && answer.score <= 1)
    case .protractor: #expect(answer.score > 1e6)
    case .dollarP, .dollarQ: #expect(answer.score == 1)
    }
  }

  @Test(
    "point clouds and $N ignore stroke order and direction",
    arguments: [
      GestureRecognizerKind.dollarN, .dollarP, .dollarQ,
    ])
  func strokeOrderAndDirection(kind: GestureRecognizerKind) throws {
    let recognizer = try kind.recognizer(
      templates: SyntheticGestures.templates(SyntheticGestures.labels), minimumScore: -.infinity)
    let x = SyntheticGestures.strokes("x")
    let redrawn = [
      SampleBuffer(xs: x[1].xs.reversed(), ys: x[1].ys.reversed()),
      SampleBuffer(xs: x[0].xs.reversed(), ys: x[0].ys.reversed()),
    ]
    #expect(try recognizer.recognize(redrawn).label == "x")
  }

  @Test func protractorTellsOrientationsApartOnlyWhenAsked() throws {
    let right = SyntheticGestures.strokes("caret", angle: .pi / 2)
    let templates = [
      GestureTemplate(label: "up", strokes: SyntheticGestures.strokes("caret")),
      GestureTemplate(label: "right", strokes: right),
    ]
    let sensitive = try ProtractorRecognizer(templates: templates, orientationSensitive: true)
    let candidate = SyntheticGestures.strokes("caret", jitter: 1, seed: 9)
    #expect(try sensitive.recognize(candidate).label == "up")
    let insensitive = try ProtractorRecognizer(templates: templates)
    let scores = try insensitive.recognize(candidate).ranking.map(\.score)
    // Without orientation, both templates are the same gesture turned: nearly equal scores.
    #expect(abs(scores[0] - scores[1]) / scores[0] < 0.05)
  }

  @Test func dollarNBoundedRotationTellsAVFromAReversedCaret() throws {
    let templates =
      SyntheticGestures.templates(["caret"]) + [
        GestureTemplate(label: "v", strokes: SyntheticGestures.strokes("caret", angle: .pi))
      ]
    let candidate = SyntheticGestures.strokes("caret", jitter: 1, seed: 3)
    #expect(try DollarNRecognizer(templates: templates).recognize(candidate).label == "caret")
    let unbounded = try DollarNRecognizer(templates: templates, boundedRotationInvariance: false)
    let scores = try unbounded.recognize(candidate).ranking.map(\.score)
    #expect(abs(scores[0] - scores[1]) < 0.02)
  }

  @Test func dollarNPermutesStrokesAsHeapsAlgorithm() {
    let strokes = (0..<3).map { [GesturePoint(x: Double($0), y: 0, stroke: 0)] }
    let paths = DollarNRecognizer.unistrokePaths(strokes)
    #expect(paths.count == 6 * 8)
    #expect(Set(paths.map { $0.map(\.x) }).count == 6)
  }

  @Test func dollarQEqualsAnExhaustiveSearch() throws {
    let templates = SyntheticGestures.labels.flatMap { label in
      (1...2).map {
        GestureTemplate(
          label: label, strokes: SyntheticGestures.strokes(label, jitter: 2, seed: UInt64($0)))
      }
    }
    let q = try DollarQRecognizer(templates: templates)
    let fast = try DollarQRecognizer(templates: templates, abandonsAcrossLabels: true)
    for (index, label) in SyntheticGestures.labels.enumerated() {
      let strokes = SyntheticGestures.strokes(
        label, angle: 0.1, jitter: 3, seed: UInt64(50 + index))
      let candidate = DollarQRecognizer.Cloud(
        PointCloud(try GestureTemplate.points(of: strokes, template: nil), count: 32))
      var exhaustive: [String: Double] = [:]
      for (templateLabel, cloud) in zip(q.templateLabels, q.clouds) {
        var best = Double.infinity
        for start in stride(from: 0, to: 32, by: 5) {
          best = min(
            best, DollarQRecognizer.cloudDistance(candidate.points, cloud.points, start, .infinity),
            DollarQRecognizer.cloudDistance(cloud.points, candidate.points, start, .infinity))
        }
        exhaustive[templateLabel] = min(exhaustive[templateLabel] ?? .infinity, best)
      }
      let answer = try q.recognize(strokes)
      #expect(answer.label == label)
      for entry in answer.ranking {
        let d = exhaustive[entry.label]!
        #expect(abs(entry.score - (d > 1 ? 1 / d : 1)) < 1e-12)
      }
      let quick = try fast.recognize(strokes)
      #expect(quick.label == label && abs(quick.score - answer.score) < 1e-12)
      #expect(quick.ranking.count <= answer.ranking.count)
    }
  }

  @Test func lowerBoundsNeverExceedTheDistance() throws {
    let a = DollarQRecognizer.Cloud(
      PointCloud(
        try GestureTemplate.points(of: SyntheticGestures.strokes("x"), template: nil), count: 32))
    let b = DollarQRecognizer.Cloud(
      PointCloud(
        try GestureTemplate.points(of: SyntheticGestures.strokes("circle"), template: nil),
        count: 32))
    var bounds = [Double](repeating: 0, count: 32 / 5 + 1)
    bounds.withUnsafeMutableBufferPointer { DollarQRecognizer.lowerBounds(a, b, step: 5, into: $0) }
    for (j, start) in stride(from: 0, to: 32, by: 5).enumerated() {
      let d = DollarQRecognizer.cloudDistance(a.points, b.points, start, .infinity)
      #expect(bounds[j] <= d + 1e-9 && bounds[j] > 0)
    }
  }

  @Test("a score below the minimum is 'none'", arguments: kinds)
  func rejection(kind: GestureRecognizerKind) throws {
    let templates = SyntheticGestures.templates(["circle", "zigzag"])
    let strict = try kind.recognizer(templates: templates, minimumScore: 1e12)
    let answer = try strict.recognize(SyntheticGestures.strokes("circle", jitter: 3))
    #expect(answer.label == GestureRecognition.rejectionLabel && answer.isRejected)
    #expect(answer.ranking.first?.label == "circle")
    let lenient = try kind.recognizer(templates: templates, minimumScore: -.infinity)
    #expect(try lenient.recognize(SyntheticGestures.strokes("circle", jitter: 3)).label == "circle")
  }

  @Test("bad templates and gestures are refused", arguments: kinds)
  func refusals(kind: GestureRecognizerKind) throws {
    #expect(throws: GestureError.noTemplates) { try kind.recognizer(templates: []) }
    #expect(throws: GestureError.reservedLabel) {
      try kind.recognizer(templates: [
        GestureTemplate(label: "none", strokes: SyntheticGestures.strokes("x"))
      ])
    }
    #expect(throws: GestureError.empty(template: "dot")) {
      try kind.recognizer(templates: [
        GestureTemplate(label: "dot", strokes: [SampleBuffer(xs: [], ys: [])])
      ])
    }
    let recognizer = try kind.recognizer(templates: SyntheticGestures.templates(["x"]))
    #expect(throws: GestureError.nonFinite(template: nil)) {
      try recognizer.recognize([SampleBuffer(xs: [0, .nan], ys: [0, 1])])
    }
    #expect(throws: GestureError.empty(template: nil)) { try recognizer.recognize([]) }
    // A single point and a straight line have no extent on an axis: answered, not divided by 0.
    let dot = try recognizer.recognize([SampleBuffer(xs: [5, 5], ys: [5, 5])])
    let line = try recognizer.recognize([SampleBuffer(xs: [0, 10, 20], ys: [3, 3, 3])])
    #expect(dot.score.isFinite && line.score.isFinite)
  }

  @Test func resamplingGivesEquallySpacedPointsWithinStrokes() {
    let points = [
      GesturePoint(x: 0, y: 0, stroke: 0), GesturePoint(x: 10, y: 0, stroke: 0),
      GesturePoint(x: 100, y: 100, stroke: 1), GesturePoint(x: 100, y: 110, stroke: 1),
    ]
    let resampled = GestureGeometry.resample(points, count: 5)
    #expect(resampled.count == 5)
    // 20 units of ink in 4 intervals of 5; the jump between strokes is not ink.
    #expect(resampled.map(\.x) == [0, 5, 10, 100, 100])
    #expect(resampled.map(\.y) == [0, 0, 0, 105, 110])
  }
}
