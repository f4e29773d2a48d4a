import Foundation

extension KeyedDecodingContainer {
  /// A finite number within ±``PaperMarkupLimits/maximumMagnitude`` and within `range`.
  func decodeNumber(_ key: Key, in range: ClosedRange<Double>? = nil) throws -> CGFloat {
    let value = try decode(Double.self, forKey: key)
    try check(value, key, range)
    return CGFloat(value)
  }

  /// `count` numbers as ``decodeNumber(_:in:)`` reads them, in an array.
  func decodeNumbers(_ key: Key, count: Int, in range: ClosedRange<Double>? = nil) throws
    -> [CGFloat]
  {
    var list = try nestedUnkeyedContainer(forKey: key)
    guard list.count == count else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self,
        debugDescription: "expected \(count) numbers, found \(list.count ?? 0)")
    }
    var values: [CGFloat] = []
    while !list.isAtEnd {
      let value = try list.decode(Double.self)
      try check(value, key, range, index: values.count)
      values.append(CGFloat(value))
    }
    return values
  }

  /// `[x, y, width, height]`.
  func decodeRect(_ key: Key) throws -> CGRect {
    let v = try decodeNumbers(key, count: 4)
    return CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
  }

  /// `[x, y]`.
  func decodePoint(_ key: Key) throws -> CGPoint {
    let v = try decodeNumbers(key, count: 2)
    return CGPoint(x: v[0], y: v[1])
  }

  /// `[red, green, blue, alpha]`, each in `0…1`, or `nil` when absent or `null`.
  func decodeColorIfPresent(_ key: Key) throws -> CGColor? {
    guard contains(key), try !decodeNil(forKey: key) else { return nil }
    let v = try decodeNumbers(key, count: 4, in: 0...1)
    return CGColor(srgbRed: v[0], green: v[1], blue: v[2], alpha: v[3])
  }

  /// An integer in `range`. It is read as a number and then checked, since `JSONDecoder` on
  /// Linux reports a fraction or an overflowing integer as invalid JSON without its place.
  func decodeInteger(_ key: Key, in range: ClosedRange<Int>) throws -> Int {
    let value = try decode(Double.self, forKey: key)
    guard value == value.rounded(), value >= Double(range.lowerBound),
      value <= Double(range.upperBound)
    else {
      let text = value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self,
        debugDescription: "\(text) is not an integer in \(range.lowerBound)…\(range.upperBound)")
    }
    return Int(value)
  }

  /// Refuses a number that is not finite, too large, or outside `range`.
  private func check(_ value: Double, _ key: Key, _ range: ClosedRange<Double>?, index: Int? = nil)
    throws
  {
    let which = index.map { "number \($0): " } ?? ""
    guard value.isFinite, abs(value) <= PaperMarkupLimits.maximumMagnitude else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self, debugDescription: "\(which)\(value) is not a finite 32-bit number")
    }
    if let range, !range.contains(value) {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self,
        debugDescription: "\(which)\(value) is outside \(range.lowerBound)…\(range.upperBound)")
    }
  }
}
