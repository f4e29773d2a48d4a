import Foundation
import InkFeatures
import InkSampling
import InkSignatures
import Testing
import _DuctusSupport

/// The shared-scale velocity components the matcher adds to InkFeatures' local functions:
/// their definition, their invariances on seeded random signatures, the special cases, and
/// that templates saved with `dx` and `dy` verify as they did.
@Suite struct SignatureSharedScaleTests {
  /// A wobbly curve of `count` samples in two strokes, drawn by `seed`, its `x` stretched by
  /// `stretch`, then scaled by `scale` and moved by `offset`.
  static func samples(
    seed: UInt64, count: Int = 60, stretch: Double = 1, scale: Double = 1,
    offset: (Double, Double) = (0, 0), swapped: Bool = false
  ) -> SignatureSamples {
    var random = SplitMix64(seed: seed)
    func uniform() -> Double { Double(random.next() >> 11) / Double(1 << 53) - 0.5 }
    let half = count / 2
    let strokes = [0..<half, half..<count].map { range in
      var xs: [Double] = []
      var ys: [Double] = []
      var ts: [Double] = []
      for i in range {
        let u = Double(i) / Double(count) * 2 * Double.pi
        let x = stretch * (80 * u + 30 * sin(3 * u) + 4 * uniform())
        let y = 50 * cos(2 * u) + 4 * uniform()
        xs.append(scale * (swapped ? y : x) + offset.0)
        ys.append(scale * (swapped ? x : y) + offset.1)
        ts.append(Double(i) * 0.01)
      }
      let forces = [Double](repeating: 0.5, count: xs.count)
      return try! SampleBuffer(xs: xs, ys: ys, extraChannels: [.t: ts, .force: forces])
    }
    return try! SignatureSamples(strokes: strokes)
  }

  static func shared(_ samples: SignatureSamples) -> (dx: [Double], dy: [Double]) {
    let local = SignatureMatcher.features(of: samples).local
    return (local["dxShared"]!, local["dyShared"]!)
  }

  /// InkFeatures' features alone, without the matcher's additions.
  static func plain(_ samples: SignatureSamples) -> SignatureFeatures {
    let extractor = SignatureFeatureExtractor()
    return SignatureFeatures(
      local: extractor.localFunctions(of: samples), global: extractor.globalFeatures(of: samples))
  }

  static func meanSquare(_ values: [Double]) -> Double {
    values.reduce(0) { $0 + $1 * $1 } / Double(values.count)
  }

  static func close(_ a: [Double], _ b: [Double], _ tolerance: Double = 1e-9) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func theComponentsAreCentredWithAMeanSquareOfOneTogether(seed: UInt64) {
    let (dx, dy) = Self.shared(Self.samples(seed: seed))
    #expect(abs(dx.reduce(0, +) / Double(dx.count)) < 1e-12)
    #expect(abs(dy.reduce(0, +) / Double(dy.count)) < 1e-12)
    #expect(abs((Self.meanSquare(dx) + Self.meanSquare(dy)) / 2 - 1) < 1e-12)
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func theyAreInvariantUnderTranslationAndScaleButKeepTheAspect(seed: UInt64) {
    let plain = Self.shared(Self.samples(seed: seed))
    let moved = Self.shared(Self.samples(seed: seed, scale: 3.5, offset: (1200, -70)))
    #expect(Self.close(plain.dx, moved.dx) && Self.close(plain.dy, moved.dy))
    // Swapping the axes swaps the components.
    let swapped = Self.shared(Self.samples(seed: seed, swapped: true))
    #expect(Self.close(plain.dx, swapped.dy) && Self.close(plain.dy, swapped.dx))
    // Stretching x by 2 doubles the ratio of their deviations; InkFeatures' dx does not change.
    let wide = Self.samples(seed: seed, stretch: 2)
    let stretched = Self.shared(wide)
    let ratio = (Self.meanSquare(plain.dx) / Self.meanSquare(plain.dy)).squareRoot()
    let stretchedRatio = (Self.meanSquare(stretched.dx) / Self.meanSquare(stretched.dy))
      .squareRoot()
    #expect(abs(stretchedRatio / ratio - 2) < 1e-9)
    let extractor = SignatureFeatureExtractor()
    #expect(
      Self.close(
        extractor.localFunctions(of: wide)["dx"]!,
        extractor.localFunctions(of: Self.samples(seed: seed))["dx"]!))
  }

  @Test func theyAreInkFeaturesDxAndDyRescaledByOneScale() {
    let samples = Self.samples(seed: 9)
    let features = SignatureMatcher.features(of: samples)
    let (dx, dy) = Self.shared(samples)
    let zdx = features.local["dx"]!
    let zdy = features.local["dy"]!
    // Each is its z-normalised counterpart times the axis's deviation over the shared scale.
    let kx = dx[10] / zdx[10]
    let ky = dy[10] / zdy[10]
    #expect(Self.close(dx, zdx.map { $0 * kx }) && Self.close(dy, zdy.map { $0 * ky }))
    #expect(abs((kx * kx + ky * ky) / 2 - 1) < 1e-12)
  }

  @Test func inkFeaturesFunctionsAndGlobalFeaturesAreUnchanged() {
    let samples = Self.samples(seed: 4)
    let extractor = SignatureFeatureExtractor()
    let features = SignatureMatcher.features(of: samples)
    let local = extractor.localFunctions(of: samples)
    #expect(features.local.names == local.names + SignatureMatcher.sharedScaleFunctions)
    #expect(Array(features.local.columns.prefix(local.columns.count)) == local.columns)
    #expect(features.local.count == local.count)
    #expect(features.global == extractor.globalFeatures(of: samples))
  }

  @Test func specialCases() throws {
    // No sample: columns of no value.
    let empty = SignatureMatcher.features(of: try SignatureSamples(strokes: []))
    #expect(empty.local["dxShared"] == [] && empty.local["dyShared"] == [])
    // One sample, and a pen standing still: zeros.
    let one = try SampleBuffer(xs: [5], ys: [7], extraChannels: [.t: [0], .force: [0.5]])
    let still = try SampleBuffer(
      xs: [3, 3, 3, 3], ys: [1e6, 1e6, 1e6, 1e6], extraChannels: [.t: [0, 1, 2, 3]])
    for strokes in [[one], [still]] {
      let (dx, dy) = Self.shared(try SignatureSamples(strokes: strokes))
      #expect(dx.allSatisfy { $0 == 0 } && dy.allSatisfy { $0 == 0 })
    }
    // A horizontal line: dy is zeros, dx carries all the movement (mean square 2).
    let line = try SampleBuffer(
      xs: [0, 1, 3, 6, 10, 15], ys: [4, 4, 4, 4, 4, 4], extraChannels: [.t: [0, 1, 2, 3, 4, 5]])
    let (dx, dy) = Self.shared(try SignatureSamples(strokes: [line]))
    #expect(dy.allSatisfy { $0 == 0 })
    #expect(abs(Self.meanSquare(dx) - 2) < 1e-12)
    #expect(dx.allSatisfy { $0.isFinite })
  }

  @Test func aTemplateSavedWithDxAndDyVerifiesAsItDid() throws {
    // The matcher before the shared scale: dx and dy, as a template saved then names them.
    var functions = SignatureMatcher.defaultLocalFunctions
    functions.shape = ["x", "y", "dx", "dy", "dtheta", "drho"]
    let old = SignatureMatcher(localFunctions: functions)
    let seeds: [UInt64] = [11, 12, 13, 14, 15]
    let plain = seeds.map { Self.plain(Self.samples(seed: $0)) }
    let saved = try JSONDecoder().decode(
      SignatureTemplate.self,
      from: try JSONEncoder().encode(try SignatureEnrollment(matcher: old).enroll(plain)))
    #expect(saved.matcher.localFunctions.shape.contains("dx"))
    // The matcher's features of a questioned signature hold dx and dy too, and score the same.
    let questioned = Self.samples(seed: 21)
    let before = try saved.verify(Self.plain(questioned))
    let after = try saved.verify(SignatureMatcher.features(of: questioned))
    #expect(before == after)
    // A template of today's matcher needs the matcher's features, and says so.
    let current = try SignatureEnrollment().enroll(
      seeds.map { SignatureMatcher.features(of: Self.samples(seed: $0)) })
    #expect(
      throws: SignatureMatchingError.missingFunction(signature: "questioned", name: "dxShared")
    ) {
      _ = try current.verify(Self.plain(questioned))
    }
  }
}
