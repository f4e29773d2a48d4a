import Foundation
import InkDistances
import InkRecognition
import InkSampling
import InkTracing
import OpenPencilKit
import Testing

/// Attempts made in code from a template's own strokes, with one defect at a time.
enum TracingAttempts {
  /// A plus sign and a ring: an open two-stroke letter-like shape and a closed stroke.
  static let template = TracingTemplate(
    name: "test/plus-ring", box: CGRect(x: 0, y: 0, width: 100, height: 100),
    strokes: [
      TemplateStroke(points: line(from: (50, 10), to: (50, 60))),
      TemplateStroke(points: line(from: (25, 35), to: (75, 35))),
      TemplateStroke(points: ring(centre: (50, 80), radius: 12)),
    ])

  static func line(from a: (Double, Double), to b: (Double, Double), count: Int = 30) -> [CGPoint] {
    (0..<count).map { i in
      let t = Double(i) / Double(count - 1)
      return CGPoint(x: a.0 + (b.0 - a.0) * t, y: a.1 + (b.1 - a.1) * t)
    }
  }

  /// Counter-clockwise on screen from the top: the way round letters are taught.
  static func ring(centre: (Double, Double), radius: Double, count: Int = 40) -> [CGPoint] {
    (0..<count).map { i in
      let angle = -Double.pi / 2 - 2 * Double.pi * Double(i) / Double(count - 1)
      return CGPoint(x: centre.0 + radius * cos(angle), y: centre.1 + radius * sin(angle))
    }
  }

  /// A drawing of point lists, one stroke each, 10 ms between points and 300 ms between strokes.
  static func drawing(_ strokes: [[CGPoint]], force: (Int) -> CGFloat = { _ in 1 }) -> PKDrawing {
    var time = 0.0
    return PKDrawing(
      strokes: strokes.map { points in
        let start = time
        time += Double(points.count) * 0.01 + 0.3
        let controlPoints = points.enumerated().map { i, p in
          PKStrokePoint(
            location: p, timeOffset: Double(i) * 0.01, size: CGSize(width: 3, height: 3),
            opacity: 1, force: force(i), azimuth: 0, altitude: .pi / 2)
        }
        return PKStroke(
          ink: PKInk(.pen, color: .black),
          path: PKStrokePath(
            controlPoints: controlPoints, creationDate: Date(timeIntervalSinceReferenceDate: start))
        )
      })
  }

  static var clean: [[CGPoint]] { template.strokes.map(\.points) }
}

@Suite("Tracing scorer: codes for each defect")
struct TracingScorerTests {
  let scorer = TracingScorer(level: .standard, placement: .box)
  let template = TracingAttempts.template

  func report(_ strokes: [[CGPoint]]) throws -> TracingReport {
    try scorer.score(TracingAttempts.drawing(strokes), against: template)
  }

  @Test func aCleanTraceScoresHighWithNoCodes() throws {
    let r = try report(TracingAttempts.clean)
    #expect(r.score >= 95)
    #expect(r.stars == 3)
    #expect(r.codes == [.ok])
    #expect(r.strokes.map(\.verdict) == [.excellent, .excellent, .excellent])
    #expect(r.verdict == .excellent)
    #expect(r.strokes.allSatisfy { $0.coverage == 1 && $0.precision == 1 })
  }

  @Test func aReversedStrokeIsFound() throws {
    var strokes = TracingAttempts.clean
    strokes[1].reverse()
    let r = try report(strokes)
    #expect(r.strokes[1].codes == [.reversed])
    #expect(r.strokes[0].codes == [.ok] && r.strokes[2].codes == [.ok])
    strokes = TracingAttempts.clean
    strokes[2].reverse()
    #expect(try report(strokes).strokes[2].codes == [.reversed])
  }

  @Test func missingExtraAndOutOfOrderStrokes() throws {
    var strokes = TracingAttempts.clean
    strokes.remove(at: 1)
    let missing = try report(strokes)
    #expect(missing.strokes[1].codes == [.missing])
    #expect(missing.strokes[1].verdict == .missing && missing.strokes[1].score == 0)
    #expect(missing.verdict != .excellent)
    #expect(missing.score < 80)

    strokes = TracingAttempts.clean
    strokes.append(TracingAttempts.line(from: (85, 10), to: (95, 90)))
    let extra = try report(strokes)
    #expect(extra.strokes.count == 4)
    #expect(extra.strokes[3].codes == [.extra] && extra.strokes[3].templateStroke == nil)

    strokes = TracingAttempts.clean
    strokes.swapAt(0, 1)
    let swapped = try report(strokes)
    #expect(swapped.strokes.filter { $0.codes.contains(.wrongOrder) }.count == 1)
    #expect(swapped.strokes[0].attemptStrokes == [1])
  }

  @Test func splitAndJoinedStrokes() throws {
    var strokes = TracingAttempts.clean
    let vertical = strokes.removeFirst()
    strokes.insert(Array(vertical[15...]), at: 0)
    strokes.insert(Array(vertical[..<15]), at: 0)
    let split = try report(strokes)
    #expect(split.strokes[0].codes == [.split])
    #expect(split.strokes[0].attemptStrokes == [0, 1])
    #expect(split.strokes.count == 3)

    let joinedStroke =
      TracingAttempts.line(from: (50, 10), to: (50, 60))
      + TracingAttempts.line(from: (25, 35), to: (75, 35))
    let joined = try report([joinedStroke, TracingAttempts.clean[2]])
    #expect(joined.strokes.contains { $0.codes.contains(.joined) })
    #expect(!joined.strokes.contains { $0.codes.contains(.missing) })
  }

  @Test func shapeLengthAndWobble() throws {
    var strokes = TracingAttempts.clean
    strokes[0] = TracingAttempts.line(from: (50, 10), to: (50, 35))
    let short = try report(strokes)
    // Stopping short is told as "keep going", never also as "stop at the end".
    #expect(short.strokes[0].codes.contains(.tooShort))
    #expect(!short.strokes[0].codes.contains(.badEnd))

    strokes = TracingAttempts.clean
    // A tremor: 2-unit sideways waves every 6 units along the horizontal bar.
    strokes[1] = (0..<100).map { i in
      let x = 25 + 0.5 * Double(i)
      return CGPoint(x: x, y: 35 + 2 * sin(2 * .pi * (x - 25) / 6))
    }
    #expect(try report(strokes).strokes[1].codes.contains(.wobbly))

    strokes = TracingAttempts.clean
    strokes[0] = TracingAttempts.ring(centre: (50, 35), radius: 25)
    let wrongShape = try report(strokes)
    #expect(wrongShape.strokes[0].codes.contains(.shape))
  }

  @Test func outOfBoundsWithACanvasPlacement() throws {
    var strokes = TracingAttempts.clean.map {
      $0.map { CGPoint(x: $0.x * 2 + 100, y: $0.y * 2 + 50) }
    }
    let placed = TracingScorer(placement: .canvas(CGRect(x: 100, y: 50, width: 200, height: 200)))
    #expect(try placed.score(TracingAttempts.drawing(strokes), against: template).codes == [.ok])
    // The vertical bar drawn from well above the box down to its end.
    strokes[0] = TracingAttempts.line(from: (50, -25), to: (50, 60)).map {
      CGPoint(x: $0.x * 2 + 100, y: $0.y * 2 + 50)
    }
    let outside = try placed.score(TracingAttempts.drawing(strokes), against: template)
    #expect(outside.strokes[0].codes.contains(.outOfBounds))
  }

  @Test func fitPlacementForgivesSizeAndPosition() throws {
    let strokes = TracingAttempts.clean.map {
      $0.map { CGPoint(x: $0.x * 3 + 400, y: $0.y * 3 - 80) }
    }
    let r = try TracingScorer().score(TracingAttempts.drawing(strokes), against: template)
    #expect(r.codes == [.ok])
    #expect(abs(r.transform[0] - 1.0 / 3) < 1e-3)
  }

  @Test func fluencyFromTheTimes() throws {
    let r = try scorer.score(
      TracingAttempts.drawing(TracingAttempts.clean, force: { CGFloat(0.2 + 0.01 * Double($0)) }),
      against: template)
    let fluency = try #require(r.fluency)
    #expect(fluency.penLifts == 2)
    #expect(abs(fluency.penDownTime - (0.29 + 0.29 + 0.39)) < 1e-9)
    #expect(abs(fluency.airTime - 3 * 0.3 + 0.3 - 0.0) < 0.05)
    // Even speed, but starting and stopping at once: a little short of perfectly steady.
    #expect(fluency.speedSteadiness > 0.85)
    #expect(fluency.pauses == 0)
    #expect(try #require(fluency.pressure).minimum == 0.2)
  }

  @Test func emptyAttemptsAndBrokenTemplates() throws {
    let empty = try scorer.score(PKDrawing(), against: template)
    #expect(empty.score == 0 && empty.stars == 0)
    #expect(empty.strokes.allSatisfy { $0.codes == [.missing] })
    var broken = template
    broken.strokes = []
    #expect(throws: TracingError.self) { try scorer.score(PKDrawing(), against: broken) }
    let nan = TracingAttempts.drawing([[CGPoint(x: 1, y: 1), CGPoint(x: CGFloat.nan, y: 2)]])
    #expect(throws: TracingError.self) { try scorer.score(nan, against: template) }
  }

  @Test func classicCoverageScore() throws {
    // The classic score counts in canvas points: the 100-unit box shown 400 points tall.
    let canvas = TracingScorer(placement: .canvas(CGRect(x: 0, y: 0, width: 400, height: 400)))
    func scaled(_ strokes: [[CGPoint]]) -> PKDrawing {
      TracingAttempts.drawing(strokes.map { $0.map { CGPoint(x: $0.x * 4, y: $0.y * 4) } })
    }
    let full = try canvas.coverageReport(scaled(TracingAttempts.clean), against: template)
    #expect(full.score == 100 && full.method == "coverage")
    let one = try canvas.coverageReport(scaled([TracingAttempts.clean[0]]), against: template)
    // The vertical bar is 50 of 175 units of line; the crossing bar's middle is near it too.
    #expect(one.score > 25 && one.score < 45)
    #expect(one.strokes[0].codes == [.ok] && one.strokes[2].codes == [.missing])
  }
}
