import DuctusTestSupport
import Foundation
import InkDistances
import InkSampling

/// The reference values of `Tests/Fixtures/similarity/reference.json`, written by
/// `Scripts/reference/similarity.py` from SciPy, tslearn and similaritymeasures.
struct SimilarityFixture: Decodable {
  /// A curve as two coordinate arrays.
  struct Curve: Decodable {
    var xs: [Double]
    var ys: [Double]
    var buffer: SampleBuffer { SampleBuffer(xs: xs, ys: ys) }
  }

  /// The peer values for one pair; `nil` where the peer fails or gives no finite number.
  struct Values: Decodable {
    var discreteFrechet: Double
    var directedHausdorffAB: [Double]
    var directedHausdorffBA: [Double]
    var hausdorff: Double
    var meanNearestAB: Double
    var meanNearest: Double
    var areaBetween: Double?
    var pcm: Double?
    var pcmNormalizedSegments: Double?
    var curveLengthMeasure: Double?
    var lengthRatio: Double
    var turningOpen: Double?
    var turningClosed: Double?
    var pointCloud: Double?
  }

  /// A pair of seeded random curves with its values.
  struct SyntheticCase: Decodable {
    var name: String
    var a: Curve
    var b: Curve
    var values: Values

    enum CodingKeys: String, CodingKey { case name, a, b }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      name = try container.decode(String.self, forKey: .name)
      a = try container.decode(Curve.self, forKey: .a)
      b = try container.decode(Curve.self, forKey: .b)
      values = try Values(from: decoder)
    }
  }

  /// A pair of $1 gestures named by their path below the shared folder, with its values and the
  /// $P-preprocessed (resampled, scaled, centred) clouds.
  struct GestureCase: Decodable {
    var a: String
    var b: String
    var cloudA: Curve
    var cloudB: Curve
    var values: Values

    enum CodingKeys: String, CodingKey { case a, b, cloudA, cloudB }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      a = try container.decode(String.self, forKey: .a)
      b = try container.decode(String.self, forKey: .b)
      cloudA = try container.decode(Curve.self, forKey: .cloudA)
      cloudB = try container.decode(Curve.self, forKey: .cloudB)
      values = try Values(from: decoder)
    }
  }

  var synthetic: [SyntheticCase]
  var gestures: [GestureCase]

  /// The committed fixture.
  static func load() throws -> SimilarityFixture {
    return try Fixture.decode(SimilarityFixture.self, from: "similarity/reference.json")
  }

  /// The points of a $1 unistroke gesture file (`<Point X=".." Y=".." .../>` elements), read
  /// ad hoc for the tests.
  static func dollarGesture(_ relativePath: String) throws -> SampleBuffer {
    let text = try String(contentsOf: SharedData.url(relativePath), encoding: .utf8)
    var xs = [Double]()
    var ys = [Double]()
    for element in text.split(separator: "<Point ").dropFirst() {
      func attribute(_ name: String) -> Double? {
        guard let start = element.range(of: " \(name)=\"") ?? element.range(of: "\(name)=\"")
        else { return nil }
        let rest = element[start.upperBound...]
        return rest.firstIndex(of: "\"").flatMap { Double(rest[..<$0]) }
      }
      if let x = attribute("X"), let y = attribute("Y") {
        xs.append(x)
        ys.append(y)
      }
    }
    return SampleBuffer(xs: xs, ys: ys)
  }
}
