import InkSampling

/// A warping path: the matched sample pairs of two series, in order, as two index arrays.
///
/// Pair `k` matches sample `firstIndices[k]` of the first series with sample `secondIndices[k]`
/// of the second. Both arrays are non-decreasing and each step advances one or both by one.
public struct WarpingPath: Hashable, Sendable, Codable {
  /// The indices into the first series.
  public var firstIndices: [Int]
  /// The indices into the second series.
  public var secondIndices: [Int]

  /// A path of the given index pairs (both arrays of the same length).
  public init(firstIndices: [Int], secondIndices: [Int]) {
    self.firstIndices = firstIndices
    self.secondIndices = secondIndices
  }

  /// The number of matched pairs.
  public var count: Int { firstIndices.count }
}
