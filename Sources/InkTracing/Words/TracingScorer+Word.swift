import Foundation
import InkSampling
import OpenPencilKit

extension TracingScorer {
  /// The report of a word, letter by letter.
  ///
  /// The attempt is placed on the word's line as one drawing (``placement``; `fit` fits all the
  /// ink to the whole word), each attempt stroke goes to the letter its centre lies over (the
  /// nearest letter when it lies between two), and each letter is scored against its own
  /// template with the strokes moved into its box (``TracingPlacement/box``), so that a letter's
  /// report reads as if it had been traced alone.
  ///
  /// - Throws: ``TracingError`` as ``score(_:against:)`` does.
  public func report(_ attempt: PKDrawing, against word: TracingWord) throws(TracingError)
    -> TracingWordReport
  {
    try feedback(attempt, against: word).report
  }

  /// The word's report together with one feedback picture's worth of geometry for the whole
  /// line: the word's template, the ink placed on the line, and a report of every letter's
  /// strokes in the line's stroke numbering (InkFigures' `FeedbackPicture` draws it).
  ///
  /// - Throws: ``TracingError`` as ``score(_:against:)`` does.
  public func feedback(_ attempt: PKDrawing, against word: TracingWord) throws(TracingError)
    -> (report: TracingWordReport, feedback: TracingFeedback)
  {
    let line = word.template
    let samples = try TracingScene.samples(of: attempt)
    let scene = try TracingScene(
      samples: samples, template: line, placement: placement, fittedOn: nil)
    // Each letter's span of the line: its ink from left to right.
    let spans = word.letters.map { letter -> ClosedRange<Double> in
      let xs = letter.template.strokes.flatMap(\.points).map { Double($0.x) + letter.offset }
      return (xs.min() ?? letter.offset)...(xs.max() ?? letter.offset)
    }
    var strokesOf = [[Int]](repeating: [], count: word.letters.count)
    for (index, stroke) in samples.enumerated() where !stroke.isEmpty {
      let centre = (stroke.xs.reduce(0, +) / Double(stroke.count)) * scene.scale + scene.offsetX
      let nearest = spans.indices.min { a, b in
        Self.gap(centre, spans[a]) < Self.gap(centre, spans[b])
      }!
      strokesOf[nearest].append(index)
    }
    let letterScorer = TracingScorer(level: level, placement: .box, messages: messages)
    var reports: [TracingReport] = []
    var ink: [TracingFeedback.Ink] = []
    var lineStrokes: [StrokeAssessment] = []
    var firstStroke = 0
    for (k, letter) in word.letters.enumerated() {
      let transform = CGAffineTransform(
        a: scene.scale, b: 0, c: 0, d: scene.scale, tx: scene.offsetX - letter.offset,
        ty: scene.offsetY)
      let strokes = strokesOf[k].map { index -> PKStroke in
        var stroke = attempt.strokes[index]
        stroke.transform = stroke.transform.concatenating(transform)
        return stroke
      }
      let feedback = try letterScorer.feedback(
        PKDrawing(strokes: strokes), against: letter.template)
      reports.append(feedback.report)
      // Back on the line: template strokes after the letters before, attempt strokes by their
      // index in the attempt.
      let original = strokesOf[k]
      for var assessment in feedback.report.strokes {
        assessment.templateStroke = assessment.templateStroke.map { $0 + firstStroke }
        assessment.attemptStrokes = assessment.attemptStrokes.map { original[$0] }
        lineStrokes.append(assessment)
      }
      ink += feedback.ink.map { piece in
        var moved = piece
        moved.attemptStroke = original[piece.attemptStroke]
        moved.templateStroke = piece.templateStroke.map { $0 + firstStroke }
        moved.points = piece.points.map { CGPoint(x: $0.x + letter.offset, y: $0.y) }
        return moved
      }
      firstStroke += letter.template.strokes.count
    }
    let mean = reports.reduce(0) { $0 + $1.score } / Double(reports.count)
    let score = Self.attemptScore(mean, strokes: lineStrokes, level: level)
    let report = TracingWordReport(
      word: word.text, score: score, stars: level.stars(for: score),
      verdict: TracingVerdict(score: score, level: level), level: level.name,
      language: messages.language, letters: reports, attemptStrokes: strokesOf)
    let codes = Set(lineStrokes.flatMap(\.codes)).subtracting([.ok]).sorted()
    let lineReport = TracingReport(
      template: line.name, method: "strokes", level: level.name, score: score,
      stars: report.stars, verdict: report.verdict, language: messages.language,
      codes: codes.isEmpty ? [.ok] : codes, strokes: lineStrokes, fluency: scene.fluency(),
      placement: placement.name,
      transform: [scene.scale, scene.offsetX, scene.offsetY].map(Self.rounded))
    return (
      report,
      TracingFeedback(
        template: line, ink: ink.sorted { $0.attemptStroke < $1.attemptStroke },
        report: lineReport, level: level)
    )
  }

  /// How far a value lies outside a range (0 inside it).
  static func gap(_ value: Double, _ range: ClosedRange<Double>) -> Double {
    value < range.lowerBound
      ? range.lowerBound - value : value > range.upperBound ? value - range.upperBound : 0
  }
}
