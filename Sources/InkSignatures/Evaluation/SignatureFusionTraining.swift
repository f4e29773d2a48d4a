import Foundation

/// Chooses a fusion's weight, logistic map and threshold on the distances of tuning users.
///
/// One parameter only, since ten tuning users overfit more (a weight a kind and source was
/// tried, and chose weights that doubled the held-out users' EER; so did three global-feature
/// weights with the cohort-anchored joint distance): one weight shared by the three
/// global-feature distances, the kinds' DTW weights staying 0 and the joint term's 1 (which
/// fixes the scale), the joint distance normalised by
/// ``SignatureDistanceNormalization/cohortAnchored``. The weight is tried at 0 and at 2^k for
/// k = −6, −5.5, …, 1 and kept where the objective is least: the sum of the mean skilled EER
/// per user, the mean pooled skilled EER, and half the two random EERs, over the tuning users'
/// trials. The cohort distance of a template without one is the median over the tuning
/// trials, and so is the mean template's; the mean template's share is the evaluated matcher's
/// (not tuned). The logistic map: a two-parameter logistic regression of genuine (1) against
/// skilled forgery (0) on the fused distance, each class weighing half, by Newton's method.
/// The threshold: the score at the pooled skilled EER of all tuning trials together, or, given
/// a target false-accept rate, the lowest score at which the tuning trials' skilled forgeries
/// are accepted no more often than that.
enum SignatureFusionTraining {
  /// The global-feature weights tried.
  static let grid: [Double] = [0] + (-12...2).map { pow(2, Double($0) / 2) }

  /// The fusion tuned on `distances` (user by user, trial by trial).
  static func train(
    _ distances: [[SignatureTrialDistances]], meanTemplateShare: Double = 0,
    targetFalseAcceptRate: Double? = nil
  ) -> SignatureFusion {
    func typical(_ figure: (SignatureDistances) -> Double?) -> Double? {
      distances.flatMap { $0.flatMap { $0.genuine.compactMap(figure).prefix(1) } }.median
    }
    var fusion = SignatureFusion(
      normalization: .cohortAnchored, typicalCohortDistance: typical(\.cohort) ?? 1,
      meanTemplateShare: meanTemplateShare,
      typicalMeanTemplateCohortDistance: typical(\.meanTemplateCohort) ?? 1,
      globalWeights: SignatureEvidenceValues(repeating: 0), slope: 1, center: 0, threshold: 0.5)
    var best = Double.infinity
    for weight in grid {
      var candidate = fusion
      candidate.globalWeights = SignatureEvidenceValues(repeating: weight)
      let value = objective(candidate, distances)
      if value < best { (best, fusion) = (value, candidate) }
    }
    let all = distances.flatMap { $0 }
    let genuine = all.flatMap { $0.genuine.map(fusion.fusedDistance) }
    let skilled = all.flatMap { $0.skilled.map(fusion.fusedDistance) }
    (fusion.slope, fusion.center) = logisticMap(genuine: genuine, forgeries: skilled)
    let scores = all.map { $0.scores(fusion) }
    let curve = ErrorRateCurve(
      genuine: scores.flatMap(\.genuine), forgeries: scores.flatMap(\.skilled))
    fusion.threshold =
      targetFalseAcceptRate.map(curve.threshold(forFalseAcceptRate:)) ?? curve.equalErrorThreshold
    return fusion
  }

  /// What the weights minimise: skilled EERs per user and pooled, plus half the random ones.
  static func objective(_ fusion: SignatureFusion, _ distances: [[SignatureTrialDistances]])
    -> Double
  {
    let scores = distances.map { $0.map { $0.negatedFusedDistances(fusion) } }
    let skilled = SignatureErrorRates.of(scores, .skilled).rates
    let random = SignatureErrorRates.of(scores, .random).rates
    return skilled.perUserEER.mean + skilled.pooledEER.mean
      + (random.perUserEER.mean + random.pooledEER.mean) / 2
  }

  /// The slope and centre of `p = 1 / (1 + exp(slope · (d − center)))` fitted by weighted
  /// logistic regression (Newton's method, 50 steps at most, a small ridge on the slope so
  /// that separable classes stay finite).
  static func logisticMap(genuine: [Double], forgeries: [Double]) -> (slope: Double, center: Double)
  {
    let all = genuine + forgeries
    let mean = all.reduce(0, +) / Double(max(all.count, 1))
    let variance = all.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(max(all.count, 1))
    let spread = max(variance.squareRoot(), 1e-9)
    guard !genuine.isEmpty, !forgeries.isEmpty else { return (1 / spread, mean) }
    // p = σ(a + b·u) with u = (d − mean) / spread standardised; genuine has y = 1.
    let samples =
      genuine.map { (($0 - mean) / spread, 1.0, 0.5 / Double(genuine.count)) }
      + forgeries.map { (($0 - mean) / spread, 0.0, 0.5 / Double(forgeries.count)) }
    var a = 0.0
    var b = -1.0
    let ridge = 1e-3
    for _ in 0..<50 {
      var gradient = (a: 0.0, b: -ridge * b)
      var hessian = (aa: 0.0, ab: 0.0, bb: ridge)
      for (u, y, w) in samples {
        let p = 1 / (1 + exp(-(a + b * u)))
        gradient.a += w * (y - p)
        gradient.b += w * (y - p) * u
        let curvature = w * p * (1 - p)
        hessian.aa += curvature
        hessian.ab += curvature * u
        hessian.bb += curvature * u * u
      }
      let determinant = hessian.aa * hessian.bb - hessian.ab * hessian.ab
      guard determinant > 1e-15 else { break }
      let stepA = (hessian.bb * gradient.a - hessian.ab * gradient.b) / determinant
      let stepB = (hessian.aa * gradient.b - hessian.ab * gradient.a) / determinant
      a += stepA
      b += stepB
      if abs(stepA) + abs(stepB) < 1e-10 { break }
    }
    guard b < 0, a.isFinite, b.isFinite else { return (1 / spread, mean) }
    // σ(a + b·(d − mean)/spread) = 1 / (1 + exp(slope·(d − center))).
    let slope = -b / spread
    return (slope, mean + a * spread / -b)
  }
}
