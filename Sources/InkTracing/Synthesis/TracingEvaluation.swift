import Foundation
import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

/// How well tracing reports find defects: synthetic attempts of templates with one defect each,
/// scored, and counted by whether the defect's code fires on the stroke it was put on, and by
/// how often codes fire on strokes without a defect.
///
/// The measure of issue 9: every defect named (the right code, none of its forbidden codes) on at
/// least 99% of defective strokes, any code on at most 1% of clean strokes, clean attempts
/// scoring at least 90.
public struct TracingEvaluation: Sendable {
  /// One row of the detection table.
  public struct Row: Hashable, Sendable, Codable {
    /// The defect's name (`reversed`, `wobble` …).
    public var defect: String
    /// The code expected.
    public var code: TracingCode
    /// Defective strokes (or drawings, for whole-drawing defects) tried.
    public var trials: Int
    /// How many of them the code fired on.
    public var detected: Int
    /// How many of them the code fired on with none of the defect's forbidden codes
    /// (``TraceDefect/forbiddenCodes``): the defect named, and nothing said that it is not.
    public var named: Int
    /// The forbidden codes that fired, by code, with how many trials each.
    public var forbidden: [String: Int]
    /// `detected / trials`.
    public var rate: Double { trials > 0 ? Double(detected) / Double(trials) : 0 }
    /// `named / trials`.
    public var namedRate: Double { trials > 0 ? Double(named) / Double(trials) : 0 }
  }

  /// The result over all templates.
  public struct Result: Sendable, Codable {
    /// One row a defect.
    public var rows: [Row]
    /// Clean strokes scored.
    public var cleanStrokes: Int
    /// Clean strokes with some code other than `ok`, by code.
    public var falsePositives: [String: Int]
    /// The mean score of clean attempts.
    public var cleanMeanScore: Double
    /// The lowest score of a clean attempt.
    public var cleanMinimumScore: Double
    /// Templates whose clean attempts scored lowest, for inspection.
    public var weakestTemplates: [String]
    /// The first misses (template, defect, the codes the stroke got), for inspection.
    public var misses: [String]
  }

  /// The scorer under test (placement `box`: synthetic attempts are drawn in the box).
  public var scorer: TracingScorer
  /// Attempts a template and defect.
  public var repetitions: Int
  /// The seed of the first attempt.
  public var seed: UInt64

  /// An evaluation.
  public init(
    scorer: TracingScorer = TracingScorer(placement: .box), repetitions: Int = 2, seed: UInt64 = 1
  ) {
    self.scorer = scorer
    self.repetitions = repetitions
    self.seed = seed
  }

  /// The defects tried on every stroke of every template.
  static let strokeDefects: [(String, @Sendable (Int) -> TraceDefect)] = [
    ("reversed", { .reversed(stroke: $0) }), ("missing", { .missing(stroke: $0) }),
    ("too_short", { .tooShort(stroke: $0) }), ("too_long", { .tooLong(stroke: $0) }),
    ("bad_start", { .badStart(stroke: $0) }), ("shape", { .shape(stroke: $0) }),
    ("split", { .split(stroke: $0) }), ("hook_missing", { .hookMissing(stroke: $0) }),
    ("dot", { .dot(stroke: $0) }),
  ]

  /// The defects tried on every stroke and the next: either of the two may carry the code.
  static let pairDefects: [(String, @Sendable (Int) -> TraceDefect)] = [
    ("wrong_order", { .wrongOrder(stroke: $0) }), ("joined", { .joined(stroke: $0) }),
  ]

  /// Whether stroke `index` of a template is a dot (shorter than 0.03 box heights).
  static func isDot(_ template: TracingTemplate, _ index: Int) -> Bool {
    PathSegments(template.strokes[index].points).length < 0.03 * Double(template.box.height)
  }

  /// Runs the evaluation.
  public func run(_ templates: [TracingTemplate]) throws(TracingError) -> Result {
    var rows: [String: Row] = [:]
    var misses: [String] = []
    /// Counts a trial: `hit` when the code fired, `codes` the codes of the strokes it concerns.
    func count(
      _ defect: TraceDefect, _ name: String, hit: Bool, codes: [TracingCode],
      _ context: @autoclosure () -> String
    ) {
      var row =
        rows[name]
        ?? Row(
          defect: name, code: defect.expectedCode, trials: 0, detected: 0, named: 0, forbidden: [:])
      let wrong = Set(codes).intersection(defect.forbiddenCodes)
      row.trials += 1
      if hit { row.detected += 1 }
      if hit && wrong.isEmpty { row.named += 1 }
      for code in wrong { row.forbidden[code.rawValue, default: 0] += 1 }
      if (!hit || !wrong.isEmpty) && misses.count < 60 { misses.append(context()) }
      rows[name] = row
    }
    func described(_ report: TracingReport) -> String {
      "\(report.strokes.map { $0.codes.map(\.rawValue) })"
    }
    var clean = 0
    var falsePositives: [String: Int] = [:]
    var cleanScores: [(String, Double)] = []
    var synthesizer = TraceSynthesizer(seed: seed)
    for template in templates {
      let n = template.strokes.count
      for _ in 0..<repetitions {
        // Clean attempts.
        let plain = try scorer.score(synthesizer.attempt(of: template).drawing, against: template)
        cleanScores.append((template.name, plain.score))
        for stroke in plain.strokes {
          clean += 1
          for code in stroke.codes where code != .ok {
            falsePositives[code.rawValue, default: 0] += 1
          }
        }
        // One defect on one stroke; the other strokes count as clean.
        for (name, make) in Self.strokeDefects {
          for k in 1...n {
            let defect = make(k)
            if case .hookMissing = defect, !template.strokes[k - 1].hasHook { continue }
            // A dot has no direction, length or shape to get wrong: only leaving it out counts.
            if Self.isDot(template, k - 1), name != "missing" { continue }
            let length = PathSegments(template.strokes[k - 1].points).length
            if case .split = defect, length < 0.2 * Double(template.box.height) { continue }
            let attempt = synthesizer.attempt(of: template, defects: [defect])
            let report = try scorer.score(attempt.drawing, against: template)
            let assessment = report.strokes.first { $0.templateStroke == k - 1 }
            count(
              defect, name, hit: assessment?.codes.contains(defect.expectedCode) ?? false,
              codes: assessment?.codes ?? [], "\(template.name) \(defect): \(described(report))")
          }
        }
        for (name, make) in Self.pairDefects where n >= 2 {
          for k in 1..<n {
            let defect = make(k)
            // Joining a dot adds no ink of its own to the stroke it is drawn with.
            if case .joined = defect, Self.isDot(template, k - 1) || Self.isDot(template, k) {
              continue
            }
            let attempt = synthesizer.attempt(of: template, defects: [defect])
            let report = try scorer.score(attempt.drawing, against: template)
            let pair = report.strokes.filter {
              $0.templateStroke == k - 1 || $0.templateStroke == k
            }
            count(
              defect, name, hit: pair.contains { $0.codes.contains(defect.expectedCode) },
              codes: pair.flatMap(\.codes)
                + report.strokes.filter { $0.templateStroke == nil }
                .flatMap(\.codes), "\(template.name) \(defect): \(described(report))")
          }
        }
        let wobble = TraceDefect.wobble(amount: 0.3)
        let wobbly = try scorer.score(
          synthesizer.attempt(of: template, defects: [wobble]).drawing, against: template)
        for stroke in wobbly.strokes
        where stroke.templateStroke.map({ !Self.isDot(template, $0) }) ?? false {
          count(
            wobble, "wobble", hit: stroke.codes.contains(.wobbly), codes: stroke.codes,
            "\(template.name) wobble stroke \((stroke.templateStroke ?? 0) + 1): \(stroke.codes.map(\.rawValue))"
          )
        }
        let extra = try scorer.score(
          synthesizer.attempt(of: template, defects: [.extra]).drawing, against: template)
        count(
          .extra, "extra", hit: extra.codes.contains(.extra), codes: extra.codes,
          "\(template.name) extra: \(described(extra))")
        // Push the ink down until 40% of its height hangs below the box widened by a tenth of
        // its height (the most lenient level's margin and then some).
        let ys = template.strokes.flatMap { $0.points.map { Double($0.y) } }
        let box = template.box
        let height = ys.max()! - ys.min()!
        let drop =
          (Double(box.maxY) + 0.1 * Double(box.height) - ys.min()! - 0.6 * height)
          / Double(box.height)
        let shift = TraceDefect.offset(dx: 0, dy: drop)
        let offset = try scorer.score(
          synthesizer.attempt(of: template, defects: [shift]).drawing, against: template)
        count(
          shift, "offset", hit: offset.codes.contains(.outOfBounds), codes: offset.codes,
          "\(template.name) offset: \(described(offset))")
      }
    }
    let scores = cleanScores.map(\.1)
    return Result(
      rows: rows.values.sorted { $0.defect < $1.defect }, cleanStrokes: clean,
      falsePositives: falsePositives,
      cleanMeanScore: scores.isEmpty ? 0 : scores.reduce(0, +) / Double(scores.count),
      cleanMinimumScore: scores.min() ?? 0,
      weakestTemplates: cleanScores.sorted { $0.1 < $1.1 }.prefix(5).map { "\($0.0) \($0.1)" },
      misses: misses)
  }
}
