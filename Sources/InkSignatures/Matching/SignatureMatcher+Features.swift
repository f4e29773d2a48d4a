import InkFeatures
import InkSampling

extension SignatureMatcher {
  /// The local functions ``features(of:)`` adds to InkFeatures': the pen's velocity components,
  /// `dx` and `dy`, centred and divided by one scale for both axes.
  public static let sharedScaleFunctions = ["dxShared", "dyShared"]

  /// The features a matcher compares, of a signature's pen-down samples: InkFeatures' local
  /// functions and global features (`SignatureFeatureExtractor()`, unchanged), with
  /// ``sharedScaleFunctions`` appended to the local functions.
  ///
  /// ```swift
  /// let samples = try SignatureSamples(drawing: drawing)
  /// let features = SignatureMatcher.features(of: samples)
  /// features.local["dx"]          // z-normalised on its own, as InkFeatures gives it
  /// features.local["dxShared"]    // on the scale it shares with dyShared
  /// ```
  ///
  /// InkFeatures z-normalises every function on its own, so that `dx` and `dy` each vary by 1
  /// and how far the pen moves across against up and down is lost. The shared-scale components
  /// keep it: with `ẋ`, `ẏ` the regression derivatives of the position (per sample, over the
  /// concatenated strokes, as InkFeatures takes `dx` and `dy`),
  /// `dxShared = (ẋ − mean ẋ) / s` and `dyShared = (ẏ − mean ẏ) / s` with
  /// `s = √((var ẋ + var ẏ) / 2)` (population variances), so that the two together have a mean
  /// square of 1. They are zeros when `s ≤ 10⁻¹² · max(|ẋ|, |ẏ|)` (a pen whose velocity does
  /// not change but by rounding), as InkFeatures' constant columns are. Matchers since issue 11's fifth
  /// round compare them instead of `dx` and `dy` (see <doc:SignatureVerification>); templates
  /// saved before name `dx` and `dy` and keep comparing those.
  ///
  /// - Complexity: O(n) in the samples, besides InkFeatures' own.
  public static func features(of samples: SignatureSamples) -> SignatureFeatures {
    let extractor = SignatureFeatureExtractor()
    var local = extractor.localFunctions(of: samples)
    let shared = sharedScaleVelocity(xs: samples.xs, ys: samples.ys)
    local.names += sharedScaleFunctions
    local.columns += [shared.dx, shared.dy]
    return SignatureFeatures(local: local, global: extractor.globalFeatures(of: samples))
  }

  /// The velocity components of a signature's positions, centred and divided by their shared
  /// scale `√((var ẋ + var ẏ) / 2)`; zeros when that scale is 0 or only rounding.
  static func sharedScaleVelocity(xs: [Double], ys: [Double]) -> (dx: [Double], dy: [Double]) {
    let derivative = RegressionDerivative(window: SignatureFeatureExtractor.derivativeWindow)
    func centred(_ values: [Double]) -> [Double] {
      let mean = values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
      return values.map { $0 - mean }
    }
    let (rawX, rawY) = (derivative.apply(xs), derivative.apply(ys))
    let dx = centred(rawX)
    let dy = centred(rawY)
    guard !dx.isEmpty else { return ([], []) }
    let meanSquare =
      (dx.reduce(0) { $0 + $1 * $1 } + dy.reduce(0) { $0 + $1 * $1 }) / Double(2 * dx.count)
    let scale = meanSquare.squareRoot()
    // Against the uncentred values, as InkFeatures' z-normalisation: a spread that is only the
    // rounding of a large constant velocity is none.
    let largest = (rawX + rawY).reduce(0) { max($0, abs($1)) }
    guard scale > 0, scale > 1e-12 * largest else {
      let zeros = [Double](repeating: 0, count: dx.count)
      return (zeros, zeros)
    }
    return (dx.map { $0 / scale }, dy.map { $0 / scale })
  }
}
