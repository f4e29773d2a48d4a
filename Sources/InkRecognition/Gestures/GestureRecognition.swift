/// A recognizer's answer for one gesture: the best label (or ``rejectionLabel`` when its score is
/// below the recognizer's minimum), its score, and every label ranked by its best template.
public struct GestureRecognition: Codable, Hashable, Sendable {
  /// The label of a rejected gesture, `"none"`; no template may carry it.
  public static let rejectionLabel = "none"

  /// The best label, or ``rejectionLabel`` when no template scores at least the minimum.
  public var label: String
  /// The best template's score (0 when no template could be compared).
  public var score: Double
  /// One entry a label, best first (equal scores keep the templates' order).
  public var ranking: [GestureCandidate]

  /// An answer as given.
  public init(label: String, score: Double, ranking: [GestureCandidate]) {
    self.label = label
    self.score = score
    self.ranking = ranking
  }

  /// Whether the gesture was rejected (its best score is below the minimum, or no template
  /// could be compared).
  public var isRejected: Bool { label == Self.rejectionLabel }

  /// The answer from each template's score (`nil` for a template that was not compared, such as
  /// one $N's start-angle check skipped): the best template of each label, ranked.
  init(labels: [String], scores: [Double?], minimumScore: Double) {
    var best: [String: Double] = [:]
    var order: [String] = []
    for (label, score) in zip(labels, scores) {
      guard let score else { continue }
      if let known = best[label] {
        if score > known { best[label] = score }
      } else {
        best[label] = score
        order.append(label)
      }
    }
    let ranking = order.enumerated()
      .sorted { lhs, rhs in
        let (a, b) = (best[lhs.element]!, best[rhs.element]!)
        return a != b ? a > b : lhs.offset < rhs.offset
      }
      .map { GestureCandidate(label: $0.element, score: best[$0.element]!) }
    let top = ranking.first
    self.init(
      label: top.flatMap { $0.score >= minimumScore ? $0.label : nil } ?? Self.rejectionLabel,
      score: top?.score ?? 0, ranking: ranking)
  }
}
