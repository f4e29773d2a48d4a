import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

/// A class of templates an attempt is ranked against, and which of them a record's label names.
///
/// `digits` are `digits/0`–`digits/9`, `capitals` `latin/A`–`latin/Z`, `small`
/// `latin/a`–`latin/z`: the classes of the UNIPEN benchmark's sections 1a, 1b and 1c.
public enum TemplateClass: String, CaseIterable, Sendable {
  /// The digits 0–9.
  case digits
  /// The capital letters A–Z.
  case capitals
  /// The small letters a–z.
  case small

  /// The labels of the class, in order.
  public var labels: [String] {
    switch self {
    case .digits: (0...9).map(String.init)
    case .capitals: "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map(String.init)
    case .small: "abcdefghijklmnopqrstuvwxyz".map(String.init)
    }
  }

  /// The library names of the class's templates, in label order.
  public var templateNames: [String] { labels.map(templateName(forLabel:)) }

  /// The position in ``labels`` of the class member a record's label names: the label itself
  /// (`7`, as UNIPEN writes it) or the template's name (`digits/7`, as `ductus synth trace`
  /// writes it); `nil` for any other label.
  public func index(ofLabel label: String?) -> Int? {
    guard let label else { return nil }
    return labels.firstIndex(of: label) ?? templateNames.firstIndex(of: label)
  }

  /// The template a label names: `7` is `digits/7`, `g` is `latin/g`.
  public func templateName(forLabel label: String) -> String {
    self == .digits ? "digits/\(label)" : "latin/\(label)"
  }

  /// What ``TemplateRanking`` adds to the elastic distance of each of the class's bundled
  /// templates, by template name (0 for those not listed): a prior that the nearest template is
  /// not always the one written (`o` is near many hurried letters).
  ///
  /// Learned on the UNIPEN `apa` characters (train_r01_v07, nine writers; see the TraceRank
  /// article of the catalog) by `Scripts/evaluate rank-lowo`, which prints them: by coordinate
  /// ascent on the top-1 rate, in steps of 0.05 up to ±0.3, kept for a class only when offsets
  /// learned on either half of the writers rank more of the other half's records first. The
  /// digits and capitals fail that test and have none.
  public var elasticOffsets: [String: Double] {
    switch self {
    case .digits, .capitals: [:]
    case .small:
      [
        "latin/a": -0.15, "latin/d": 0.2, "latin/e": -0.15, "latin/f": 0.15, "latin/h": 0.05,
        "latin/i": 0.15, "latin/k": 0.2, "latin/l": 0.3, "latin/m": -0.15, "latin/n": -0.3,
        "latin/o": 0.15, "latin/p": 0.05, "latin/q": 0.1, "latin/r": -0.25, "latin/s": 0.15,
        "latin/u": -0.1, "latin/v": 0.15, "latin/w": -0.15, "latin/x": -0.05, "latin/y": -0.1,
        "latin/z": -0.15,
      ]
    }
  }
}
