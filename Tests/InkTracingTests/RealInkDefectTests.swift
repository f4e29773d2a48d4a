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
/// order, and the edited stroke rotates through the letter's strokes (swapping and joining take
/// every stroke and the next), so the choice is fixed.
@Suite("Hand-made defects on real ink")
struct RealInkDefectTests {
  /// Clean records taken per writer and class: 2 (about 20 s in debug), or
  /// `DUCTUS_REAL_INK_RECORDS` (the article's figures are of 6).
  static let recordsPerWriter =
    ProcessInfo.processInfo.environment["DUCTUS_REAL_INK_RECORDS"].flatMap { Int($0) } ?? 2
  /// The share of each row's trials that must name the defect, on both halves of the writers:
  /// read on writers A–E with six records a writer and class (lowest rows `split`, 55 of 59, and
  /// `joined`), then held for F–I.
  static let threshold = 0.9

  /// One real attempt: its drawing, the template, which attempt stroke was drawn for which
  /// template stroke, and the size of a template box height in the drawing's units.
  struct CleanAttempt: Sendable {
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
  struct Edit: Sendable {
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
    "joined": Edit(
      defect: { .joined(stroke: $0) },
      apply: { attempt, k in
        guard k + 1 < attempt.template.strokes.count, !isDot(attempt, k), !isDot(attempt, k + 1)
        else { return nil }
        var strokes = attempt.strokes
        let (first, second) = (attempt.strokeOf[k], attempt.strokeOf[k + 1])
        let end = strokes[first].last?.timeOffset ?? 0
        let start = strokes[second].first?.timeOffset ?? 0
        strokes[first] += strokes[second].map { point in
          var moved = point
          moved.timeOffset = end + 0.05 + point.timeOffset - start
          return moved
        }
        strokes.remove(at: second)
        return strokes
      }),
    "dot": Edit(
      defect: { .dot(stroke: $0) },
      apply: { attempt, k in
        guard !isDot(attempt, k), let start = attempt.strokes[attempt.strokeOf[k]].first else {
          return nil
        }
        var end = start
        end.location.x += 0.005 * attempt.unit
        end.timeOffset += 0.01
        return replacing(attempt, k, with: [start, end])
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
    let attempts = try Self.cleanAttempts()
    let writers = Array(Set(attempts.map(\.writer))).sorted()
    #expect(writers.count == 9)
    let tuned = Set(writers.prefix(5))
    let trials = Self.parallelMap(attempts.indices) { ordinal in
      Self.trials(attempts[ordinal], ordinal)
    }
    var tally: [String: [Bool: (trials: Int, named: Int)]] = [:]
    var failures: [String] = []
    for trial in trials.joined() {
      let half = tuned.contains(trial.writer)
      var counts = tally[trial.edit, default: [:]][half, default: (0, 0)]
      counts.trials += 1
      if trial.failure == nil { counts.named += 1 } else { failures.append(trial.failure!) }
      tally[trial.edit, default: [:]][half] = counts
    }
    var figures: [String] = []
    for (name, halves) in tally.sorted(by: { $0.key < $1.key }) {
      let tunedCounts = halves[true] ?? (0, 0)
      let heldCounts = halves[false] ?? (0, 0)
      figures.append(
        "\(name) A–E \(tunedCounts.named)/\(tunedCounts.trials) F–I \(heldCounts.named)/\(heldCounts.trials)"
      )
      // A row of fewer than 10 trials a half (the swaps and joins: few real letters have two
      // strokes drawn cleanly) is judged on both halves together, where one miss is not 12%.
      let rows =
        min(tunedCounts.trials, heldCounts.trials) >= 10
        ? [("A–E", tunedCounts), ("F–I", heldCounts)]
        : [
          (
            "all",
            (
              trials: tunedCounts.trials + heldCounts.trials,
              named: tunedCounts.named + heldCounts.named
            )
          )
        ]
      for (half, counts) in rows {
        #expect(counts.trials >= 4, "\(name) \(half): only \(counts.trials) trials")
        #expect(
          Double(counts.named) >= Self.threshold * Double(counts.trials),
          "\(name) \(half): \(counts.named)/\(counts.trials)")
      }
    }
    #expect(tally.count == Self.edits.count)
    print("real-ink defects: " + figures.joined(separator: "; "))
    print("real-ink misses:\n" + failures.prefix(40).joined(separator: "\n"))
  }

  /// One trial: the edit's name, the writer, and why the defect was not named (`nil` when it
  /// was).
  struct Trial: Sendable {
    var edit: String
    var writer: String
    var failure: String?
  }

  /// Every edit that applies to an attempt, on stroke `ordinal` modulo the strokes it can take,
  /// scored: the defect is named when its code fires on the strokes it concerns and none of its
  /// forbidden codes does. The dot beside the letter is scored with a fresh `fit`, which must
  /// leave it out of the placement; the rest where the clean attempt was placed.
  static func trials(_ attempt: CleanAttempt, _ ordinal: Int) -> [Trial] {
    let n = attempt.template.strokes.count
    var result: [Trial] = []
    // Swapping and joining take every stroke and the next (few real letters have more than
    // one stroke drawn cleanly); the other edits one stroke, rotating.
    let trials = edits.sorted(by: { $0.key < $1.key }).flatMap { name, edit in
      let pairs = name == "wrong_order" || name == "joined"
      return (pairs ? Array(0..<max(n - 1, 0)) : [ordinal % n]).map { (name, edit, pairs, $0) }
    }
    for (name, edit, pairs, k) in trials {
      guard let strokes = edit.apply(attempt, k) else { continue }
      let defect = edit.defect(k + 1)
      let scorer = defect == .extra ? TracingScorer(placement: .fit) : attempt.scorer
      let report: TracingReport
      do {
        report = try scorer.score(drawing(strokes), against: attempt.template)
      } catch {
        result.append(
          Trial(edit: name, writer: attempt.writer, failure: "\(attempt.key): \(error)"))
        continue
      }
      let concerned = report.strokes.filter { stroke in
        guard let t = stroke.templateStroke else { return defect == .extra || pairs }
        return defect == .extra || t == k || (pairs && t == k + 1)
      }
      let codes = Set(concerned.flatMap(\.codes))
      let named =
        codes.contains(defect.expectedCode) && codes.isDisjoint(with: defect.forbiddenCodes)
      result.append(
        Trial(
          edit: name, writer: attempt.writer,
          failure: named
            ? nil
            : "\(attempt.key) \(attempt.template.name) \(defect): \(report.strokes.map { $0.codes.map(\.rawValue) })"
        ))
    }
    return result
  }

  /// `body` over `indices` on all cores, results in order.
  static func parallelMap<T: Sendable>(
    _ indices: Range<Int>, _ body: @Sendable (Int) -> T
  ) -> [T] {
    let results = ResultSlots<T>(count: indices.count)
    DispatchQueue.concurrentPerform(iterations: indices.count) { i in
      results.set(i, body(indices.lowerBound + i))
    }
    return results.values
  }

  /// Slots that concurrent iterations fill, each its own.
  final class ResultSlots<T: Sendable>: @unchecked Sendable {
    private var slots: [T?]
    private let lock = NSLock()
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ value: T) { lock.withLock { slots[i] = value } }
    var values: [T] { lock.withLock { slots.map { $0! } } }
  }

  /// The first ``recordsPerWriter`` records of each writer in `1a` (digits) and `1b`
  /// (capitals) whose clean report has only `ok` strokes, each stroke drawn in one piece.
  static func cleanAttempts() throws -> [CleanAttempt] {
    let library = TemplateLibrary.bundled
    // The records that may be clean, by class and writer, in reading order.
    var groups: [[(record: CorpusRecord, template: TracingTemplate)]] = []
    for (folder, templateClass) in [("1a", TemplateClass.digits), ("1b", .capitals)] {
      var reader = try InkFileFormat.openCorpus(
        at: SharedData.url("datasets/unipen-apa/data/\(folder)"))
      var byWriter: [String: [(record: CorpusRecord, template: TracingTemplate)]] = [:]
      var templates: [String: TracingTemplate] = [:]
      while let record = try reader.next() {
        guard let label = record.label, templateClass.index(ofLabel: label) != nil else {
          continue
        }
        let name = templateClass.templateName(forLabel: label)
        if templates[name] == nil { templates[name] = try library.template(named: name) }
        let template = templates[name]!
        guard record.drawing.strokes.count == template.strokes.count else { continue }
        byWriter[record.metadata["writer"] ?? "unknown", default: []].append((record, template))
      }
      groups += byWriter.sorted { $0.key < $1.key }.map(\.value)
    }
    let candidates = groups
    let chosen = parallelMap(candidates.indices) { g in
      var taken: [CleanAttempt] = []
      for (record, template) in candidates[g] where taken.count < recordsPerWriter {
        if let attempt = cleanAttempt(record, template) { taken.append(attempt) }
      }
      return taken
    }
    return Array(chosen.joined())
  }

  /// The record as a clean attempt, or `nil` when its `fit` report has a code or a stroke in
  /// pieces.
  static func cleanAttempt(_ record: CorpusRecord, _ template: TracingTemplate) -> CleanAttempt? {
    guard let report = try? TracingScorer(placement: .fit).score(record.drawing, against: template),
      report.strokes.allSatisfy({ $0.codes == [.ok] && $0.attemptStrokes.count == 1 })
    else { return nil }
    let strokes = record.drawing.strokes.map { stroke in
      stroke.path.map { point in
        var moved = point
        moved.location = point.location.applying(stroke.transform)
        return moved
      }
    }
    return CleanAttempt(
      key: record.key, writer: record.metadata["writer"] ?? "unknown", template: template,
      strokes: strokes, strokeOf: report.strokes.map { $0.attemptStrokes[0] },
      unit: Double(template.box.height) / report.transform[0],
      scorer: TracingScorer(placement: .canvas(box(of: template, placedBy: report))))
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
