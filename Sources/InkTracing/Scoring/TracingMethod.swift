/// How a tracing attempt is judged.
public enum TracingMethod: String, Hashable, Sendable, CaseIterable, Codable {
  /// The stroke-by-stroke report: each template stroke paired with the ink that traces it, and
  /// judged on coverage, precision, shape, direction, start and end, order and fluency.
  case strokes
  /// The classic coverage score: the share of the template that has ink near it; order,
  /// direction and extra ink are ignored.
  case coverage
}
