import InkSampling

/// The result of aligning two series with dynamic time warping.
public struct DTWAlignment: Hashable, Sendable, Codable {
  /// The dynamic time warping distance (see ``DTWLocalCost`` for how it is formed).
  public var distance: Double
  /// The best warping path; with open-begin or open-end matching it starts or ends inside the
  /// second series.
  public var path: WarpingPath
  /// The samples of the second series the first series was matched to: the whole series for
  /// global alignment, the best-matching stretch for open-begin or open-end matching.
  public var matchedRange: ClosedRange<Int>

  /// An alignment of the given distance and path.
  public init(distance: Double, path: WarpingPath, matchedRange: ClosedRange<Int>) {
    self.distance = distance
    self.path = path
    self.matchedRange = matchedRange
  }
}
