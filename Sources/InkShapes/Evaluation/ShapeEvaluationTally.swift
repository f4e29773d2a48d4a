import Foundation

/// The figures of a shape recognizer on a labelled corpus: accuracy, the accuracy and answers
/// of each label, calibration, and, where records carry their ground truth (the corpora of
/// `ductus synth shapes`), how far the fitted parameters are from the true ones.
///
/// A drawing's answer is its one group when it has one, else the group made of the most strokes
/// (the more confident on a tie). A record is right when its answer's kind is one its label
/// names (``ShapeLabel``) and the drawing came out as one group; a record labelled `none` is
/// right when no group is a shape. Records whose label names no kind are counted and left out.
///
/// Calibration bins the answers that are shapes by their confidence (tenths): a calibrated
/// confidence has about as many right in a bin as its mean confidence says; the expected
/// calibration error is the records-weighted mean gap.
public struct ShapeEvaluationTally: Codable, Sendable, Hashable {
  /// The records seen.
  public private(set) var records = 0
  /// The records whose label names no kind.
  public private(set) var unlabelled = 0
  /// The records scored (their label names a kind).
  public private(set) var scored = 0
  /// The records scored that are right.
  public private(set) var right = 0
  /// Each label's records, right answers, and the kinds they came out as.
  public private(set) var labels: [String: LabelTally] = [:]
  /// The confidence bins, tenths from 0.
  public private(set) var calibration: [CalibrationBin] = (0..<10).map {
    CalibrationBin(lower: Double($0) / 10, upper: Double($0 + 1) / 10)
  }
  /// The errors of the fitted parameters, for records with ground truth answered as its kind.
  public private(set) var parameterErrors = ParameterErrors()

  /// What one label's records came out as.
  public struct LabelTally: Codable, Sendable, Hashable {
    /// Its records.
    public var count = 0
    /// Its right answers.
    public var right = 0
    /// How many came out as each kind (`none` included).
    public var kinds: [String: Int] = [:]
  }

  /// The answers whose confidence falls in `lower..<upper`.
  public struct CalibrationBin: Codable, Sendable, Hashable {
    /// The bin's lowest confidence.
    public var lower: Double
    /// The confidence above the bin.
    public var upper: Double
    /// The answers in the bin.
    public var count = 0
    /// The right answers in the bin.
    public var right = 0
    /// The answers' summed confidence.
    public var confidenceSum = 0.0
  }

  /// The parameter errors, each a list (one value a record it applies to).
  public struct ParameterErrors: Codable, Sendable, Hashable {
    /// The centre's distance from the true one, over the true shape's size (its diagonal).
    public var center: [Double] = []
    /// The largest distance of a vertex from its true one (matched in order, either way round
    /// and from any start for closed kinds), over the size.
    public var vertex: [Double] = []
    /// The largest relative error of a radius (radii sorted).
    public var radius: [Double] = []
    /// The error of the orientation in degrees: a line's or arrow's direction, an ellipse's
    /// axis (when its radii differ by a tenth or more).
    public var angle: [Double] = []
  }

  /// An empty tally.
  public init() {}

  /// The share of scored records that are right, `0…1` (0 for none scored).
  public var accuracy: Double { scored > 0 ? Double(right) / Double(scored) : 0 }

  /// The expected calibration error: the mean over answers of the gap between their bin's
  /// accuracy and mean confidence.
  public var expectedCalibrationError: Double {
    let total = calibration.reduce(0) { $0 + $1.count }
    guard total > 0 else { return 0 }
    return calibration.reduce(0) { sum, bin in
      guard bin.count > 0 else { return sum }
      let n = Double(bin.count)
      return sum + n / Double(total) * abs(Double(bin.right) / n - bin.confidenceSum / n)
    }
  }

  /// The answer the tally takes for a drawing's shapes.
  public static func answer(of shapes: [DetectedShape]) -> DetectedShape? {
    shapes.max {
      ($0.strokes.count, $0.confidence) < ($1.strokes.count, $1.confidence)
    }
  }

  /// Whether a drawing's shapes are right for the kinds its label names: no shape at all for
  /// `[.none]`, else one group of one of the kinds.
  public static func isRight(_ shapes: [DetectedShape], expected: Set<ShapeKind>) -> Bool {
    expected == [.none]
      ? shapes.allSatisfy { $0.kind == .none }
      : shapes.count == 1 && expected.contains(shapes[0].kind)
  }

  /// Counts one record: its label, the shapes found, and its ground truth when known.
  public mutating func add(label: String?, shapes: [DetectedShape], truth: DetectedShape? = nil) {
    records += 1
    guard let label, let expected = ShapeLabel.kinds(for: label) else {
      unlabelled += 1
      return
    }
    scored += 1
    let answer = Self.answer(of: shapes)
    let kind = answer?.kind ?? .none
    let isRight = Self.isRight(shapes, expected: expected)
    if isRight { right += 1 }
    labels[label, default: LabelTally()].count += 1
    labels[label]!.kinds[kind.rawValue, default: 0] += 1
    if isRight { labels[label]!.right += 1 }
    if let answer, answer.kind != .none {
      let bin = min(max(Int(answer.confidence * 10), 0), 9)
      calibration[bin].count += 1
      calibration[bin].confidenceSum += answer.confidence
      if expected.contains(answer.kind) { calibration[bin].right += 1 }
    }
    if let truth, let answer, answer.kind == truth.kind {
      parameterErrors.add(answer, truth: truth)
    }
  }
}
