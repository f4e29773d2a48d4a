extension ParsedArguments {
  /// The whole number an option gives, from 1 to `ceiling`, or `fallback` when it is not
  /// given: the limits of `--max-…` options.
  ///
  /// - Throws: `UsageError` naming the option as spelled when the value is out of range.
  func count(_ option: OptionDeclaration, default fallback: Int, ceiling: Int)
    throws(UsageError) -> Int
  {
    guard let value = try value(option.name, as: Int.self) else { return fallback }
    guard value > 0, value <= ceiling else {
      throw UsageError(
        "invalid value '\(value)' for '\(spelling(option.name))': expected an integer from 1 "
          + "to \(ceiling)")
    }
    return value
  }
}
