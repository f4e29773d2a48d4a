import InkSampling

/// The result of a directed Hausdorff distance: the distance and a pair of samples realising it.
///
/// `firstIndex` is the index (in the first curve) of a sample whose nearest neighbour in the
/// second curve is farthest; `secondIndex` is the index of that nearest neighbour, so the two
/// samples are exactly `distance` apart (also when it is 0). The distance equals SciPy's
/// `directed_hausdorff(u, v)[0]` exactly; the indices equal SciPy's when the farthest sample
/// and its nearest neighbour are unique, and otherwise may name another pair at the same
/// distance: among ties both pick the last farthest sample and the first nearest neighbour in
/// their random visiting order, and the orders differ (SplitMix64 here, NumPy's generator in
/// SciPy).
public struct HausdorffPair: Hashable, Sendable, Codable {
  /// The directed Hausdorff distance.
  public var distance: Double
  /// The index of the farthest sample of the first curve.
  public var firstIndex: Int
  /// The index of its nearest sample in the second curve.
  public var secondIndex: Int

  /// A result of the given distance and sample indices.
  public init(distance: Double, firstIndex: Int, secondIndex: Int) {
    self.distance = distance
    self.firstIndex = firstIndex
    self.secondIndex = secondIndex
  }
}
