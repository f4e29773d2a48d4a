extension String: ArgumentValue {
  /// Takes the word as it is.
  public init?(argument: String) { self = argument }
  /// `a text`.
  public static var expectation: String { "a text" }
}
