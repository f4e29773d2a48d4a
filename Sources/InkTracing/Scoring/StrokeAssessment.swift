import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

/// How one stroke of a tracing attempt went: which template stroke and which attempt strokes it
/// pairs, the measurements, and the codes they lead to.
///
/// Distances are in units of the template box's height; ratios are fractions. A `missing`
/// stroke has no attempt strokes and no measurements; an `extra` stroke has no template stroke.
public struct StrokeAssessment: Hashable, Sendable, Codable {
  /// The template stroke's index (0-based, in the order it should be drawn), `nil` for extra.
  public var templateStroke: Int?
  /// The attempt strokes drawn for it, in drawing order (more than one when drawn in pieces).
  public var attemptStrokes: [Int]
  /// The stroke's score, 0–100.
  public var score: Double
  /// The stroke's word, the band of its score (``TracingVerdict`` has the table), or
  /// `missing` / `extra` for a stroke without a partner.
  public var verdict: TracingVerdict
  /// What the report says about the stroke, `ok` alone when nothing is wrong.
  public var codes: [TracingCode]
  /// The messages of the codes, in the same order.
  public var messages: [String]
  /// Fraction of the template stroke with attempt ink within tolerance.
  public var coverage: Double?
  /// Fraction of the attempt's ink within tolerance of the template stroke.
  public var precision: Double?
  /// Mean distance of the attempt's ink from the template stroke.
  public var meanDeviation: Double?
  /// Largest distance of the attempt's ink from the template stroke.
  public var maxDeviation: Double?
  /// Discrete Fréchet distance between the two after each is centred and scaled to unit RMS
  /// radius (shape only).
  public var frechet: Double?
  /// Distance from the attempt's first point to the template stroke's start.
  public var startDistance: Double?
  /// Distance from the attempt's last point to the template stroke's end.
  public var endDistance: Double?
  /// `forward`, `reversed`, or `none` for a dot.
  public var direction: String?
  /// Attempt length over template length.
  public var lengthRatio: Double?
  /// The shake of the ink: RMS distance from its own smooth course (box heights).
  public var shake: Double?

  /// Creates an assessment with measurements to be filled in.
  public init(templateStroke: Int?, attemptStrokes: [Int]) {
    self.templateStroke = templateStroke
    self.attemptStrokes = attemptStrokes
    self.score = 0
    self.verdict = .missing
    self.codes = []
    self.messages = []
  }
}
