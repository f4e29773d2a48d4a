import Foundation

extension KeyedEncodingContainer {
  /// Writes numbers as an array (one number alone when `values` has one), refusing any that
  /// ``PaperMarkup/init(dataRepresentation:)`` would refuse: not finite, beyond a 32-bit float,
  /// or outside `range`.
  mutating func encodeNumbers(
    _ values: [CGFloat], forKey key: Key, in range: ClosedRange<Double>? = nil
  ) throws {
    for (index, value) in values.enumerated() {
      var problem: String?
      if !value.isFinite || abs(Double(value)) > PaperMarkupLimits.maximumMagnitude {
        problem = "is not a finite 32-bit number"
      } else if let range, !range.contains(Double(value)) {
        problem = "is outside \(range.lowerBound)…\(range.upperBound)"
      }
      if let problem {
        // Made for a failure only, not for every number written.
        let which = values.count == 1 ? "" : "number \(index): "
        throw EncodingError.invalidValue(
          value,
          .init(codingPath: codingPath + [key], debugDescription: "\(which)\(value) \(problem)"))
      }
    }
    if values.count == 1 {
      try encode(Double(values[0]), forKey: key)
    } else {
      try encode(values.map(Double.init), forKey: key)
    }
  }

  /// `[x, y, width, height]`.
  mutating func encodeRect(_ rect: CGRect, forKey key: Key) throws {
    try encodeNumbers(
      [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height], forKey: key)
  }

  /// `[x, y]`.
  mutating func encodePoint(_ point: CGPoint, forKey key: Key) throws {
    try encodeNumbers([point.x, point.y], forKey: key)
  }

  /// `[red, green, blue, alpha]`, or nothing for `nil`.
  mutating func encodeColorIfPresent(_ color: CGColor?, forKey key: Key) throws {
    guard let rgba = color?.components else { return }
    try encodeNumbers(rgba, forKey: key, in: 0...1)
  }
}
