import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

/// The result of scoring a tracing attempt against a template: an overall score and stars,
/// one assessment per template stroke (and per extra stroke), and the fluency of the movement.
///
/// Its JSON (keys in camelCase, numbers rounded to 4 decimals, codes in snake_case) is the
/// documented output of `ductus trace score`; see the Tracing article.
public struct TracingReport: Hashable, Sendable, Codable {
  /// The report format's version.
  ///
  /// Version 2 added ``verdict`` and made stroke verdicts ``TracingVerdict``s (`excellent`,
  /// `good`, `keep_practising`, `try_again`, `missing`, `extra`; version 1 said `good`, `fair`,
  /// `poor`).
  public var version: Int = 2
  /// The template's name.
  public var template: String
  /// `strokes` (the stroke-by-stroke report) or `coverage` (the classic coverage score).
  public var method: String
  /// The level's name.
  public var level: String
  /// 0–100.
  public var score: Double
  /// 0–3.
  public var stars: Int
  /// The attempt's word, the band of its score: `excellent`, `good`, `keep_practising` or
  /// `try_again`, as its stars say.
  public var verdict: TracingVerdict
  /// The language of the messages and words (`en`, `es`, `fr`: ``TracingMessageCatalog``).
  public var language: String
  /// The codes found anywhere in the attempt, each once, in a fixed order.
  public var codes: [TracingCode]
  /// The template strokes in order, then extra strokes.
  public var strokes: [StrokeAssessment]
  /// How the attempt was drawn over time; `nil` for the coverage method.
  public var fluency: FluencyReport?
  /// How the attempt was placed onto the template's box: `fit`, `box` or `canvas`.
  public var placement: String
  /// The scale and offset that mapped the attempt into the template's box:
  /// `box = attempt × scale + offset`.
  public var transform: [Double]
}
