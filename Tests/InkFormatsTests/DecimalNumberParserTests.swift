import DuctusTestSupport
import Foundation
import Testing

@testable import InkFormats

/// The byte-level number parser against the standard library's `Double(String)` (correctly
/// rounded through `strtod`) and `JSONDecoder`.
@Suite struct DecimalNumberParserTests {
  /// The number a whole text holds, or `nil`; parsed both at the end of its bytes and followed
  /// by more (so that digits are also read eight at a time), which must agree.
  func parse(_ text: String) -> Double? {
    func parse(_ text: String, followedBy tail: String) -> Double? {
      Array((text + tail).utf8).withUnsafeBytes { bytes in
        var index = 0
        let value = DecimalNumberParser.parse(bytes, at: &index)
        return index == text.utf8.count ? value : nil
      }
    }
    let alone = parse(text, followedBy: "")
    let followed = parse(text, followedBy: ",123456789]")
    #expect(alone?.bitPattern == followed?.bitPattern, "\(text)")
    return alone
  }

  @Test func knownValues() {
    #expect(parse("0") == 0)
    #expect(parse("-0")?.sign == .minus)
    #expect(parse("-0.0")?.sign == .minus)
    #expect(parse("0.1") == 0.1)
    #expect(parse("123.456") == 123.456)
    #expect(parse("1e-05") == 1e-5)
    #expect(parse("1E+16") == 1e16)
    #expect(parse("5e-324") == .leastNonzeroMagnitude)
    #expect(parse("1.7976931348623157e308") == .greatestFiniteMagnitude)
    #expect(parse("1e400") == .infinity)
    #expect(parse("2.2250738585072011e-308") == Double("2.2250738585072011e-308"))
    #expect(parse("123.45600128173828") == Double(Float(123.456)))
    #expect(parse("9007199254740993") == 9_007_199_254_740_992)
    #expect(parse("0.30000000000000004") == 0.1 + 0.2)
    #expect(parse("12345678901234567890123") == 12345678901234567890123.0)
  }

  @Test func rejectsWhatJSONRejects() {
    for text in ["", "-", ".5", "1.", "1e", "1e+", "+1", "--1", "abc"] {
      #expect(parse(text) == nil, "\(text)")
    }
  }

  /// Shortest forms of random doubles, of random `Float`s widened (PencilKit's case), random
  /// decimal strings with long mantissas and exponents, all equal to `Double(String)` bit for bit.
  @Test func agreesWithStandardLibraryOnRandomNumbers() {
    var generator = SplitMix64(seed: 20_261_129)
    var texts: [String] = []
    for _ in 0..<20_000 {
      texts.append(Double(bitPattern: generator.next()).description)
      texts.append(
        Double(Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))).description)
      texts.append(Double.random(in: -2000...2000, using: &generator).description)
      let digits =
        String(Int.random(in: 1...9, using: &generator))
        + (0..<Int.random(in: 0...24, using: &generator)).map { _ in
          String(Int.random(in: 0...9, using: &generator))
        }.joined()
      let point = Int.random(in: 1...digits.count, using: &generator)
      let exponent = Int.random(in: -330...310, using: &generator)
      texts.append("\(digits.prefix(point)).\(digits.dropFirst(point))0e\(exponent)")
      texts.append("-0.\(digits)E-\(Int.random(in: 0...30, using: &generator))")
      texts.append("\(digits)e+\(Int.random(in: 0...30, using: &generator))")
    }
    var mismatches: [String] = []
    for text in texts where !(text.contains("nan") || text.contains("inf")) {
      let expected = Double(text)!
      let actual = parse(text)
      if actual?.bitPattern != expected.bitPattern { mismatches.append(text) }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }

  @Test func agreesWithJSONDecoder() throws {
    var generator = SplitMix64(seed: 7)
    let values = (0..<5000).map { _ in Double(Float.random(in: -1e4...1e4, using: &generator)) }
    let text = "[" + values.map(\.description).joined(separator: ",") + "]"
    let decoded = try JSONDecoder().decode([Double].self, from: Data(text.utf8))
    var parsed: [Double] = []
    try Array(text.utf8).withUnsafeBytes { bytes in
      var scanner = JSONScanner(bytes)
      try scanner.readNumbers(into: &parsed)
    }
    #expect(parsed.map(\.bitPattern) == decoded.map(\.bitPattern))
    #expect(parsed == values)
  }
}

extension DecimalNumberParserTests {
  /// Python's `float()` (David Gay's correctly rounded dtoa.c) as the peer, through the fixture
  /// of `Scripts/reference/formats.py`.
  @Test func agreesWithPythonFloat() throws {
    struct Number: Decodable {
      var text: String
      var bits: String
    }
    let numbers = try Fixture.decode([Number].self, from: "formats/decimal-numbers.json")
    #expect(numbers.count > 2000)
    let mismatches = numbers.filter { parse($0.text)?.bitPattern != UInt64($0.bits) }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5).map(\.text))")
  }
}
