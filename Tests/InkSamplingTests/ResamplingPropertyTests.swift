import DuctusTestSupport
import Foundation
import InkSampling
import OpenPencilKit
import Testing

@Suite("Resampling properties and edge cases")
struct ResamplingPropertyTests {
  @Test func resamplingCommutesWithTranslationRotationAndScale() throws {
    var random = RandomStroke(state: 7)
    for _ in 0..<20 {
      let buffer = random.buffer(count: 50)
      let transform = CGAffineTransform(rotationAngle: 0.7).concatenating(
        CGAffineTransform(scaleX: 2.5, y: 2.5)
      ).concatenating(CGAffineTransform(translationX: -40, y: 13))
      let a = try buffer.resampled(count: 32).applying(transform)
      let b = try buffer.applying(transform).resampled(count: 32)
      expectClose(a.xs, b.xs, "x")
      expectClose(a.ys, b.ys, "y")
    }
  }

  @Test func resampledPointsAreEquallySpaced() throws {
    var random = RandomStroke(state: 11)
    let buffer = random.buffer(count: 200)
    let resampled = try buffer.resampled(count: 64)
    #expect(resampled.count == 64)
    #expect(resampled.xs.first == buffer.xs.first && resampled.xs.last == buffer.xs.last)
    // Chords are never longer than the arc step, and the arc step is the length over 63.
    let step = buffer.pathLength / 63
    for (a, b) in zip(resampled.cumulativeArcLength, resampled.cumulativeArcLength.dropFirst()) {
      #expect(b - a <= step + 1e-9)
    }
    let spaced = try buffer.resampled(spacing: 2)
    #expect(spaced.count == Int((buffer.pathLength / 2).rounded(.down)) + 2)
  }

  @Test func normalisationIsInvariantToRotationScaleAndTranslation() throws {
    var random = RandomStroke(state: 3)
    for _ in 0..<10 {
      let buffer = random.buffer(count: 40)
      let moved = buffer.applying(
        CGAffineTransform(rotationAngle: 1.1).concatenating(CGAffineTransform(scaleX: 3, y: 3))
          .concatenating(CGAffineTransform(translationX: 500, y: -20)))
      let normalization = Normalization(
        translation: .centroid, scale: .rms, rotation: .indicativeAngle)
      let (a, _) = try normalization.apply(to: buffer)
      let (b, _) = try normalization.apply(to: moved)
      expectClose(a.xs, b.xs, tolerance: 1e-9, "x")
      expectClose(a.ys, b.ys, tolerance: 1e-9, "y")
    }
  }

  @Test func normalisationScales() throws {
    var random = RandomStroke(state: 5)
    let buffer = random.buffer(count: 30)
    let (byLength, _) = try Normalization(translation: .firstPoint, scale: .pathLength).apply(
      to: buffer)
    #expect(abs(byLength.pathLength - 1) < 1e-12)
    #expect(byLength.xs[0] == 0 && byLength.ys[0] == 0)
    let (boxed, _) = try Normalization(scale: .boundingBox(size: 10, uniform: true)).apply(
      to: buffer)
    let side = max(boxed.xs.max()! - boxed.xs.min()!, boxed.ys.max()! - boxed.ys.min()!)
    #expect(abs(side - 10) < 1e-9)
  }

  @Test func emptyAndNonFiniteInputsAreRejected() {
    #expect(throws: ResamplingError.empty) { try SampleBuffer(xs: [], ys: []).resampled(count: 8) }
    #expect(throws: ResamplingError.nonFiniteSample(channel: .y, index: 1)) {
      try SampleBuffer(xs: [0, 1, 2], ys: [0, .nan, 1]).resampled(count: 8)
    }
    #expect(throws: ResamplingError.self) {
      try SampleBuffer(xs: [0, 1], ys: [0, 1]).resampled(count: 0)
    }
    #expect(throws: ResamplingError.self) {
      try SampleBuffer(xs: [0, 1], ys: [0, 1]).resampled(spacing: 0)
    }
    #expect(throws: ResamplingError.missingChannel(.t)) {
      try SampleBuffer(xs: [0, 1], ys: [0, 1]).resampled(interval: 0.01)
    }
    #expect(throws: ResamplingError.self) {
      try SavitzkyGolayFilter(windowLength: 4, polynomialOrder: 2).apply([1, 2, 3, 4, 5])
    }
    #expect(throws: ResamplingError.self) { try GaussianFilter(sigma: 0).apply([1, 2]) }
  }

  @Test func onePointAndDuplicatePoints() throws {
    let dot = SampleBuffer(xs: [3], ys: [4])
    #expect(try dot.resampled(count: 5).xs == [3, 3, 3, 3, 3])
    #expect(try dot.ramerDouglasPeuckerIndices(epsilon: 1) == [0])
    let (normalised, _) = try Normalization.dollarOne.apply(to: dot)
    #expect(normalised.xs == [0] && normalised.ys == [0])
    let repeated = SampleBuffer(xs: [1, 1, 1, 1], ys: [2, 2, 2, 2])
    #expect(try repeated.resampled(count: 3).ys == [2, 2, 2])
    #expect(try repeated.visvalingamWhyattIndices(epsilon: 0) == [0, 3])
  }

  @Test func resamplingByTime() throws {
    var buffer = SampleBuffer(xs: [0, 10, 30], ys: [0, 0, 0])
    try buffer.setChannel(.t, to: [0, 0.1, 0.2])
    let resampled = try buffer.resampled(interval: 0.05)
    expectClose(resampled.xs, [0, 5, 10, 20, 30], "x")
    try buffer.setChannel(.t, to: [0, 0.2, 0.1])
    #expect(throws: ResamplingError.self) { try buffer.resampled(interval: 0.05) }
  }

  @Test func simplificationKeepsCorners() throws {
    let zigzag = SampleBuffer(xs: [0, 1, 2, 3, 4, 5, 6], ys: [0, 0.01, 0, 5, 0, 0.01, 0])
    #expect(try zigzag.ramerDouglasPeuckerIndices(epsilon: 0.5) == [0, 2, 3, 4, 6])
    #expect(try zigzag.visvalingamWhyattIndices(epsilon: 0.1) == [0, 2, 3, 4, 6])
    #expect(try zigzag.simplifiedRamerDouglasPeucker(epsilon: 0.5).count == 5)
  }

  @Test func filtersPreserveConstantsAndLines() throws {
    let line = (0..<30).map { 2 * Double($0) + 1 }
    expectClose(
      try SavitzkyGolayFilter(windowLength: 7, polynomialOrder: 2).apply(line), line, "savgol")
    expectClose(
      try SavitzkyGolayFilter(windowLength: 7, polynomialOrder: 2, derivative: 1).apply(line),
      [Double](repeating: 2, count: 30), "savgol slope")
    expectClose(
      try GaussianFilter(sigma: 2).apply([Double](repeating: 4, count: 9)),
      [Double](repeating: 4, count: 9), "gaussian")
    let slope = RegressionDerivative().apply(line)
    expectClose(Array(slope[2..<28]), [Double](repeating: 2, count: 26), "regression")
  }

  /// The filter's output, computed four at a time inside, is bit for bit the plain sum of each
  /// output in kernel order, at every length around the kernel's width and in both modes.
  @Test func gaussianFilterEqualsThePlainSumBitForBit() throws {
    var random = RandomStroke(state: 11)
    for sigma in [0.5, 1, 2.5, 6] {
      for mode in GaussianFilter.BoundaryMode.allCases {
        let filter = GaussianFilter(sigma: sigma, mode: mode)
        let weights = try filter.kernel()
        let radius = weights.count / 2
        for n in [1, 2, 3, radius, 2 * radius, 2 * radius + 1, 2 * radius + 5, 4 * radius + 7] {
          let values = random.buffer(count: max(n, 1)).xs
          var plain = [Double](repeating: 0, count: values.count)
          for i in values.indices {
            for k in weights.indices {
              let j = i + k - radius
              let index =
                mode == .nearest
                ? min(max(j, 0), values.count - 1)
                : {
                  let period = 2 * values.count
                  let m = ((j % period) + period) % period
                  return m < values.count ? m : period - 1 - m
                }()
              plain[i] += weights[k] * values[index]
            }
          }
          let filtered = try filter.apply(values)
          #expect(
            filtered.map(\.bitPattern) == plain.map(\.bitPattern),
            "sigma \(sigma), \(mode), \(values.count) samples")
        }
      }
    }
  }

  @Test func kinematicsOfACircle() throws {
    let n = 400
    let radius = 50.0
    let circle = SampleBuffer(
      xs: (0..<n).map { radius * cos(Double($0) * 2 * .pi / Double(n)) },
      ys: (0..<n).map { radius * sin(Double($0) * 2 * .pi / Double(n)) })
    let features = try KinematicFeatures().adding(to: circle)
    let curvature = features[.curvature]!
    // Away from the clamped ends, curvature is 1/r to within the regression's small bias.
    for value in curvature[10..<(n - 10)] { #expect(abs(value - 1 / radius) < 1e-3 / radius) }
    let angle = features[.tangentAngle]!
    #expect(abs(angle[n - 10] - angle[10] - 1.9 * .pi) < 1e-9)
  }
}

@Suite("Strokes to samples")
struct StrokeSamplerTests {
  func stroke(_ points: [(Double, Double, Double)], transform: CGAffineTransform = .identity)
    -> PKStroke
  {
    let controlPoints = points.map { x, y, t in
      PKStrokePoint(
        location: CGPoint(x: x, y: y), timeOffset: t, size: CGSize(width: 4, height: 4),
        opacity: 1, force: 0.5, azimuth: 0.25, altitude: 1)
    }
    return PKStroke(
      ink: PKInk(.pen, color: .black),
      path: PKStrokePath(
        controlPoints: controlPoints, creationDate: Date(timeIntervalSinceReferenceDate: 10)),
      transform: transform)
  }

  @Test func controlPointsInDrawingCoordinates() {
    let s = stroke([(0, 0, 0), (10, 0, 0.1)], transform: CGAffineTransform(translationX: 5, y: 7))
    let buffers = StrokeSampler().samples(of: PKDrawing(strokes: [s]))
    #expect(buffers.count == 1)
    #expect(buffers[0].xs == [5, 15] && buffers[0].ys == [7, 7])
    #expect(buffers[0][.t] == [0, 0.1])
    #expect(buffers[0][.force] == [0.5, 0.5])
    #expect(buffers[0][.azimuth] == [0.25, 0.25])
  }

  @Test func splineSamplingAndMasks() {
    var s = stroke([(0, 0, 0), (100, 0, 1)])
    let spline = StrokeSampler(mode: .spline(.distance(10))).samples(of: s)
    #expect(spline[0].count == 11)
    s.mask = PKBezierPath(polygons: [
      [CGPoint(x: -1, y: -5), CGPoint(x: 30, y: -5), CGPoint(x: 30, y: 5), CGPoint(x: -1, y: 5)],
      [CGPoint(x: 60, y: -5), CGPoint(x: 101, y: -5), CGPoint(x: 101, y: 5), CGPoint(x: 60, y: 5)],
    ])
    let pieces = StrokeSampler().samples(of: s)
    #expect(pieces.count == 2)
    #expect(pieces[0].xs.first == 0 && abs(pieces[0].xs.last! - 30) < 0.2)
    #expect(abs(pieces[1].xs.first! - 60) < 0.2 && pieces[1].xs.last == 100)
  }

  @Test func timesCountFromTheFirstStroke() {
    let first = stroke([(0, 0, 0), (1, 0, 0.5)])
    var second = stroke([(0, 5, 0), (1, 5, 0.5)])
    second.path.creationDate = Date(timeIntervalSinceReferenceDate: 11)
    let buffers = StrokeSampler().samples(of: PKDrawing(strokes: [first, second]))
    #expect(buffers[1][.t] == [1, 1.5])
  }

  @Test func wholeDrawingResampling() throws {
    let a = SampleBuffer(xs: [0, 30], ys: [0, 0])
    let b = SampleBuffer(xs: [0, 10], ys: [10, 10])
    let separate = try DrawingResampler(count: 8, penUp: .separate).resample([a, b])
    #expect(separate.count == 8)
    #expect(separate[.stroke] == [0, 0, 0, 0, 0, 0, 1, 1])
    #expect(separate[.penDown]!.allSatisfy { $0 == 1 })
    let connected = try DrawingResampler(count: 5, penUp: .connect).resample([a, b])
    // Total path 30 + 31.62 (air) + 10; samples at quarter lengths.
    #expect(connected.count == 5)
    #expect(connected[.penDown] == [1, 1, 0, 0, 1])
    #expect(connected[.stroke] == [0, 0, 0, 0, 1])
    #expect(throws: ResamplingError.self) {
      try DrawingResampler(count: 1, penUp: .separate).resample([a, b])
    }
  }
}
