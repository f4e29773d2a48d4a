import _DuctusSupport

/// A type whose values can be read from one command-line word, with a phrase that says what a
/// valid word looks like for error messages ("expected an integer").
package protocol ArgumentValue {
  /// Reads a value; `nil` when the word is not one.
  init?(argument: String)
  /// What a valid word is, after "expected": `an integer`, `I/N such as 0/4`.
  static var expectation: String { get }
}
