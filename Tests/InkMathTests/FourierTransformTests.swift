import DuctusTestSupport
import InkMath
import Testing

/// The radix-2 FFT against `numpy.fft.fft` and `numpy.correlate(a, b, "full")`
/// (`Tests/Fixtures/inkmath/fft.json`).
@Suite struct FourierTransformTests {
  struct Transform: Decodable {
    let real: [Double]
    let imaginary: [Double]
    let spectrumReal: [Double]
    let spectrumImaginary: [Double]
  }

  struct Correlation: Decodable {
    let a: [Double]
    let b: [Double]
    let correlation: [Double]
  }

  struct File: Decodable {
    let transforms: [Transform]
    let correlations: [Correlation]
  }

  static func load() throws -> File {
    try Fixture.decode(File.self, from: "inkmath/fft.json")
  }

  @Test func transformsAsNumPyAndBack() throws {
    let file = try Self.load()
    #expect(file.transforms.count == 6)
    for c in file.transforms {
      let fft = try FourierTransform(count: c.real.count)
      var (re, im) = (c.real, c.imaginary)
      // Real and imaginary parts judged together, on the scale of the complex sequence.
      fft.forward(real: &re, imaginary: &im)
      expectClose(
        re + im, c.spectrumReal + c.spectrumImaginary, relative: 1e-13, "n = \(c.real.count)")
      fft.inverse(real: &re, imaginary: &im)
      expectClose(re + im, c.real + c.imaginary, relative: 1e-13, "n = \(c.real.count)")
    }
  }

  @Test func crossCorrelatesAsNumPy() throws {
    let file = try Self.load()
    #expect(file.correlations.count == 6)
    for c in file.correlations {
      let correlation = FourierTransform.crossCorrelation(c.a, c.b)
      expectClose(correlation, c.correlation, relative: 1e-13, "\(c.a.count) × \(c.b.count)")
    }
    #expect(FourierTransform.crossCorrelation([], [1, 2]).isEmpty)
  }

  @Test func refusesLengthsThatAreNotPowersOfTwo() {
    for count in [0, -4, 3, 12, 1000] {
      #expect(throws: InkMathError.self) { try FourierTransform(count: count) }
    }
    #expect(FourierTransform.paddedLength(0) == 1)
    #expect(FourierTransform.paddedLength(33) == 64)
    #expect(FourierTransform.paddedLength(64) == 64)
  }
}
