import DuctusTestSupport
import Foundation
import InkFormats
import InkTracing
import OpenPencilKit
import Testing

/// The rows of the article's "Defect → codes" table on real ink: UNIPEN `apa` digits and
/// capitals whose clean report (`fit` placement, against their own template) has only `ok`
/// strokes, each given one hand-specified defect — a stroke dropped, reversed, swapped with the
/// next, cut short, run on, drawn in two pieces, shaken, or a dot added far from the letter — and
/// checked: the defect's code fires on the stroke it was made on and none of its forbidden codes
/// (``TraceDefect/forbiddenCodes``) does.
///
/// The split is by writer: the nine writers' identifiers sorted, the first five (A–E) are where
/// the threshold was measured, the last four (F–I) where it is reported; the test asserts the
/// threshold on both. The records are the first clean ones of each writer and class in reading
/// order, and the edited stroke rotates through the letter's strokes, so the choice is fixed.
@Suite("Hand-made defects on real ink")
struct RealInkDefectTests {
  /// Clean records taken per writer and class.
  static let recordsPerWriter = 4
  /// The share of each row's trials that must name the defect, on both halves of the writers:
  /// measured on writers A–E with six records a writer and class (lowest row `split`, 55 of 59),
  /// then held for F–I.
  static let threshold = 0.9

  /// One real attempt: its drawing, the template, which attempt stroke was drawn for which
  /// template stroke, and the size of a template box height in the drawing's units.
  struct CleanAttempt {
    var key: String
    var writer: String
    var template: TracingTemplate
    var strokes: [[PKStrokePoint]]
    var strokeOf: [Int]
    var unit: Double
    /// A scorer placing ink where the clean attempt's `fit` put it: the box the child wrote
    /// in, known before the defect (a `fit` of the edited ink would scale a stroke run on or
    /// cut short back to the letter's size).
    var scorer: TracingScorer
  }

  /// A hand-specified defect: the table row it tests, and the edit made on template stroke `k`
  /// (nil when it does not apply to that stroke).
  struct Edit {
    var defect: @Sendable (Int) -> TraceDefect
    var apply: @Sendable (CleanAttempt, Int) -> [[PKStrokePoint]]?
  }

  static let edits: [String: Edit] = [
    "missing": Edit(
      defect: { .missing(stroke: $0) },
      apply: { attempt, k in
        var strokes = attempt.strokes
        strokes.remove(at: attempt.strokeOf[k])
        return strokes
      }),
    "reversed": Edit(
      defect: { .reversed(stroke: $0) },
      apply: { attempt, k in
        guard !isDot(attempt, k) else { return nil }
        return replacing(attempt, k, with: reversedPoints(attempt.strokes[attempt.strokeOf[k]]))
      }),
    "wrong_order": Edit(
      defect: { .wrongOrder(stroke: $0) },
      apply: { attempt, k in
        guard k + 1 < attempt.template.strokes.count else { return nil }
        var strokes = attempt.strokes
        strokes.swapAt(attempt.strokeOf[k], attempt.strokeOf[k + 1])
        return strokes
      }),
    "too_short": Edit(
      defect: { .tooShort(stroke: $0) },
      apply: { attempt, k in
        guard !isDot(attempt, k) else { return nil }
        return replacing(attempt, k, with: cut(attempt.strokes[attempt.strokeOf[k]], keeping: 0.6))
      }),
    "too_long": Edit(
      defect: { .tooLong(stroke: $0) },
      apply: { attempt, k in
        guard !isDot(attempt, k) else { return nil }
        return replacing(attempt, k, with: extended(attempt.strokes[attempt.strokeOf[k]], by: 0.6))
      }),
    "extra": Edit(
      defect: { _ in .extra },
      apply: { attempt, k in
        guard k == 0 else { return nil }
        return attempt.strokes + [farDot(attempt)]
      }),
    "split": Edit(
      defect: { .split(stroke: $0) },
      apply: { attempt, k in
        guard templateLength(attempt, k) >= 0.2 else { return nil }
        var strokes = attempt.strokes
        let j = attempt.strokeOf[k]
        let (first, second) = pieces(strokes[j], gap: 0.03 * attempt.unit)
        strokes[j] = first
        strokes.insert(second, at: j + 1)
        return strokes
      }),
    "wobble": Edit(
      defect: { _ in .wobble(amount: 0.3) },
      apply: { attempt, k in
        guard !isDot(attempt, k) else { return nil }
        return replacing(
          attempt, k, with: shaken(attempt.strokes[attempt.strokeOf[k]], unit: attempt.unit))
      }),
  ]

  @Test(
    "Each hand-made defect is named on real apa digits and capitals",
    .enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.skipMessage)))
  func handMadeDefectsAreNamedOnRealInk() throws {
    let clock = ContinuousClock.now
    let attempts = try Self.cleanAttempts()
    print("real-ink: \(attempts.count) clean attempts chosen in \(ContinuousClock.now - clock)")
    let writers = Array(Set(attempts.map(\.writer))).sorted()
    #expect(writers.count == 9)
    let tuned = Set(writers.prefix(5))
    // Per row and half: trials, named, and the first failures.
    var tally: [String: [Bool: (trials: Int, named: Int)]] = [:]
    var failures: [String] = []
    for (ordinal, attempt) in attempts.enumerated() {
      let n = attempt.template.strokes.count
      for (name, edit) in Self.edits.sorted(by: { $0.key < $1.key }) {
        // Swapping needs a next stroke: stroke k and k + 1 of the first n - 1.
        let k = name == "wrong_order" ? ordinal % max(n - 1, 1) : ordinal % n
        guard let strokes = edit.apply(attempt, k) else { continue }
        let defect = edit.defect(k + 1)
        let report = try attempt.scorer.score(Self.drawing(strokes), against: attempt.template)
        let concerned: [StrokeAssessment]
        switch defect {
        case .extra: concerned = report.strokes
        case .wrongOrder:
          concerned = report.strokes.filter { $0.templateStroke == k || $0.templateStroke == k + 1 }
        default: concerned = report.strokes.filter { $0.templateStroke == k }
        }
        let codes = Set(concerned.flatMap(\.codes))
        let named =
          codes.contains(defect.expectedCode) && codes.isDisjoint(with: defect.forbiddenCodes)
        let half = tuned.contains(attempt.writer)
        var counts = tally[name, default: [:]][half, default: (0, 0)]
        counts.trials += 1
        if named {
          counts.named += 1
        } else if failures.count < 40 {
          failures.append(
            "\(attempt.key) \(attempt.template.name) \(defect): \(report.strokes.map { $0.codes.map(\.rawValue) })"
          )
        }
        tally[name, default: [:]][half] = counts
      }
    }
    var figures: [String] = []
    for (name, halves) in tally.sorted(by: { $0.key < $1.key }) {
      for half in [true, false] {
        let (trials, named) = halves[half] ?? (0, 0)
        let rate = trials > 0 ? Double(named) / Double(trials) : 0
        figures.append("\(name) \(half ? "A–E" : "F–I") \(named)/\(trials)")
        #expect(trials >= 4, "\(name): only \(trials) trials")
        #expect(rate >= Self.threshold, "\(name) \(half ? "A–E" : "F–I"): \(named)/\(trials)")
      }
    }
    print("real-ink defects: " + figures.joined(separator: "; "))
    print("real-ink misses: " + failures.joined(separator: "\n"))
  }

  /// The first ``recordsPerWriter`` records of each writer in `1a` (digits) and `1b`
  /// (capitals) whose clean report has only `ok` strokes, each stroke drawn in one piece.
  static func cleanAttempts() throws -> [CleanAttempt] {
    let scorer = TracingScorer(placement: .fit)
    let library = TemplateLibrary.bundled
    var result: [CleanAttempt] = []
    var scored = 0
    defer { print("real-ink: \(scored) records scored to find the clean ones") }
    for (folder, templateClass) in [("1a", TemplateClass.digits), ("1b", .capitals)] {
      var reader = try InkFileFormat.openCorpus(
        at: SharedData.url("datasets/unipen-apa/data/\(folder)"))
      var taken: [String: Int] = [:]
      var templates: [String: TracingTemplate] = [:]
      while let record = try reader.next() {
        guard let label = record.label, templateClass.index(ofLabel: label) != nil else {
          continue
        }
        let writer = record.metadata["writer"] ?? "unknown"
        guard taken[writer, default: 0] < recordsPerWriter else { continue }
        let name = templateClass.templateName(forLabel: label)
        if templates[name] == nil { templates[name] = try library.template(named: name) }
        let template = templates[name]!
        guard record.drawing.strokes.count == template.strokes.count else { continue }
        let report = try scorer.score(record.drawing, against: template)
        scored += 1
        guard report.strokes.allSatisfy({ $0.codes == [.ok] && $0.attemptStrokes.count == 1 })
        else { continue }
        let strokes = record.drawing.strokes.map { stroke in
          stroke.path.map { point in
            var moved = point
            moved.location = point.location.applying(stroke.transform)
            return moved
          }
        }
        result.append(
          CleanAttempt(
            key: record.key, writer: writer, template: template, strokes: strokes,
            strokeOf: report.strokes.map { $0.attemptStrokes[0] },
            unit: Double(template.box.height) / report.transform[0],
            scorer: TracingScorer(placement: .canvas(box(of: template, placedBy: report)))))
        taken[writer, default: 0] += 1
      }
    }
    return result
  }

  /// The template's box in the drawing's coordinates, as a report's transform placed it.
  static func box(of template: TracingTemplate, placedBy report: TracingReport) -> CGRect {
    let (scale, x, y) = (report.transform[0], report.transform[1], report.transform[2])
    let box = template.box
    return CGRect(
      x: (Double(box.minX) - x) / scale, y: (Double(box.minY) - y) / scale,
      width: Double(box.width) / scale, height: Double(box.height) / scale)
  }

  static func drawing(_ strokes: [[PKStrokePoint]]) -> PKDrawing {
    PKDrawing(
      strokes: strokes.map {
        PKStroke(
          ink: PKInk(.pen, color: .black),
          path: PKStrokePath(controlPoints: $0, creationDate: Date(timeIntervalSince1970: 0)))
      })
  }

  /// Template stroke `k`'s length in box heights.
  static func templateLength(_ attempt: CleanAttempt, _ k: Int) -> Double {
    let points = attempt.template.strokes[k].points
    let length = zip(points, points.dropFirst()).reduce(0.0) {
      $0 + hypot(Double($1.1.x - $1.0.x), Double($1.1.y - $1.0.y))
    }
    return length / Double(attempt.template.box.height)
  }

  static func isDot(_ attempt: CleanAttempt, _ k: Int) -> Bool {
    templateLength(attempt, k) < 0.03
  }

  static func replacing(_ attempt: CleanAttempt, _ k: Int, with points: [PKStrokePoint])
    -> [[PKStrokePoint]]
  {
    var strokes = attempt.strokes
    strokes[attempt.strokeOf[k]] = points
    return strokes
  }

  /// The points end to start, keeping the clock running forward.
  static func reversedPoints(_ points: [PKStrokePoint]) -> [PKStrokePoint] {
    zip(points.reversed(), points).map { point, clock in
      var moved = point
      moved.timeOffset = clock.timeOffset
      return moved
    }
  }

  /// Cumulative arc lengths of the points.
  static func arcLengths(_ points: [PKStrokePoint]) -> [Double] {
    var total = 0.0
    return points.indices.map { i in
      if i > 0 {
        total += hypot(
          Double(points[i].location.x - points[i - 1].location.x),
          Double(points[i].location.y - points[i - 1].location.y))
      }
      return total
    }
  }

  /// The first `fraction` of the stroke's length.
  static func cut(_ points: [PKStrokePoint], keeping fraction: Double) -> [PKStrokePoint] {
    let lengths = arcLengths(points)
    let limit = fraction * (lengths.last ?? 0)
    let kept = points.indices.filter { lengths[$0] <= limit }.map { points[$0] }
    return kept.count >= 2 ? kept : Array(points.prefix(2))
  }

  /// The stroke run on along its last direction by `fraction` of its length.
  static func extended(_ points: [PKStrokePoint], by fraction: Double) -> [PKStrokePoint] {
    let lengths = arcLengths(points)
    let total = lengths.last ?? 0
    guard let last = points.last, total > 0,
      let from = points.indices.last(where: { lengths[$0] <= 0.9 * total })
    else { return points }
    let dx = Double(last.location.x - points[from].location.x)
    let dy = Double(last.location.y - points[from].location.y)
    let norm = max(hypot(dx, dy), 1e-9)
    let step = fraction * total / 10
    let added = (1...10).map { s in
      var point = last
      point.location = CGPoint(
        x: Double(last.location.x) + dx / norm * step * Double(s),
        y: Double(last.location.y) + dy / norm * step * Double(s))
      point.timeOffset = last.timeOffset + 0.01 * Double(s)
      return point
    }
    return points + added
  }

  /// The stroke cut at half its length, `gap` of ink left out between the two pieces.
  static func pieces(_ points: [PKStrokePoint], gap: Double)
    -> ([PKStrokePoint], [PKStrokePoint])
  {
    let dense = densified(points, spacing: gap / 4)
    let lengths = arcLengths(dense)
    let middle = (lengths.last ?? 0) / 2
    let first = dense.indices.filter { lengths[$0] < middle - gap / 2 }.map { dense[$0] }
    let second = dense.indices.filter { lengths[$0] > middle + gap / 2 }.map { dense[$0] }
    return (first, second)
  }

  /// The points with others interpolated between them, at most `spacing` apart.
  static func densified(_ points: [PKStrokePoint], spacing: Double) -> [PKStrokePoint] {
    guard var previous = points.first else { return points }
    var result = [previous]
    for point in points.dropFirst() {
      let distance = hypot(
        Double(point.location.x - previous.location.x),
        Double(point.location.y - previous.location.y))
      let steps = max(Int((distance / spacing).rounded(.up)), 1)
      for s in 1...steps {
        let f = Double(s) / Double(steps)
        var between = point
        between.location = CGPoint(
          x: Double(previous.location.x) + f * Double(point.location.x - previous.location.x),
          y: Double(previous.location.y) + f * Double(point.location.y - previous.location.y))
        between.timeOffset = previous.timeOffset + f * (point.timeOffset - previous.timeOffset)
        result.append(between)
      }
      previous = point
    }
    return result
  }

  /// The stroke with a tremor across it, as ``TraceDefect/wobble(amount:)`` of 0.3 makes: waves
  /// of 0.015 box heights every 0.06 box heights of the way.
  static func shaken(_ points: [PKStrokePoint], unit: Double) -> [PKStrokePoint] {
    let dense = densified(points, spacing: 0.005 * unit)
    let lengths = arcLengths(dense)
    return dense.indices.map { i in
      let a = dense[max(i - 1, 0)].location
      let b = dense[min(i + 1, dense.count - 1)].location
      let dx = Double(b.x - a.x)
      let dy = Double(b.y - a.y)
      let norm = max(hypot(dx, dy), 1e-9)
      let wave = 0.015 * unit * sin(2 * .pi * lengths[i] / (0.06 * unit))
      var point = dense[i]
      point.location = CGPoint(
        x: Double(point.location.x) - dy / norm * wave,
        y: Double(point.location.y) + dx / norm * wave)
      return point
    }
  }

  /// A dot of ink beside the letter, half a box height to the right of its ink.
  static func farDot(_ attempt: CleanAttempt) -> [PKStrokePoint] {
    let ink = attempt.strokes.flatMap { $0 }
    let x = ink.map { Double($0.location.x) }.max()! + 0.5 * attempt.unit
    let ys = ink.map { Double($0.location.y) }
    let y = (ys.min()! + ys.max()!) / 2
    let last = ink.map(\.timeOffset).max()!
    return (0..<3).map { s in
      var point = ink[0]
      point.location = CGPoint(x: x + 0.005 * attempt.unit * Double(s), y: y)
      point.timeOffset = last + 0.5 + 0.01 * Double(s)
      return point
    }
  }
}
