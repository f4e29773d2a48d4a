/// How well the ink follows a fitted shape, as fractions of the shape's size (the diagonal of
/// its bounding box), so that figures of large and small shapes compare.
public struct ShapeFit: Codable, Sendable, Hashable {
  /// The mean distance from the ink's points to the ideal outline, over the size.
  public var meanDeviation: Double
  /// The largest distance from an ink point to the ideal outline, over the size.
  public var maximumDeviation: Double
  /// How much of the ideal outline the ink covers, `0…1` (an open circle drawn three quarters
  /// round covers 0.75).
  public var coverage: Double

  /// A fit from its three measures.
  public init(meanDeviation: Double, maximumDeviation: Double, coverage: Double) {
    self.meanDeviation = meanDeviation
    self.maximumDeviation = maximumDeviation
    self.coverage = coverage
  }

  enum CodingKeys: String, CodingKey {
    case meanDeviation = "mean"
    case maximumDeviation = "max"
    case coverage
  }
}
