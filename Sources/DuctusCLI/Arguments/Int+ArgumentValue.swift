extension Int: ArgumentValue {
  /// Reads a decimal integer.
  public init?(argument: String) { self.init(argument) }
  /// `an integer`.
  public static var expectation: String { "an integer" }
}
