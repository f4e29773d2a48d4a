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
}
