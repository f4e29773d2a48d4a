import Foundation

extension TracingReport {
  /// The readable form of the report, as `ductus trace score --format text` prints it: the
  /// score and stars, one line a stroke with its measurements and messages, and the fluency.
  ///
  /// ```
  /// latin/a: 74.9/100 ★☆☆ keep practising  (strokes, standard)
  ///   stroke 1: keep practising 74.9 — shape  [coverage 98.2%, precision 100%, deviation 2.5%]
  ///       Look at the shape again and follow the line.
  /// ```
  public var text: String {
    let report = self
    let catalog = self.catalog
    let format = Self.formatted
    let percent = { (value: Double) in Self.formatted(value * 100) + "%" }
    let stars =
      String(repeating: "★", count: report.stars) + String(repeating: "☆", count: 3 - report.stars)
    var lines = [
      "\(report.template): \(Self.formattedScore(report.score))/100 \(stars) \(catalog.words(report.verdict))  "
        + "(\(report.method), \(report.level))"
    ]
    for stroke in report.strokes {
      let name = stroke.templateStroke.map { "stroke \($0 + 1)" } ?? "extra"
      var facts: [String] = []
      if let coverage = stroke.coverage { facts.append("coverage \(percent(coverage))") }
      if let precision = stroke.precision { facts.append("precision \(percent(precision))") }
      if let deviation = stroke.meanDeviation {
        facts.append("deviation \(format(deviation * 100))%")
      }
      let detail = facts.isEmpty ? "" : "  [" + facts.joined(separator: ", ") + "]"
      let codes = stroke.codes.map(\.rawValue).joined(separator: ", ")
      lines.append(
        "  \(name): \(catalog.words(stroke.verdict)) \(Self.formattedScore(stroke.score)) — \(codes)\(detail)"
      )
      for message in stroke.messages where stroke.codes != [.ok] {
        lines.append("      \(message)")
      }
    }
    if let fluency = report.fluency {
      var fluent =
        "  fluency: \(format(fluency.duration)) s, "
        + Self.counted(fluency.penLifts, "pen lift", "pen lifts") + ", "
        + "\(format(fluency.airTime)) s in the air, "
        + Self.counted(fluency.pauses, "pause", "pauses")
        + (fluency.pauses > 0 ? " (\(format(fluency.pauseTime)) s)" : "")
        + ", speed \(format(fluency.meanSpeed)) boxes/s "
        + "(steadiness \(percent(fluency.speedSteadiness)))"
      if let pressure = fluency.pressure {
        fluent += ", pressure \(format(pressure.mean)) ± \(format(pressure.standardDeviation))"
      }
      lines.append(fluent)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The catalog of the report's language (English when Ductus does not have it).
  public var catalog: TracingMessageCatalog { TracingMessageCatalog.named(language) ?? .english }

  /// The score as the report prints it: one decimal, none when it is zero (`82.7`, `100`).
  public var scoreText: String { Self.formattedScore(score) }

  /// A score cut (not rounded) to one decimal, so that the printed score is never in a higher
  /// band than the stars: 89.96 prints as `89.9` beside its two stars, not as `90`.
  static func formattedScore(_ value: Double) -> String {
    formatted((value * 10 + 1e-9).rounded(.down) / 10)
  }

  /// A count with its noun in the singular or the plural (`1 pen lift`, `0 pauses`).
  static func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
    "\(count) \(count == 1 ? singular : plural)"
  }

  /// A number with one decimal, none when it is zero.
  static func formatted(_ value: Double) -> String {
    var text = String(format: "%.1f", value)
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
  }
}
