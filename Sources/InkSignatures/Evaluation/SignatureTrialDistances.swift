/// The normalised distances of one user's tests in one trial.
struct SignatureTrialDistances: Sendable {
  /// The genuine test signatures' distances.
  var genuine: [SignatureDistances]
  /// The skilled forgeries' distances.
  var skilled: [SignatureDistances]
  /// The random forgeries' distances.
  var random: [SignatureDistances]

  /// The scores `fusion` gives them.
  func scores(_ fusion: SignatureFusion) -> SignatureTrialScores {
    func score(_ distances: SignatureDistances) -> Double {
      fusion.score(fusedDistance: fusion.fusedDistance(distances))
    }
    return SignatureTrialScores(
      genuine: genuine.map(score), skilled: skilled.map(score), random: random.map(score))
  }

  /// The negated fused distances (a score that grows as the distance falls), which rank the
  /// tests as the scores do, whatever the logistic map.
  func negatedFusedDistances(_ fusion: SignatureFusion) -> SignatureTrialScores {
    func negated(_ distances: SignatureDistances) -> Double { -fusion.fusedDistance(distances) }
    return SignatureTrialScores(
      genuine: genuine.map(negated), skilled: skilled.map(negated), random: random.map(negated))
  }
}
