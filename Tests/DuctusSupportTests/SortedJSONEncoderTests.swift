import Foundation
import Testing
import _DuctusSupport

@Suite struct SortedJSONEncoderTests {
  /// Foundation's encoder with the options the commands use: the bytes to match.
  static func foundation<Value: Encodable>(_ value: Value) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  static func sorted<Value: Encodable>(_ value: Value) throws -> String {
    String(decoding: try SortedJSONEncoder().encode(value), as: UTF8.self)
  }

  struct Everything: Encodable {
    var numbers: [Double] = [
      1, -0.0, 1e20, 1e-5, 0.1, 9_007_199_254_740_992, 1e300, 5e-324, 98.6023, 1e16, 1e15, -3,
      0.000123, .greatestFiniteMagnitude, -.leastNormalMagnitude,
    ]
    var floats: [Float] = [0.1, 1, 3.4e38, 1e-7]
    var text = "a/b\"\\\n\r\t\u{8}\u{c}\u{1}\u{1f}\u{7f}é😀"
    var integers: (Int, UInt8, Int64, UInt64, Int8) = (-42, 255, .min, .max, -8)
    var flag = true
    var absent: Int? = nil
    var present: Int? = 3
    var url = URL(fileURLWithPath: "/tmp/x y")
    var date = Date(timeIntervalSinceReferenceDate: 12.5)
    var data = Data([0, 1, 2, 250])
    var nested: [String: [[Double]]] = [
      "b": [[1, 2], []], "B": [], "a": [[0.5]], "é": [], "Z": [],
    ]
    var optionals: [Int?] = [1, nil, 3]
    var empty: [String: Int] = [:]

    enum CodingKeys: String, CodingKey {
      case numbers, floats, text, integers, flag, absent, present, url, date, data, nested
      case optionals, empty, explicitNull, twice, lower
      case upper = "Upper"
    }

    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(numbers, forKey: .numbers)
      try c.encode(floats, forKey: .floats)
      try c.encode(text, forKey: .text)
      var tuple = c.nestedUnkeyedContainer(forKey: .integers)
      try tuple.encode(integers.0)
      try tuple.encode(integers.1)
      try tuple.encode(integers.2)
      try tuple.encode(integers.3)
      try tuple.encode(integers.4)
      try c.encode(flag, forKey: .flag)
      try c.encodeIfPresent(absent, forKey: .absent)
      try c.encodeIfPresent(present, forKey: .present)
      try c.encode(url, forKey: .url)
      try c.encode(date, forKey: .date)
      try c.encode(data, forKey: .data)
      try c.encode(nested, forKey: .nested)
      try c.encode(optionals, forKey: .optionals)
      try c.encode(empty, forKey: .empty)
      try c.encodeNil(forKey: .explicitNull)
      try c.encode(1, forKey: .twice)
      try c.encode("second", forKey: .twice)
      try c.encode(1, forKey: .upper)
      try c.encode(2, forKey: .lower)
    }
  }

  @Test func writesWhatFoundationWrites() throws {
    let value = Everything()
    #expect(try Self.sorted(value) == Self.foundation(value))
    #expect(try Self.sorted(value).contains(#""twice":"second""#))
  }

  @Test func topLevelScalarsAndEmptyContainers() throws {
    #expect(try Self.sorted(1.5) == "1.5")
    #expect(try Self.sorted("x") == Self.foundation("x"))
    #expect(try Self.sorted([Int]()) == "[]")
    #expect(try Self.sorted([String: Int]()) == "{}")
    #expect(try Self.sorted([Double?.none]) == "[null]")
  }

  @Test func randomTreesMatchFoundation() throws {
    var random = SplitMix64(seed: 20_261_201)
    for _ in 0..<300 {
      let tree = Tree.random(&random, depth: 0)
      #expect(try Self.sorted(tree) == Self.foundation(tree))
    }
  }

  /// Keys that share their first eight bytes (compared whole), keys with a NUL, and objects
  /// past the insertion sort's 32 keys.
  @Test func longKeysAndLargeObjectsSortAsFoundationSorts() throws {
    let long = [
      "abcdefgh", "abcdefgh1", "abcdefgh0", "abcdefgh\u{0}", "abcdefghé", "abcdefg", "abcdefgi",
      "", "\u{0}", "ABCDEFGHIJ", "abcdefghij", "abcdefghi",
    ]
    for count in [3, long.count, 33, 40, 100] {
      let keys =
        (long
        + (0..<count).map { "key\(($0 * 37) % 101)-\(String(repeating: "x", count: $0 % 11))" })
        .prefix(count)
      let object = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
      #expect(try Self.sorted(object) == Self.foundation(object), "\(count) keys")
    }
  }

  /// Numbers of at most four decimals (most of what the commands write) take a shorter way to
  /// their digits; around it, the numbers that just miss it, which do not.
  @Test func numbersOfFourDecimalsAsFoundationWritesThem() throws {
    var random = SplitMix64(seed: 20_261_206)
    var numbers: [Double] = [
      0, -0.0, 0.0001, -0.0001, 0.001, 0.5, 5, -5, 1e9, 9_999_999_999.9999, 1e10, 1e-5, 5e-5,
      123.45, -99.99, 635.5456, 0.00015,
    ]
    for _ in 0..<2_000 {
      let magnitude = pow(10, Double(random.next() % 12))
      let value = (Double(random.next() % 2_000_001) / 1_000_000 - 1) * magnitude
      numbers += [(value * 10_000).rounded() / 10_000, value, value.nextUp]
    }
    #expect(try Self.sorted(numbers) == Self.foundation(numbers))
    #expect(try Self.sorted(["x": numbers]) == Self.foundation(["x": numbers]))
  }

  @Test func refusesNumbersThatAreNotFinite() {
    for value in [Double.nan, .infinity, -.infinity] {
      #expect(throws: EncodingError.self) { try SortedJSONEncoder().encode(["x": [value]]) }
    }
    // The path names the element, as Foundation's does (lists of points are written at once).
    func path(_ encode: () throws -> Data) -> [String] {
      do {
        _ = try encode()
      } catch EncodingError.invalidValue(_, let context) {
        return context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
      } catch {}
      return []
    }
    let value = ["x": [[1, 2], [3, .infinity]]]
    let expected = path { try JSONEncoder().encode(value) }
    #expect(expected == ["x", "1", "1"])
    #expect(path { try SortedJSONEncoder().encode(value) } == expected)
  }

  /// A JSON-like value with random keys (shared prefixes, case, non-ASCII) and numbers.
  indirect enum Tree: Encodable {
    case number(Double)
    case text(String)
    case list([Tree])
    case object([String: Tree])

    static func random(_ random: inout SplitMix64, depth: Int) -> Tree {
      let keys = ["a", "A", "ab", "a_b", "b", "é", "Z", "10", "9", "key", "Key", "k\u{1}"]
      switch random.next() % (depth > 3 ? 2 : 4) {
      case 0:
        let exponent = Double(Int(random.next() % 40)) - 20
        return .number(
          (Double(random.next() % 1_000_000) / 1000 - 500) * Foundation.pow(10, exponent))
      case 1: return .text(keys[Int(random.next() % UInt64(keys.count))])
      case 2:
        return .list(
          (0..<Int(random.next() % 4)).map { _ in Tree.random(&random, depth: depth + 1) })
      default:
        var members: [String: Tree] = [:]
        for _ in 0..<Int(random.next() % 5) {
          members[keys[Int(random.next() % UInt64(keys.count))]] = Tree.random(
            &random, depth: depth + 1)
        }
        return .object(members)
      }
    }

    func encode(to encoder: any Encoder) throws {
      var single = encoder.singleValueContainer()
      switch self {
      case .number(let value): try single.encode(value)
      case .text(let value): try single.encode(value)
      case .list(let value): try single.encode(value)
      case .object(let value): try single.encode(value)
      }
    }
  }
}
