extension Matrix {
  /// Whether the first entry of largest absolute value in row `i` is negative — the test of
  /// scikit-learn's `svd_flip` on the rows of `Vᵀ` (Bro, Acar and Kolda 2008 motivate sign
  /// conventions of this kind; scikit-learn's is the simpler largest-entry rule).
  func largestMagnitudeIsNegative(inRow i: Int) -> Bool {
    var best = 0.0
    var bestMagnitude = -1.0
    for value in row(i) where abs(value) > bestMagnitude {
      best = value
      bestMagnitude = abs(value)
    }
    return best < 0
  }

  /// Negates every row whose largest-magnitude entry is negative (scikit-learn's `svd_flip`
  /// with `u_based_decision=False`, applied to a matrix of components stored as rows).
  mutating func flipRowsToPositiveLargestEntry() {
    for i in 0..<rows where largestMagnitudeIsNegative(inRow: i) {
      for j in 0..<columns { self[i, j] = -self[i, j] }
    }
  }
}
