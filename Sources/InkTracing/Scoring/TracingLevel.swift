import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

/// How lenient a tracing report is: the thresholds behind each code and the star boundaries.
///
/// Distances are in units of the template box's height, so they hold for any template size.
/// `beginner` suits children starting to write; `strict` suits older children practising
/// neat handwriting. Hanzi Writer's leniency factor plays the same role.
public struct TracingLevel: Hashable, Sendable, Codable {
  /// The level's name (`beginner`, `standard`, `strict`, or `custom`).
  public var name: String
  /// How near (box heights) counts as on the line, for coverage and precision.
  public var tolerance: Double
  /// Start or end farther than this (box heights) is `bad_start` / `bad_end`.
  public var endpointTolerance: Double
  /// Normalised Fréchet distance above this is `shape` (above half of it when the ink is also
  /// off its line, `off_path`).
  public var shapeTolerance: Double
  /// Length ratio below this is `too_short`.
  public var minimumLengthRatio: Double
  /// Length ratio above this is `too_long`.
  public var maximumLengthRatio: Double
  /// Precision below this is `off_path`.
  public var minimumPrecision: Double
  /// Residual shake (RMS, box heights) above this is `wobbly`.
  public var wobbleTolerance: Double
  /// Scores at or above these earn one, two and three stars.
  public var starThresholds: [Double]

  /// For children starting to write.
  public static let beginner = TracingLevel(
    name: "beginner", tolerance: 0.12, endpointTolerance: 0.22, shapeTolerance: 0.55,
    minimumLengthRatio: 0.65, maximumLengthRatio: 1.5, minimumPrecision: 0.6,
    wobbleTolerance: 0.0035, starThresholds: [40, 65, 85])
  /// The default.
  public static let standard = TracingLevel(
    name: "standard", tolerance: 0.08, endpointTolerance: 0.15, shapeTolerance: 0.42,
    minimumLengthRatio: 0.75, maximumLengthRatio: 1.35, minimumPrecision: 0.7,
    wobbleTolerance: 0.0025, starThresholds: [50, 75, 90])
  /// For neat handwriting practice.
  public static let strict = TracingLevel(
    name: "strict", tolerance: 0.05, endpointTolerance: 0.1, shapeTolerance: 0.32,
    minimumLengthRatio: 0.85, maximumLengthRatio: 1.2, minimumPrecision: 0.8,
    wobbleTolerance: 0.0018, starThresholds: [60, 85, 95])

  /// The named levels.
  public static let all: [TracingLevel] = [.beginner, .standard, .strict]

  /// The level of a name, or `nil`.
  public static func named(_ name: String) -> TracingLevel? {
    all.first { $0.name == name }
  }

  /// The stars (0–3) a score earns.
  public func stars(for score: Double) -> Int {
    starThresholds.filter { score >= $0 }.count
  }

  /// The highest score that codes allow (``TracingVerdict`` has the table): a tenth below the
  /// top star for a minor code, a tenth below the second star for a major one, 100 for `ok`.
  public func scoreCap(for codes: [TracingCode]) -> Double {
    let thresholds = starThresholds.sorted()
    if codes.contains(where: \.isMajor), thresholds.count >= 2 {
      return thresholds[thresholds.count - 2] - 0.1
    }
    if codes.contains(where: { $0 != .ok }), let top = thresholds.last { return top - 0.1 }
    return 100
  }
}
