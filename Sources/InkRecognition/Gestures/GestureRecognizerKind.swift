/// The recognizers of the $ family by the names the command line uses.
///
/// ```swift
/// let recognizer = try GestureRecognizerKind.dollarP.recognizer(templates: templates)
/// ```
public enum GestureRecognizerKind: String, CaseIterable, Codable, Sendable {
  /// ``DollarOneRecognizer``.
  case dollar1
  /// ``ProtractorRecognizer``.
  case protractor
  /// ``DollarNRecognizer``.
  case dollarN
  /// ``DollarPRecognizer``.
  case dollarP
  /// ``DollarQRecognizer``.
  case dollarQ

  /// The recognizer's default minimum score (see each type's `defaultMinimumScore`).
  public var defaultMinimumScore: Double {
    switch self {
    case .dollar1: return DollarOneRecognizer.defaultMinimumScore
    case .protractor: return ProtractorRecognizer.defaultMinimumScore
    case .dollarN: return DollarNRecognizer.defaultMinimumScore
    case .dollarP: return DollarPRecognizer.defaultMinimumScore
    case .dollarQ: return DollarQRecognizer.defaultMinimumScore
    }
  }

  /// A recognizer of this kind with its papers' settings and the given templates;
  /// `minimumScore` defaults to ``defaultMinimumScore``. With `ranksEveryLabel` false, $Q
  /// abandons across labels (``DollarQRecognizer/abandonsAcrossLabels``); the others always rank
  /// every label.
  ///
  /// - Throws: as ``DollarOneRecognizer/init(templates:sampleCount:minimumScore:)``.
  public func recognizer(
    templates: [GestureTemplate], minimumScore: Double? = nil, ranksEveryLabel: Bool = true
  ) throws(GestureError) -> any GestureRecognizer {
    let minimum = minimumScore ?? defaultMinimumScore
    switch self {
    case .dollar1: return try DollarOneRecognizer(templates: templates, minimumScore: minimum)
    case .protractor: return try ProtractorRecognizer(templates: templates, minimumScore: minimum)
    case .dollarN: return try DollarNRecognizer(templates: templates, minimumScore: minimum)
    case .dollarP: return try DollarPRecognizer(templates: templates, minimumScore: minimum)
    case .dollarQ:
      return try DollarQRecognizer(
        templates: templates, abandonsAcrossLabels: !ranksEveryLabel, minimumScore: minimum)
    }
  }
}
