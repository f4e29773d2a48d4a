import DuctusTestSupport
import Foundation
import InkSampling
import Testing

/// One reference case of Scripts/reference/resampling.py: an input series and a peer's output.
struct ResamplingCase: Decodable {
  var name: String
  var xs: [Double]
  var ys: [Double]
  var ts: [Double]
  var count: Int?
  var expectedXs: [Double]?
  var expectedYs: [Double]?
  var expectedTs: [Double]?
  var epsilon: Double?
  var rdp: [Int]?
  var vwEpsilon: Double?
  var vw: [Int]?
  var filter: String?
  var sigma: Double?
  var mode: String?
  var window: Int?
  var order: Int?
  var derivative: Int?
  var delta: Double?

  var buffer: SampleBuffer {
    var buffer = SampleBuffer(xs: xs, ys: ys)
    try? buffer.setChannel(.t, to: ts)
    return buffer
  }

  static func load(_ file: String) throws -> [ResamplingCase] {
    return try Fixture.decode([ResamplingCase].self, from: "resampling/\(file).json")
  }
}

/// Whether two arrays agree to a relative tolerance (absolute near zero).
func expectClose(
  _ actual: [Double], _ expected: [Double], tolerance: Double = 1e-9, _ context: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(actual.count == expected.count, "\(context): count", sourceLocation: sourceLocation)
  for (i, (a, e)) in zip(actual, expected).enumerated() {
    let scale = max(abs(e), 1)
    if abs(a - e) > tolerance * scale {
      Issue.record("\(context): sample \(i) is \(a), expected \(e)", sourceLocation: sourceLocation)
      return
    }
  }
}

@Suite(
  "Resampling, simplification, smoothing and features against NumPy, SciPy, rdp, simplification")
struct ResamplingReferenceTests {
  @Test func arcLengthResamplingMatchesNumPy() throws {
    for c in try ResamplingCase.load("resample") {
      let result = try c.buffer.resampled(count: c.count!)
      let context = "\(c.name) n=\(c.count!)"
      expectClose(result.xs, c.expectedXs!, context)
      expectClose(result.ys, c.expectedYs!, context)
      expectClose(result[.t]!, c.expectedTs!, context)
    }
  }

  @Test func ramerDouglasPeuckerMatchesTheRdpPackage() throws {
    for c in try ResamplingCase.load("simplify") {
      #expect(try c.buffer.ramerDouglasPeuckerIndices(epsilon: c.epsilon!) == c.rdp!, "\(c.name)")
    }
  }

  @Test func visvalingamWhyattMatchesTheSimplificationPackage() throws {
    for c in try ResamplingCase.load("simplify") {
      #expect(try c.buffer.visvalingamWhyattIndices(epsilon: c.vwEpsilon!) == c.vw!, "\(c.name)")
    }
  }

  @Test func filtersMatchSciPy() throws {
    for c in try ResamplingCase.load("smooth") {
      if c.filter == "gaussian" {
        let mode = GaussianFilter.BoundaryMode(rawValue: c.mode!)!
        let result = try GaussianFilter(sigma: c.sigma!, mode: mode).apply(c.xs)
        expectClose(result, c.expectedXs!, "\(c.name) gaussian σ=\(c.sigma!) \(c.mode!)")
      } else {
        let filter = SavitzkyGolayFilter(
          windowLength: c.window!, polynomialOrder: c.order!, derivative: c.derivative!,
          delta: c.delta!)
        let result = try filter.apply(c.xs)
        expectClose(
          result, c.expectedXs!, tolerance: 1e-8,
          "\(c.name) savgol w=\(c.window!) p=\(c.order!) d=\(c.derivative!)")
      }
    }
  }

  @Test func kinematicsMatchTheRegressionFormula() throws {
    let data = try Fixture.data("resampling/kinematics.json")
    let cases = try JSONSerialization.jsonObject(with: data) as! [[String: Any]]
    for c in cases {
      let name = c["name"] as! String
      let buffer = SampleBuffer(xs: c["xs"] as! [Double], ys: c["ys"] as! [Double])
      let result = try KinematicFeatures().adding(to: buffer)
      for channel in KinematicFeatures.channels {
        expectClose(result[channel]!, c[channel.name] as! [Double], "\(name) \(channel)")
      }
    }
  }

  @Test func dollarOneNormalisationMatchesItsPseudocode() throws {
    for c in try ResamplingCase.load("normalise") {
      let (result, transform) = try Normalization.dollarOne.apply(to: c.buffer)
      expectClose(result.xs, c.expectedXs!, "\(c.name) x")
      expectClose(result.ys, c.expectedYs!, "\(c.name) y")
      let back = result.applying(transform.inverted())
      expectClose(back.xs, c.xs, tolerance: 1e-9, "\(c.name) inverse x")
    }
  }
}
