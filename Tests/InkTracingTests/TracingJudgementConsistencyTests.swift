import DuctusTestSupport
import Foundation
import InkTracing
import OpenPencilKit
import Testing

/// Over every synthetic attempt of the bundled library (clean, and each defect on each stroke),
/// a report tells one judgement: no two messages of a stroke contradict each other, and the
/// verdict words, the stars and the score bands agree.
@Suite("One judgement, told consistently")
struct TracingJudgementConsistencyTests {
  /// Pairs of codes whose advice cannot both hold for one stroke.
  static let contradictions: [(TracingCode, TracingCode)] = [
    (.tooShort, .tooLong), (.tooShort, .badEnd), (.tooLong, .badEnd), (.split, .joined),
    (.reversed, .badStart), (.reversed, .badEnd), (.hookMissing, .badEnd),
  ]

  /// The problems of one report at its level, as sentences.
  static func problems(of report: TracingReport, level: TracingLevel) -> [String] {
    var problems: [String] = []
    let top = level.starThresholds.max()!
    let second = level.starThresholds.sorted()[1]
    for stroke in report.strokes {
      let name = "\(report.template) stroke \(stroke.templateStroke.map { "\($0 + 1)" } ?? "extra")"
      let codes = Set(stroke.codes)
      for (a, b) in contradictions where codes.contains(a) && codes.contains(b) {
        problems.append("\(name): \(a.rawValue) with \(b.rawValue)")
      }
      if codes.contains(.ok) && codes.count > 1 { problems.append("\(name): ok with others") }
      if codes.contains(.missing) && codes.count > 1 {
        problems.append("\(name): missing with others")
      }
      if stroke.messages != stroke.codes.map(\.message) {
        problems.append("\(name): messages do not follow the codes")
      }
      switch stroke.verdict {
      case .missing:
        if !codes.contains(.missing) { problems.append("\(name): missing without the code") }
      case .extra:
        if stroke.templateStroke != nil { problems.append("\(name): extra with a partner") }
      default:
        if stroke.verdict != TracingVerdict(score: stroke.score, level: level) {
          problems.append("\(name): \(stroke.verdict.words) for \(stroke.score)")
        }
        if codes.contains(where: \.isMajor), stroke.score >= second {
          problems.append("\(name): a major code and \(stroke.score)")
        }
        if codes != [.ok], stroke.score >= top {
          problems.append("\(name): codes \(codes) and \(stroke.score)")
        }
      }
    }
    if report.stars != level.stars(for: report.score) {
      problems.append("\(report.template): \(report.stars) stars for \(report.score)")
    }
    if report.verdict != TracingVerdict(score: report.score, level: level) {
      problems.append("\(report.template): \(report.verdict.words) for \(report.score)")
    }
    // The printed score is in the band of the stars.
    if let printed = Double(report.scoreText), level.stars(for: printed) != report.stars {
      problems.append("\(report.template): prints \(report.scoreText) with \(report.stars) stars")
    }
    let flawed = report.strokes.contains {
      $0.codes.contains { $0.isMajor || $0 == .wrongOrder }
    }
    if flawed, report.stars == 3 {
      problems.append("\(report.template): three stars with \(report.codes)")
    }
    return problems
  }

  /// The defects a stroke can be given.
  static func strokeDefects(_ k: Int) -> [TraceDefect] {
    [
      .reversed(stroke: k), .missing(stroke: k), .tooShort(stroke: k), .tooLong(stroke: k),
      .badStart(stroke: k), .shape(stroke: k), .split(stroke: k), .hookMissing(stroke: k),
      .wrongOrder(stroke: k),
    ]
  }

  @Test func everySyntheticAttemptOfTheLibraryTellsOneJudgement() throws {
    let library = TemplateLibrary.bundled
    let templates = try library.entries().map {
      try TemplateLibrary.template(at: $0.url, displayName: $0.name)
    }
    #expect(templates.count >= 70)
    var synthesizer = TraceSynthesizer(seed: 11)
    var problems: [String] = []
    var reports = 0
    for (index, template) in templates.enumerated() {
      // Each level in turn, so that every level meets a third of the library.
      let level = TracingLevel.all[index % TracingLevel.all.count]
      let scorer = TracingScorer(level: level, placement: .box)
      var defects: [[TraceDefect]] = [
        [], [.wobble(amount: 0.3)], [.extra], [.offset(dx: 0.3, dy: 0)],
      ]
      for k in 1...template.strokes.count {
        defects += Self.strokeDefects(k).filter { $0.inapplicability(to: template) == nil }.map {
          [$0]
        }
      }
      for attemptDefects in defects {
        let attempt = synthesizer.attempt(of: template, defects: attemptDefects)
        for method in [TracingMethod.strokes, .coverage] {
          let report = try scorer.report(attempt.drawing, against: template, method: method)
          reports += 1
          problems += Self.problems(of: report, level: level).map { "\(attemptDefects): \($0)" }
        }
      }
    }
    #expect(reports > 1_000)
    #expect(problems.isEmpty, "\(problems.count) problems, first: \(problems.prefix(10))")
  }

  @Test func aStrokeThatStopsShortIsToldToKeepGoingWhateverElseItIs() throws {
    let template = try TemplateLibrary.bundled.template(named: "latin/g")
    var drawing = template.drawing()
    // The descender left off: the stroke ends on its line at the baseline.
    let points = Array(drawing.strokes[0].path)
    let kept = Array(points.prefix(points.count * 6 / 10))
    drawing.strokes[0].path = PKStrokePath(
      controlPoints: kept, creationDate: drawing.strokes[0].path.creationDate)
    let report = try TracingScorer(placement: .box).score(drawing, against: template)
    let codes = report.strokes[0].codes
    #expect(codes.contains(.tooShort), "\(codes)")
    #expect(!codes.contains(.badEnd))
    #expect(report.strokes[0].messages.contains("Keep going to the end of the line."))
  }

  @Test func aSpiralTurnedTheOtherWayIsAShapeErrorAndOneDrawnBackwardsIsReversed() throws {
    let template = try TemplateLibrary.bundled.template(named: "shapes/spiral")
    let points = template.strokes[0].points
    func drawing(_ points: [CGPoint]) -> PKDrawing {
      let samples = points.enumerated().map { i, p in
        PKStrokePoint(
          location: p, timeOffset: Double(i) * 0.01, size: CGSize(width: 4, height: 4),
          opacity: 1, force: 1, azimuth: 0, altitude: .pi / 2)
      }
      return PKDrawing(strokes: [
        PKStroke(
          ink: PKInk(.pen, color: .black),
          path: PKStrokePath(controlPoints: samples, creationDate: Date(timeIntervalSince1970: 0)))
      ])
    }
    let scorer = TracingScorer(placement: .fit)
    // Mirrored about its start: the same start, turning the other way.
    let start = points[0]
    let mirrored = try scorer.score(
      drawing(points.map { CGPoint(x: 2 * start.x - $0.x, y: $0.y) }), against: template)
    #expect(mirrored.strokes[0].codes.contains(.shape), "\(mirrored.strokes[0].codes)")
    #expect(!mirrored.strokes[0].codes.contains(.reversed))
    let backwards = try scorer.score(drawing(points.reversed()), against: template)
    #expect(backwards.strokes[0].codes == [.reversed], "\(backwards.strokes[0].codes)")
  }

  @Test func aSingleDotForALineIsTooShort() throws {
    let template = try TemplateLibrary.bundled.template(named: "digits/1")
    let start = template.strokes[0].points[0]
    let dot = PKStrokePoint(
      location: start, timeOffset: 0, size: CGSize(width: 4, height: 4), opacity: 1, force: 1,
      azimuth: 0, altitude: .pi / 2)
    let drawing = PKDrawing(strokes: [
      PKStroke(
        ink: PKInk(.pen, color: .black),
        path: PKStrokePath(controlPoints: [dot], creationDate: Date()))
    ])
    let report = try TracingScorer(placement: .box).score(drawing, against: template)
    #expect(report.strokes[0].codes.contains(.tooShort), "\(report.strokes[0].codes)")
    #expect(report.strokes[0].verdict == .keepPractising || report.strokes[0].verdict == .tryAgain)
  }

  @Test func codesCapTheScoreSoThatTheWordFollows() {
    let level = TracingLevel.standard
    #expect(level.scoreCap(for: [.ok]) == 100)
    #expect(level.scoreCap(for: [.badStart]) == 89.9)
    #expect(level.scoreCap(for: [.badStart, .shape]) == 74.9)
    #expect(TracingVerdict(score: 89.9, level: level) == .good)
    #expect(TracingVerdict(score: 90, level: level) == .excellent)
    #expect(TracingVerdict(score: 74.9, level: level) == .keepPractising)
    #expect(TracingVerdict(score: 49.99, level: level) == .tryAgain)
    #expect(TracingCode.reconciled([.badEnd, .tooShort, .ok]) == [.tooShort])
    #expect(TracingCode.reconciled([.split, .joined]) == [.joined])
    #expect(TracingCode.reconciled([]) == [.ok])
    #expect(TracingCode.reconciled([.missing, .badStart]) == [.missing])
  }
}
