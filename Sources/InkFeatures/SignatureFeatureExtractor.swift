import Foundation
import InkSampling
import OpenPencilKit

/// Computes the local functions and global features of on-line signatures.
///
/// ```swift
/// let extractor = SignatureFeatureExtractor()            // first derivatives, pen angles
/// let features = try extractor.features(of: drawing)
/// features.local.names.count    // 18: 9 functions and their first derivatives
/// features.global.values.count  // 61
/// ```
///
/// The local functions follow Fierrez, Ortega-Garcia, Ramos and Gonzalez-Rodriguez, "HMM-based
/// on-line signature verification: feature extraction and signal modeling" (Pattern
/// Recognition Letters 28, 2007); the global features follow Fierrez-Aguilar, Nanni,
/// Lopez-Peñalba, Ortega-Garcia and Maltoni, "An on-line signature verification system based
/// on fusion of local and global information" (AVBPA 2005), and Lee, Berger and Aviczer,
/// "Reliable on-line human signature verification systems" (IEEE TPAMI 18, 1996). See
/// <doc:SignatureLocalFunctions> and <doc:SignatureGlobalFeatures>.
///
/// - Complexity: O(n) in the pen-down samples, for both sets.
public struct SignatureFeatureExtractor: Hashable, Sendable {
  /// The orders of regression derivative appended to the local functions: 0 (the functions
  /// alone), 1 (and their first derivatives, the set of Fierrez et al. 2007) or 2 (and their
  /// second derivatives); other values are clamped to 0…2.
  public var derivativeOrder: Int
  /// Whether the local functions include the pen's azimuth and altitude (and their
  /// derivatives). A device that does not report them gives constant channels, which
  /// z-normalise to zeros.
  public var includesPenAngles: Bool

  /// The floor `ε` of the speed and of the turning rate in the log curvature radius,
  /// `ρ = ln(max(v, ε) / max(|θ̇|, ε))`, which keeps `ρ` finite where the pen stands still or
  /// moves straight: `|ρ| ≤ ln(max(v, 1) / ε)`, about 14 + ln v.
  public static let curvatureFloor = 1e-6

  /// The half-width of the regression window of every derivative, in samples (±2, as in
  /// Fierrez et al. 2007).
  public static let derivativeWindow = 2

  /// An extractor with the given derivative order and pen angles.
  public init(derivativeOrder: Int = 1, includesPenAngles: Bool = true) {
    self.derivativeOrder = derivativeOrder
    self.includesPenAngles = includesPenAngles
  }

  /// Both feature sets of a drawing's signature.
  ///
  /// - Throws: ``SignatureFeatureError/nonFiniteSample(channel:index:value:)`` for a NaN or
  ///   infinite number in the drawing.
  public func features(of drawing: PKDrawing) throws(SignatureFeatureError) -> SignatureFeatures {
    let samples = try SignatureSamples(drawing: drawing)
    return SignatureFeatures(
      local: localFunctions(of: samples), global: globalFeatures(of: samples))
  }

  /// The names of the functions ``localFunctions(of:)`` returns, in column order: the
  /// functions, then their first derivatives (`d` + name), then their second (`d2` + name),
  /// as far as ``derivativeOrder`` asks.
  public var localFunctionNames: [String] {
    let base =
      ["x", "y", "pressure", "theta", "velocity", "rho", "acceleration"]
      + (includesPenAngles ? ["azimuth", "altitude"] : [])
    let order = min(max(derivativeOrder, 0), 2)
    return base + (order >= 1 ? base.map { "d" + $0 } : [])
      + (order >= 2 ? base.map { "d2" + $0 } : [])
  }

  /// The regression derivative over ±``derivativeWindow`` samples, per sample.
  static let derivative = RegressionDerivative(window: derivativeWindow)

  /// The local functions of a signature's pen-down samples (see <doc:SignatureLocalFunctions>).
  ///
  /// Derivatives are taken per sample over the concatenated strokes; every column is then
  /// z-normalised over the signature (a column that does not vary becomes zeros). An empty
  /// signature gives columns of no value.
  public func localFunctions(of samples: SignatureSamples) -> LocalFunctions {
    let d = Self.derivative
    let xDot = d.apply(samples.xs)
    let yDot = d.apply(samples.ys)
    let theta = SeriesStatistics.unwrapped(zip(yDot, xDot).map { atan2($0, $1) })
    let velocity = zip(xDot, yDot).map { ($0 * $0 + $1 * $1).squareRoot() }
    let thetaDot = d.apply(theta)
    let floor = Self.curvatureFloor
    let rho = zip(velocity, thetaDot).map { log(max($0, floor) / max(abs($1), floor)) }
    let velocityDot = d.apply(velocity)
    let acceleration = samples.xs.indices.map { i in
      let centripetal = velocity[i] * thetaDot[i]
      return (velocityDot[i] * velocityDot[i] + centripetal * centripetal).squareRoot()
    }
    var base = [samples.xs, samples.ys, samples.forces, theta, velocity, rho, acceleration]
    if includesPenAngles { base += [samples.azimuths, samples.altitudes] }
    var columns = base
    var order = base
    for _ in 0..<min(max(derivativeOrder, 0), 2) {
      order = order.map(d.apply)
      columns += order
    }
    return LocalFunctions(
      names: localFunctionNames, columns: columns.map(SeriesStatistics.zNormalized),
      count: samples.count)
  }
}
