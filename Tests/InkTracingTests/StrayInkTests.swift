import DuctusTestSupport
import Foundation
import InkFormats
import InkTracing
import OpenPencilKit
import Testing

/// A stray mark beside the letter — a dot, a short scribble, the first stroke of a second letter
/// — must not move the letter: it is called `extra` and the letter's own strokes keep the
/// verdicts they have without it. With `fit` placement over every template of the bundled
/// library and on real UNIPEN `apa` digits and capitals; with `box` placement for a letter
/// written a little shifted and scaled in its box.
///
/// Tuning is kept honest by a split. The `fit` thresholds (a stroke stretching the box by more
/// than 15%, the rest then 30% nearer the template) were chosen while looking at the synthetic
/// attempts of seeds 5 and 9: that is the *tuned* side, and seeds 23 and 29 the *held-out* side
/// no threshold was chosen on. On real ink the nine writers' identifiers sorted, A–E are the
/// tuned side and F–I the held-out one. Every figure is printed for both sides. The `fit`
/// distance ratio (``TracingScorer`` `strayFitDistanceRatio`, 0.9) was decided on the tuned
/// sides after the second-letter mark and real ink were added; the criterion (98%) is asserted
/// on the held-out synthetic side (real ink: see ``fitOnRealInk()``).
@Suite("Stray ink does not move the letter")
struct StrayInkTests {
  /// The kinds of stray ink the issue names.
  enum Mark: String, CaseIterable, Sendable {
    /// Three samples within half a hundredth of a box height.
    case dot
    /// A short zigzag, 0.08 box heights wide and 0.06 high.
    case scribble
    /// The first stroke of another template, at the letter's size, beside it to the right.
    case secondLetter = "second letter"
  }

  /// One side of the split: the seeds of the synthetic attempts and of the marks.
  struct Side: Sendable {
    var name: String
    var attemptSeed: UInt64
    var markSeed: UInt64
  }

  /// The seeds the `fit` thresholds were chosen on.
  static let tuned = Side(name: "tuned (seeds 5, 9)", attemptSeed: 5, markSeed: 9)
  /// Seeds no threshold was chosen on.
  static let heldOut = Side(name: "held out (seeds 23, 29)", attemptSeed: 23, markSeed: 29)

  /// The share of trials that must keep the letter, on the held-out side (issue 9).
  static let criterion = 0.98

  static let templates: [TracingTemplate] = {
    let library = TemplateLibrary.bundled
    return try! library.entries().map {
      try TemplateLibrary.template(at: $0.url, displayName: $0.name)
    }
  }()

  /// A stroke through `points` at `speed` drawing units a second from `start` seconds.
  static func stroke(_ points: [CGPoint], start: Double, speed: Double) -> [PKStrokePoint] {
    var time = start
    return points.indices.map { i in
      if i > 0 {
        time +=
          max(hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y) / speed, 0.004)
      }
      return PKStrokePoint(
        location: points[i], timeOffset: time, size: CGSize(width: 4, height: 4), opacity: 1,
        force: 0.5, azimuth: 0, altitude: .pi / 2)
    }
  }

  /// A mark of a kind beside ink whose bounds are `ink`, in the ink's units (`unit` of them a
  /// box height), drawn from `start` seconds. A dot or a scribble lies right of the letter or
  /// below it, a third to two thirds of a box height away; a second letter's first stroke
  /// starts a fifth to a half of a box height right of the letter, its box centred on the
  /// letter's ink. `other` is the template a second letter is taken from.
  static func mark(
    _ kind: Mark, beside ink: CGRect, unit: Double, other: TracingTemplate, start: Double,
    using rng: inout SplitMix64
  ) -> [PKStrokePoint] {
    switch kind {
    case .dot, .scribble:
      let gap = Double.random(in: 0.33...0.66, using: &rng) * unit
      let centre =
        Bool.random(using: &rng)
        ? CGPoint(x: ink.maxX + gap, y: Double.random(in: ink.minY...ink.maxY, using: &rng))
        : CGPoint(x: Double.random(in: ink.minX...ink.maxX, using: &rng), y: ink.maxY + gap)
      let count = kind == .dot ? 3 : 24
      let points = (0..<count).map { i -> CGPoint in
        let u = Double(i) / Double(count - 1)
        let (dx, dy) =
          kind == .dot
          ? (
            Double.random(in: -0.005...0.005, using: &rng),
            Double.random(in: -0.005...0.005, using: &rng)
          )
          : (0.08 * u, 0.03 * sin(u * 9))
        return CGPoint(x: centre.x + dx * unit, y: centre.y + dy * unit)
      }
      return stroke(points, start: start, speed: 0.3 * unit)
    case .secondLetter:
      let gap = Double.random(in: 0.2...0.5, using: &rng) * unit
      let first = other.strokes[0].points
      let scale = unit / Double(other.box.height)
      let left = first.map(\.x).min()!
      let points = first.map { point in
        CGPoint(
          x: ink.maxX + gap + (point.x - left) * scale,
          y: ink.midY + (point.y - other.box.midY) * scale)
      }
      return stroke(densified(points, spacing: 0.01 * unit), start: start, speed: 1.2 * unit)
    }
  }

  /// A polyline with points interpolated at most `spacing` apart.
  static func densified(_ points: [CGPoint], spacing: Double) -> [CGPoint] {
    guard let first = points.first else { return [] }
    var result = [first]
    for (a, b) in zip(points, points.dropFirst()) {
      let steps = max(Int((hypot(b.x - a.x, b.y - a.y) / spacing).rounded(.up)), 1)
      for s in 1...steps {
        let f = Double(s) / Double(steps)
        result.append(CGPoint(x: a.x + f * (b.x - a.x), y: a.y + f * (b.y - a.y)))
      }
    }
    return result
  }

  /// The bounds of strokes' points.
  static func bounds(_ strokes: [[PKStrokePoint]]) -> CGRect {
    let points = strokes.joined().map(\.location)
    let (minX, maxX) = (points.map(\.x).min()!, points.map(\.x).max()!)
    let (minY, maxY) = (points.map(\.y).min()!, points.map(\.y).max()!)
    return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  static func drawing(_ strokes: [[PKStrokePoint]], transform: CGAffineTransform = .identity)
    -> PKDrawing
  {
    PKDrawing(
      strokes: strokes.map {
        var stroke = PKStroke(
          ink: PKInk(.pen, color: .black),
          path: PKStrokePath(controlPoints: $0, creationDate: Date(timeIntervalSince1970: 0)))
        stroke.transform = transform
        return stroke
      })
  }

  /// Why the marked report does not keep the letter of the plain one, or `nil` when it does: the
  /// mark (attempt stroke `mark`) must be `extra` on its own and every template stroke keep its
  /// verdict.
  static func failure(plain: TracingReport, marked: TracingReport, mark: Int) -> String? {
    let letter = { (r: TracingReport) in
      r.strokes.filter { $0.templateStroke != nil }.map { "\($0.verdict)" }
    }
    let extra = marked.strokes.contains { $0.templateStroke == nil && $0.attemptStrokes == [mark] }
    guard !extra || letter(marked) != letter(plain) else { return nil }
    return
      "\(extra ? "" : "mark not extra; ")\(letter(plain)) → \(letter(marked)) \(marked.strokes.map(\.codes))"
  }

  /// Trials and kept letters, by mark kind, with the first failures.
  struct Tally: CustomStringConvertible {
    var trials: [Mark: Int] = [:]
    var kept: [Mark: Int] = [:]
    var failures: [String] = []

    mutating func add(_ kind: Mark, _ failure: String?) {
      trials[kind, default: 0] += 1
      if let failure {
        failures.append(failure)
      } else {
        kept[kind, default: 0] += 1
      }
    }

    var total: (kept: Int, trials: Int) {
      (kept.values.reduce(0, +), trials.values.reduce(0, +))
    }
    var rate: Double { Double(total.kept) / Double(max(total.trials, 1)) }
    var description: String {
      "\(total.kept)/\(total.trials) ("
        + Mark.allCases.map { "\($0.rawValue) \(kept[$0, default: 0])/\(trials[$0, default: 0])" }
        .joined(separator: ", ") + ")"
    }
  }

  /// Whether every template gets every kind of mark (`DUCTUS_STRAY_INK_ALL=1`, the article's
  /// figures, about a minute and a half in debug) or every second template one kind, the kinds
  /// in turn (the default, about 12 s).
  static let allMarks = ProcessInfo.processInfo.environment["DUCTUS_STRAY_INK_ALL"] == "1"

  /// One synthetic letter, placed by a transform, and the marks drawn beside it.
  struct SyntheticTrial: Sendable {
    var template: TracingTemplate
    var letter: [[PKStrokePoint]]
    var transform: CGAffineTransform
    var marks: [(kind: Mark, other: String, stroke: [PKStrokePoint])]
  }

  /// Every template of the library, attempted once by a side's synthesizer, given a kind of mark
  /// (or each kind, ``allMarks``), scored with a placement: `fit` on the attempt drawn elsewhere
  /// on a canvas (moved and scaled 2.5×), `box` on the attempt shifted by 5–12% of the box
  /// height in a random direction and scaled by 0.9–1.1 about the box's centre, as a child
  /// writing a little off in the box.
  static func synthetic(_ side: Side, placement: TracingPlacement) throws -> Tally {
    var synthesizer = TraceSynthesizer(seed: side.attemptSeed)
    var rng = SplitMix64(seed: side.markSeed)
    var trials: [SyntheticTrial] = []
    for (index, template) in templates.enumerated() where allMarks || index % 2 == 0 {
      let unit = Double(template.box.height)
      let letter = synthesizer.attempt(of: template).drawing.strokes.map { Array($0.path) }
      let transform: CGAffineTransform
      if placement == .fit {
        transform = CGAffineTransform(a: 2.5, b: 0, c: 0, d: 2.5, tx: 300, ty: 120)
      } else {
        let angle = Double.random(in: 0..<(2 * .pi), using: &rng)
        let shift = Double.random(in: 0.05...0.12, using: &rng) * unit
        let scale = Double.random(in: 0.9...1.1, using: &rng)
        let (cx, cy) = (template.box.midX, template.box.midY)
        transform = CGAffineTransform(
          a: scale, b: 0, c: 0, d: scale, tx: cx - scale * cx + shift * cos(angle),
          ty: cy - scale * cy + shift * sin(angle))
      }
      let ink = bounds(letter)
      let end = letter.joined().map(\.timeOffset).max()!
      let kinds = allMarks ? Mark.allCases : [Mark.allCases[index / 2 % Mark.allCases.count]]
      let marks = kinds.map { kind in
        let other = templates[
          (index + 1 + Int.random(in: 0..<(templates.count - 1), using: &rng)) % templates.count]
        let stroke = mark(
          kind, beside: ink, unit: unit, other: other, start: end + 0.5, using: &rng)
        return (kind, other.name, stroke)
      }
      trials.append(
        SyntheticTrial(template: template, letter: letter, transform: transform, marks: marks))
    }
    let scorer = TracingScorer(placement: placement)
    let letters = trials
    let outcomes = RealInkDefectTests.parallelMap(letters.indices) { t in
      let trial = letters[t]
      let template = trial.template
      let plain: TracingReport
      do {
        plain = try scorer.score(
          drawing(trial.letter, transform: trial.transform), against: template)
      } catch {
        return trial.marks.map {
          (kind: $0.kind, failure: String?.some("\(template.name): \(error)"))
        }
      }
      return trial.marks.map { kind, other, stroke -> (Mark, String?) in
        do {
          let marked = try scorer.score(
            drawing(trial.letter + [stroke], transform: trial.transform), against: template)
          let why = failure(plain: plain, marked: marked, mark: trial.letter.count)
          return (
            kind,
            why.map {
              "\(template.name) \(kind.rawValue)\(kind == .secondLetter ? " (\(other))" : ""): \($0)"
            }
          )
        } catch {
          return (kind, "\(template.name) \(kind.rawValue): \(error)")
        }
      }
    }
    var tally = Tally()
    for (kind, why) in outcomes.joined() { tally.add(kind, why) }
    return tally
  }

  @Test("fit: a mark beside a synthetic letter is extra and the letter keeps its verdicts")
  func fitOnSyntheticAttempts() throws {
    try check(placement: .fit)
  }

  @Test("box: a mark beside a letter written a little off in its box is extra")
  func boxSlightlyOffOnSyntheticAttempts() throws {
    try check(placement: .box)
  }

  /// Both sides with a placement, figures printed, the criterion asserted on the held-out side.
  func check(placement: TracingPlacement) throws {
    let (tunedTally, heldTally) = try (
      Self.synthetic(Self.tuned, placement: placement),
      Self.synthetic(Self.heldOut, placement: placement)
    )
    print("stray ink, \(placement.name), \(Self.tuned.name): \(tunedTally) \(tunedTally.failures)")
    print("stray ink, \(placement.name), \(Self.heldOut.name): \(heldTally) \(heldTally.failures)")
    #expect(heldTally.total.trials >= (Self.allMarks ? 3 * 70 : 35))
    #expect(
      heldTally.rate >= Self.criterion, "\(heldTally): \(heldTally.failures.prefix(10))")
    // The tuned side is no looser than the held-out one by more than a few attempts.
    #expect(tunedTally.rate >= Self.criterion - 0.03, "\(tunedTally.failures.prefix(10))")
  }

  @Test(
    "fit: a mark beside real apa digits and capitals is extra and the letter keeps its verdicts",
    .enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.skipMessage)))
  func fitOnRealInk() throws {
    let attempts = try RealInkDefectTests.cleanAttempts()
    let writers = Array(Set(attempts.map(\.writer))).sorted()
    #expect(writers.count == 9)
    let tunedWriters = Set(writers.prefix(5))
    let scorer = TracingScorer(placement: .fit)
    var rng = SplitMix64(seed: 41)
    var tallies = [true: Tally(), false: Tally()]
    for (ordinal, attempt) in attempts.enumerated() {
      let plain = try scorer.score(Self.drawing(attempt.strokes), against: attempt.template)
      let ink = Self.bounds(attempt.strokes)
      let end = attempt.strokes.joined().map(\.timeOffset).max()!
      let kind = Mark.allCases[ordinal % Mark.allCases.count]
      let other = Self.templates[Int.random(in: 0..<Self.templates.count, using: &rng)]
      let stray = Self.mark(
        kind, beside: ink, unit: attempt.unit, other: other, start: end + 0.5, using: &rng)
      let marked = try scorer.score(
        Self.drawing(attempt.strokes + [stray]), against: attempt.template)
      tallies[tunedWriters.contains(attempt.writer)]!.add(
        kind,
        Self.failure(plain: plain, marked: marked, mark: attempt.strokes.count).map {
          "\(attempt.key) \(attempt.template.name) \(kind.rawValue): \($0)"
        })
    }
    let (tunedTally, heldTally) = (tallies[true]!, tallies[false]!)
    print("stray ink, fit, real ink, writers A–E (tuned): \(tunedTally) \(tunedTally.failures)")
    print("stray ink, fit, real ink, writers F–I (held out): \(heldTally) \(heldTally.failures)")
    #expect(heldTally.total.trials >= 12)
    // The issue's 98% is not reached on the held-out writers: 47 of 48 with six records a
    // writer and class (the miss: a dot below a `T`'s stem, absorbed as a piece of it). The
    // bound below was set after seeing that figure: it guards against a regression and is not
    // a held-out claim.
    for tally in [tunedTally, heldTally] {
      #expect(tally.total.trials - tally.total.kept <= 1, "\(tally.failures.prefix(10))")
    }
  }
}
