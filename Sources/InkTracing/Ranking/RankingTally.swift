import Foundation
import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

/// The accuracy of a template ranking over a labelled corpus: how often the true template comes
/// first (top-1) or among the first three (top-3), per label, and the confusion table of true
/// label against the first-ranked template's label.
public struct RankingTally: Sendable, Encodable {
  /// The template class ranked against.
  public var templateClass: String
  /// What the ranking sorted by.
  public var criterion: String
  /// The labels of the class, the rows and columns of the confusion table.
  public var labels: [String]
  /// Records ranked.
  public var records = 0
  /// Records whose label is one of the class's (the others count in no rate).
  public var labelled = 0
  /// Labelled records whose true template ranked first.
  public var top1 = 0
  /// Labelled records whose true template ranked among the first three.
  public var top3 = 0
  /// `confusion[t][p]`: records labelled `labels[t]` whose first template is `labels[p]`.
  public var confusion: [[Int]]

  /// An empty tally over a class's labels.
  public init(templateClass: TemplateClass, criterion: RankingCriterion) {
    self.templateClass = templateClass.rawValue
    self.criterion = criterion.rawValue
    labels = templateClass.labels
    confusion = Array(repeating: Array(repeating: 0, count: labels.count), count: labels.count)
  }

  /// Counts one record: the index in `labels` of its true template (`nil` when its label is
  /// not the class's) and the candidates' indices, best first. Returns the true template's
  /// 1-based rank.
  @discardableResult
  public mutating func count(truth: Int?, ranking: [Int]) -> Int? {
    records += 1
    guard let truth, let first = ranking.first, let position = ranking.firstIndex(of: truth)
    else { return nil }
    labelled += 1
    if position == 0 { top1 += 1 }
    if position < 3 { top3 += 1 }
    confusion[truth][first] += 1
    return position + 1
  }

  /// Top-1 accuracy, 0–1 (0 with no labelled record).
  public var accuracy: Double { labelled == 0 ? 0 : Double(top1) / Double(labelled) }

  /// The tally as aligned text: the rates, each label's top-1 rate, the most frequent
  /// confusions and the confusion table (rows true, columns ranked first, zeros as dots).
  public var text: String {
    func rate(_ count: Int, of total: Int) -> String {
      String(
        format: "%d/%d (%.1f%%)", count, total, total == 0 ? 0 : 100 * Double(count) / Double(total)
      )
    }
    var text = "\(records) records, \(labelled) labelled \(templateClass), ranked by \(criterion)\n"
    text += "top-1 \(rate(top1, of: labelled)), top-3 \(rate(top3, of: labelled))\n\n"
    text += "label  top-1\n"
    for (row, label) in labels.enumerated() {
      let total = confusion[row].reduce(0, +)
      text +=
        label.padding(toLength: 7, withPad: " ", startingAt: 0)
        + rate(confusion[row][row], of: total) + "\n"
    }
    var pairs: [(truth: Int, first: Int)] = []
    for truth in labels.indices {
      for first in labels.indices where first != truth && confusion[truth][first] > 0 {
        pairs.append((truth, first))
      }
    }
    pairs.sort { confusion[$0.truth][$0.first] > confusion[$1.truth][$1.first] }
    let confusions: [String] = pairs.prefix(12).map { pair in
      "\(labels[pair.truth])→\(labels[pair.first]) \(confusion[pair.truth][pair.first])"
    }
    let listed = confusions.isEmpty ? "none" : confusions.joined(separator: ", ")
    text += "\nmost confused (true→first): \(listed)\n\n"
    let width = max(4, String(confusion.joined().max() ?? 0).count + 1)
    text += "true\\first" + labels.map { Self.rightAligned($0, width: width) }.joined() + "\n"
    for (row, label) in labels.enumerated() {
      text +=
        label.padding(toLength: 10, withPad: " ", startingAt: 0)
        + confusion[row].map { Self.rightAligned($0 == 0 ? "." : String($0), width: width) }
        .joined() + "\n"
    }
    return text
  }

  /// `text` with spaces before it up to `width` characters.
  private static func rightAligned(_ text: String, width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  enum CodingKeys: String, CodingKey {
    case templateClass = "class"
    case criterion, labels, records, labelled, top1, top3, accuracy, confusion
  }

  /// Encodes the counts with the top-1 `accuracy` (0–1).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(templateClass, forKey: .templateClass)
    try container.encode(criterion, forKey: .criterion)
    try container.encode(labels, forKey: .labels)
    try container.encode(records, forKey: .records)
    try container.encode(labelled, forKey: .labelled)
    try container.encode(top1, forKey: .top1)
    try container.encode(top3, forKey: .top3)
    try container.encode((accuracy * 10_000).rounded() / 10_000, forKey: .accuracy)
    try container.encode(confusion, forKey: .confusion)
  }
}
