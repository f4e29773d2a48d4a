import DuctusTestSupport
import Foundation
import InkFormats
import InkTracing
import OpenPencilKit
import Testing

/// The fluency figures on strokes whose movement is known: a smooth arc drawn with a
/// bell-shaped speed, the same arc with a tremor of known size, and a stroke with a stop.
@Suite("Fluency: steadiness, pauses, pen lifts")
struct FluencyTests {
  static let template = try! TemplateLibrary.bundled.template(named: "shapes/circle")

  /// A half circle of radius 30 (box units, the box 100 high) drawn in `duration` seconds at
  /// 240 Hz with a minimum-jerk speed, a tremor of `tremor` box heights at `frequency` hertz
  /// along the line and 1.1 times that across it, starting at `phase`, and an optional stop of
  /// `pause` seconds half-way.
  static func arc(
    duration: Double, tremor: Double = 0, frequency: Double = 7, phase: Double = 0,
    pause: Double = 0
  ) -> PKStroke {
    let rate = 240.0
    var points: [PKStrokePoint] = []
    let moving = Int(duration * rate)
    for k in 0...moving {
      let u = Double(k) / Double(moving)
      // Minimum jerk: s = 10u³ − 15u⁴ + 6u⁵ of the way.
      let s = u * u * u * (10 - 15 * u + 6 * u * u)
      var t = u * duration
      if u > 0.5 { t += pause }
      let angle = Double.pi * s
      let along = tremor * 100 * sin(2 * .pi * frequency * t + phase)
      let across = tremor * 100 * cos(2 * .pi * 1.1 * frequency * t + phase)
      let radius = 30 + across
      let x = 50 + radius * cos(angle) - along * sin(angle)
      let y = 50 + radius * sin(angle) + along * cos(angle)
      points.append(
        PKStrokePoint(
          location: CGPoint(x: x, y: y), timeOffset: t, size: CGSize(width: 4, height: 4),
          opacity: 1, force: 0.5, azimuth: 0, altitude: .pi / 2))
      if pause > 0, k == moving / 2 {
        for step in 1...Int(pause * rate) {
          points.append(
            PKStrokePoint(
              location: CGPoint(x: x, y: y), timeOffset: t + Double(step) / rate,
              size: CGSize(width: 4, height: 4), opacity: 1, force: 0.5, azimuth: 0,
              altitude: .pi / 2))
        }
      }
    }
    return PKStroke(
      ink: PKInk(.pen, color: .black),
      path: PKStrokePath(controlPoints: points, creationDate: Date(timeIntervalSince1970: 0)))
  }

  static func fluency(_ strokes: [PKStroke]) throws -> FluencyReport {
    let report = try TracingScorer(placement: .box).score(
      PKDrawing(strokes: strokes), against: template)
    return try #require(report.fluency)
  }

  @Test func aSmoothStrokeIsSteadyAndATremorIsNot() throws {
    let steadiness = try [0, 0.005, 0.01, 0.02, 0.03].map { tremor in
      try Self.fluency([Self.arc(duration: 2.5, tremor: tremor)]).speedSteadiness
    }
    print("steadiness, tuned tremor (7 Hz, 2.5 s): \(steadiness)")
    #expect(steadiness[0] >= 0.95, "\(steadiness)")
    #expect(steadiness[2] <= 0.7, "\(steadiness)")
    #expect(steadiness[3] <= 0.35, "\(steadiness)")
    // The bigger the tremor, the less steady, down to 0.
    #expect(
      zip(steadiness, steadiness.dropFirst()).allSatisfy { $0 > $1 || $1 == 0 }, "\(steadiness)")
    // A quicker smooth stroke stays steady too.
    #expect(try Self.fluency([Self.arc(duration: 0.8)]).speedSteadiness >= 0.9)
  }

  /// Steadiness on strokes of known tremor held out: the steadiness constants (a 10 ms clock, a
  /// 40 ms movement, a course smoothed by 0.03 box heights, strokes of 0.3 s or more) were set
  /// looking at the 2.5 s arc with a 7 Hz tremor of the test above, so that is the tuned side;
  /// tremors of 5, 9 and 11 Hz with phases drawn from seed 13, on arcs of 1.5 and 3 s, are held
  /// out. Measured once, they fall short of the tuned side's bounds (at most 0.7 at 1%, 0.35 at
  /// 2%): a 40 ms movement keeps part of a 5 Hz tremor, which leaves 0.87 and 0.69 (1.5 s arc);
  /// and on the 3 s arc a 9 or 11 Hz tremor reaches 0 at 2% and rises to 0.24–0.27 at 3%, where
  /// its wiggles are as dense as the course's smoothing. What is asserted — near 1 without
  /// tremor, strictly falling from none to 2%, below 0.7 at 2% — was chosen after seeing these
  /// figures: it guards against a regression and is not a held-out claim.
  @Test func steadinessFallsWithTremorsOfOtherFrequenciesAndDurations() throws {
    var rng = SplitMix64(seed: 13)
    var figures: [String] = []
    for frequency in [5.0, 9, 11] {
      for duration in [1.5, 3] {
        let phase = Double.random(in: 0..<(2 * .pi), using: &rng)
        let steadiness = try [0, 0.005, 0.01, 0.02, 0.03].map { tremor in
          try Self.fluency([
            Self.arc(duration: duration, tremor: tremor, frequency: frequency, phase: phase)
          ]).speedSteadiness
        }
        let figure = "\(frequency) Hz \(duration) s: \(steadiness)"
        figures.append(figure)
        #expect(steadiness[0] >= 0.95, "\(figure)")
        #expect(steadiness[3] <= 0.7, "\(figure)")
        #expect(
          zip(steadiness.prefix(4), steadiness.prefix(4).dropFirst()).allSatisfy {
            $0 > $1 || $1 == 0
          }, "\(figure)")
      }
    }
    print("steadiness, held-out tremor: " + figures.joined(separator: "; "))
  }

  /// The $1 gesture logs (Wobbrock, Wilson and Li 2007) of a subject folder: every gesture of
  /// the repetitions `numbers`, at the three speeds, read as records.
  static func dollarGestures(subject: URL, numbers: [Int]) throws -> [CorpusRecord] {
    var records: [CorpusRecord] = []
    for speed in ["fast", "medium", "slow"] {
      let folder = subject.appendingPathComponent(speed)
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
      for name in names where name.hasSuffix(".xml") {
        guard let number = Int(name.dropLast(4).suffix(2)), numbers.contains(number) else {
          continue
        }
        let url = folder.appendingPathComponent(name)
        records.append(try DollarGestureReader.record(from: Data(contentsOf: url), name: name))
      }
    }
    return records
  }

  /// Repetitions of each gesture read per subject and speed: 1 and 6 (about 10 s in debug), or
  /// the first `DUCTUS_DOLLAR_REPETITIONS` (the article's figures are of all 10).
  static let dollarRepetitions =
    ProcessInfo.processInfo.environment["DUCTUS_DOLLAR_REPETITIONS"].flatMap { Int($0) }.map {
      Array(1...max(min($0, 10), 1))
    } ?? [1, 6]

  /// The median steadiness ordinary $1 gestures reach at least: the median on s01-pilot–s05
  /// (0.848 of 476 judged gestures, repetitions 1 and 6) less 0.05, rounded down to a multiple
  /// of 0.05 — a rule written before the tuned side was measured.
  static let steadyGestureMedian = 0.75

  /// The median steadiness of ordinary $1 gestures (all sixteen, at the three speeds; those of
  /// 0.3 s or more, which are judged; `fit` against the circle template) is high. The subjects'
  /// folders sorted, the bound was read on the first five (s01-pilot to s05) and is asserted on
  /// the other six (s06–s11).
  @Test(
    "ordinary $1 gestures are steady, on subjects the bound was not read on",
    .enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.skipMessage)))
  func ordinaryGesturesAreSteady() throws {
    let root = SharedData.url("datasets/dollar-unistroke")
    let subjects = try FileManager.default.contentsOfDirectory(atPath: root.path)
      .filter { $0.hasPrefix("s") }.sorted()
    #expect(subjects.count == 11)
    let scorer = TracingScorer(placement: .fit)
    var medians: [Double] = []
    for (side, folders) in [("s01–s05", subjects.prefix(5)), ("s06–s11", subjects.dropFirst(5))] {
      var values: [Double] = []
      for folder in folders {
        let records = try Self.dollarGestures(
          subject: root.appendingPathComponent(folder), numbers: Self.dollarRepetitions)
        for record in records {
          let fluency = try #require(
            try scorer.score(record.drawing, against: Self.template).fluency)
          if fluency.penDownTime >= 0.3 { values.append(fluency.speedSteadiness) }
        }
      }
      values.sort()
      let median = values[values.count / 2]
      medians.append(median)
      print(
        "steadiness, $1 gestures \(side): median \(median), tenth percentile \(values[values.count / 10]) of \(values.count)"
      )
    }
    #expect(medians[1] >= Self.steadyGestureMedian, "\(medians)")
  }

  @Test func aStopInsideAStrokeIsAPause() throws {
    let smooth = try Self.fluency([Self.arc(duration: 1.5)])
    #expect(smooth.pauses == 0 && smooth.pauseTime == 0)
    let stopped = try Self.fluency([Self.arc(duration: 1.5, pause: 0.4)])
    #expect(stopped.pauses == 1)
    #expect(abs(stopped.pauseTime - 0.4) < 0.08, "\(stopped.pauseTime)")
  }

  @Test func theTextCountsInTheSingularAndThePlural() throws {
    let drawing = PKDrawing(strokes: [Self.arc(duration: 1.5, pause: 0.4), Self.arc(duration: 1)])
    let text = try TracingScorer(placement: .box).score(drawing, against: Self.template).text
    #expect(text.contains("1 pen lift,"), "\(text)")
    #expect(text.contains("1 pause ("), "\(text)")
    let one = try TracingScorer(placement: .box).score(
      PKDrawing(strokes: [Self.arc(duration: 1)]), against: Self.template
    ).text
    #expect(one.contains("0 pen lifts,") && one.contains("0 pauses,"), "\(one)")
  }
}
