/// How the scores of genuine signatures, skilled forgeries and random forgeries are distributed:
/// counts in equal bins over 0…1.
///
/// JSON: `{"binEdges", "genuine", "skilled", "random"}`; bin `i` holds the scores in
/// `binEdges[i] ..< binEdges[i + 1]` (the last bin includes 1).
public struct SignatureScoreHistogram: Hashable, Sendable, Codable {
  /// The bins' edges, from 0 to 1.
  public var binEdges: [Double]
  /// The genuine signatures a bin.
  public var genuine: [Int]
  /// The skilled forgeries a bin.
  public var skilled: [Int]
  /// The random forgeries a bin.
  public var random: [Int]

  /// The histogram of the given scores in `bins` bins.
  public init(genuine: [Double], skilled: [Double], random: [Double], bins: Int = 20) {
    binEdges = (0...bins).map { Double($0) / Double(bins) }
    func counts(_ scores: [Double]) -> [Int] {
      var counts = [Int](repeating: 0, count: bins)
      for score in scores {
        counts[min(max(Int(score * Double(bins)), 0), bins - 1)] += 1
      }
      return counts
    }
    self.genuine = counts(genuine)
    self.skilled = counts(skilled)
    self.random = counts(random)
  }
}
