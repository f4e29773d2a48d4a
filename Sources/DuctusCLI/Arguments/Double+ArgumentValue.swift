import _DuctusSupport

extension Double: ArgumentValue {
  /// Reads a finite decimal number (`nan` and `inf` are refused).
  package init?(argument: String) {
    guard let value = Double(argument), value.isFinite else { return nil }
    self = value
  }
  /// `a number`.
  package static var expectation: String { "a number" }
}
