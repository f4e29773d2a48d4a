import DuctusTestSupport
import Foundation
import InkDistances
import InkRecognition
import InkSampling
import InkTracing
import OpenPencilKit
import Testing

@Suite("Synthetic attempts and the detection of their defects")
struct TracingEvaluationTests {
  @Test func everyDefectIsFoundOnTheTestTemplate() throws {
    let result = try TracingEvaluation(repetitions: 3).run([TracingAttempts.template])
    // Every row of the article's table but `hook_missing` (the template has no hook).
    #expect(
      Set(result.rows.map(\.defect)) == [
        "bad_start", "dot", "extra", "joined", "missing", "offset", "reversed", "shape", "split",
        "too_long", "too_short", "wobble", "wrong_order",
      ])
    for row in result.rows {
      #expect(row.namedRate >= 0.98, "\(row.defect): \(row.named)/\(row.trials) \(row.forbidden)")
    }
    #expect(result.falsePositives.isEmpty, "\(result.falsePositives)")
    #expect(result.cleanMinimumScore >= 90)
  }

  @Test func synthesisIsDeterministicAndHumanlyTimed() {
    var a = TraceSynthesizer(seed: 42)
    var b = TraceSynthesizer(seed: 42)
    let first = a.attempt(of: TracingAttempts.template)
    #expect(first.drawing == b.attempt(of: TracingAttempts.template).drawing)
    #expect(first.drawing.strokes.count == 3)
    // A lognormal pulse: slow at the ends, fastest in between.
    let stroke = first.drawing.strokes[0].path
    let speeds = zip(stroke, stroke.dropFirst()).map { p, q in
      hypot(q.location.x - p.location.x, q.location.y - p.location.y)
        / max(q.timeOffset - p.timeOffset, 1e-9)
    }
    let peak = speeds.indices.max { speeds[$0] < speeds[$1] }!
    #expect(peak > 0 && peak < speeds.count - 1)
    #expect(speeds[peak] > 2 * speeds.first! && speeds[peak] > 2 * speeds.last!)
    // Strokes follow each other in time, with the pen in the air between them.
    let starts = first.drawing.strokes.map(\.path.creationDate)
    #expect(starts == starts.sorted())
  }

  @Test func defectsParseFromTheCommandLine() {
    #expect(
      TraceDefect.parseList("reversed:2,missing:3,wrong_order,wobble:0.3,offset:0.1,-0.2")
        == [
          .reversed(stroke: 2), .missing(stroke: 3), .wrongOrder(stroke: 1), .wobble(amount: 0.3),
          .offset(dx: 0.1, dy: -0.2),
        ])
    #expect(TraceDefect.parseList("reversed:0") == nil)
    #expect(TraceDefect.parseList("sideways") == nil)
    #expect(TraceDefect("too_short:2")?.expectedCode == .tooShort)
    #expect(TraceDefect.wobble(amount: 0.5).description == "wobble:0.5")
    #expect(TraceDefect("joined:2") == .joined(stroke: 2))
    #expect(TraceDefect("dot:1")?.expectedCode == .tooShort)
    #expect(TraceDefect.joined(stroke: 1).description == "joined:1")
    // Joining the last stroke has no next stroke to join; the defect is refused, not ignored.
    #expect(TraceDefect.joined(stroke: 3).inapplicability(to: TracingAttempts.template) != nil)
    #expect(TraceDefect.joined(stroke: 2).inapplicability(to: TracingAttempts.template) == nil)
  }

  @Test func aJoinedPairIsDrawnAsOneStrokeAndADotAsATouch() {
    var synthesizer = TraceSynthesizer(seed: 3)
    let joined = synthesizer.attempt(of: TracingAttempts.template, defects: [.joined(stroke: 1)])
    #expect(joined.drawing.strokes.count == 2)
    #expect(joined.defects == [.joined(stroke: 1)])
    let dot = synthesizer.attempt(of: TracingAttempts.template, defects: [.dot(stroke: 1)])
    let points = dot.drawing.strokes[0].path.map(\.location)
    let extent = hypot(
      points.map(\.x).max()! - points.map(\.x).min()!,
      points.map(\.y).max()! - points.map(\.y).min()!)
    // A touch: under a tenth of the box with the hand's wander (3.9 here), not the 50-long stem.
    #expect(extent < 10)
  }

  @Test func defectsNamingAbsentStrokesAreLeftOut() {
    var synthesizer = TraceSynthesizer(seed: 1)
    let attempt = synthesizer.attempt(of: TracingAttempts.template, defects: [.missing(stroke: 9)])
    #expect(attempt.defects.isEmpty)
    #expect(attempt.drawing.strokes.count == 3)
  }
}

@Suite("The bundled template library: defects found, clean attempts clean")
struct BundledLibraryDetectionTests {
  /// Every template of the bundled library, by name.
  static func library() throws -> [TracingTemplate] {
    let library = TemplateLibrary.bundled
    return try library.entries().map {
      try TemplateLibrary.template(at: $0.url, displayName: $0.name)
    }
  }

  /// The figures on seed 12, held out: the thresholds of `joined` (the ink only the
  /// stroke explains, or the ink's excess length), the length of a shaky stroke along its smooth
  /// course, the direction judged on the ink along the line (and an 8's by its pairs), and the
  /// table's forbidden codes were decided on seed 11 (`ductus synth evaluate -r 1 --seed 11`);
  /// the article says where seed 12 was looked at before the last of them.
  @Test func everyDefectIsNamedOnAtLeast99PercentOfDefectiveStrokes() throws {
    let templates = try Self.library()
    #expect(templates.count >= 70)
    let result = try TracingEvaluation(repetitions: 1, seed: 12).run(templates)
    #expect(result.rows.count == 14)
    for row in result.rows {
      #expect(
        row.namedRate >= 0.99, "\(row.defect): \(row.named)/\(row.trials) \(row.forbidden)")
    }
    // At most 1% of clean strokes get any code (none, when this was written).
    let falsePositives = result.falsePositives.values.reduce(0, +)
    #expect(Double(falsePositives) <= 0.01 * Double(result.cleanStrokes))
    #expect(result.cleanMinimumScore >= 90)
  }
}
