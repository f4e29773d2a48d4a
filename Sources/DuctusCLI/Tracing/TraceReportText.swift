import Foundation
import InkAnalysis

/// The readable form of a tracing report: the score and stars, one line a stroke with its
/// messages, and the fluency.
enum TraceReportText {
  static func render(_ report: TracingReport) -> String {
    let stars =
      String(repeating: "★", count: report.stars) + String(repeating: "☆", count: 3 - report.stars)
    var lines = [
      "\(report.template): \(format(report.score))/100 \(stars)  (\(report.method), \(report.level))"
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
      lines.append("  \(name): \(stroke.verdict) \(format(stroke.score)) — \(codes)\(detail)")
      for message in stroke.messages where stroke.codes != [.ok] {
        lines.append("      \(message)")
      }
    }
    if let fluency = report.fluency {
      var fluent =
        "  fluency: \(format(fluency.duration)) s, \(fluency.penLifts) pen lifts, "
        + "\(format(fluency.airTime)) s in the air, speed \(format(fluency.meanSpeed)) boxes/s "
        + "(steadiness \(percent(fluency.speedSteadiness)))"
      if let pressure = fluency.pressure {
        fluent += ", pressure \(format(pressure.mean)) ± \(format(pressure.standardDeviation))"
      }
      lines.append(fluent)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func format(_ value: Double) -> String {
    var text = String(format: "%.1f", value)
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
  }

  static func percent(_ value: Double) -> String { format(value * 100) + "%" }
}
