import _DuctusSupport

extension Int: ArgumentValue {
  /// Reads a decimal integer.
  package init?(argument: String) { self.init(argument) }
  /// `an integer`.
  package static var expectation: String { "an integer" }
}
