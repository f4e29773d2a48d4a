import DuctusTestSupport
import Foundation
import InkDistances
import InkSampling

/// The reference values written by Scripts/reference/dtw.py (dtaidistance and tslearn).
enum DTWFixture {
  struct Series: Decodable {
    var xs: [Double]
    var ys: [Double]
    var buffer: SampleBuffer { SampleBuffer(xs: xs, ys: ys) }
  }

  struct Path: Decodable {
    var first: [Int]
    var second: [Int]
  }

  struct Constraint: Decodable {
    var kind: String
    var radius: Int?
    var maxSlope: Double?

    var value: DTWGlobalConstraint {
      switch kind {
      case "sakoeChiba": .sakoeChiba(radius: radius ?? 0)
      case "itakura": .itakura(maxSlope: maxSlope ?? 2)
      default: .none
      }
    }
  }

  struct Case: Decodable {
    var name: String
    var first: Series
    var second: Series
    var channels: [String]
    var constraint: Constraint
    var localCost: String
    var derivative: Bool
    var distance: Double
    var weights: [Double]?
    var path: Path?

    var dtw: DynamicTimeWarping {
      DynamicTimeWarping(
        channels: channels.map(SampleChannel.init), channelWeights: weights,
        localCost: DTWLocalCost(rawValue: localCost) ?? .squaredEuclidean,
        constraint: constraint.value, usesDerivative: derivative)
    }
  }

  struct Abandon: Decodable {
    var name: String
    var first: Series
    var second: Series
    var threshold: Double
    var distance: Double?
  }

  struct Subsequence: Decodable {
    var name: String
    var first: Series
    var second: Series
    var distance: Double
    var path: Path
  }

  struct Keogh: Decodable {
    var name: String
    var first: Series
    var second: Series
    var radius: Int
    var lowerBound: Double
    var distance: Double
  }

  struct Pairwise: Decodable {
    var series: [Series]
    var matrix: [[Double]]
  }

  struct Cases: Decodable {
    var cases: [Case]
    var abandon: [Abandon]
    var subsequence: [Subsequence]
    var lbKeogh: [Keogh]
    var pairwise: Pairwise
  }

  struct Barycenter: Decodable {
    var name: String
    var series: [Series]
    var maxIterations: Int
    var tolerance: Double
    var barycenter: Series
  }

  struct Barycenters: Decodable {
    var cases: [Barycenter]
  }

  struct Dollar: Decodable {
    var files: [String]
    var matrix: [[Double]]
    var sakoeChiba5: [[Double]]
    var path02: DollarPath
  }

  struct DollarPath: Decodable {
    var first: [Int]
    var second: [Int]
    var distance: Double
  }

  static func load<T: Decodable>(_ name: String, as type: T.Type) throws -> T {
    return try Fixture.decode(T.self, from: "dtw/\(name)")
  }

  /// Whether two values agree to 1e-9, relative to the larger of 1 and the expected value.
  static func close(_ actual: Double, _ expected: Double) -> Bool {
    if actual.isInfinite || expected.isInfinite { return actual == expected }
    return abs(actual - expected) <= 1e-9 * max(1, abs(expected))
  }

  /// The points of a $1 unistroke gesture file, read with a pattern (the format is simple).
  static func dollarGesture(_ url: URL) throws -> SampleBuffer {
    let text = try String(contentsOf: url, encoding: .utf8)
    let pattern = try NSRegularExpression(pattern: #"X="([-0-9.]+)" Y="([-0-9.]+)""#)
    var xs = [Double]()
    var ys = [Double]()
    let range = NSRange(text.startIndex..., in: text)
    for match in pattern.matches(in: text, range: range) {
      guard let x = Range(match.range(at: 1), in: text),
        let y = Range(match.range(at: 2), in: text),
        let xValue = Double(text[x]), let yValue = Double(text[y])
      else { continue }
      xs.append(xValue)
      ys.append(yValue)
    }
    return SampleBuffer(xs: xs, ys: ys)
  }
}
