import _DuctusSupport

extension String: ArgumentValue {
  /// Takes the word as it is.
  package init?(argument: String) { self = argument }
  /// `a text`.
  package static var expectation: String { "a text" }
}
