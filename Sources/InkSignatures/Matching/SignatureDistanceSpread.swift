/// The smallest, largest and mean of a signature's distances to a set of others, as Kholmatov
/// and Yanikoglu (2005) describe a signature against the references.
///
/// JSON: `{"minimum", "maximum", "mean"}`.
public struct SignatureDistanceSpread: Hashable, Sendable, Codable {
  /// The distance to the nearest.
  public var minimum: Double
  /// The distance to the farthest.
  public var maximum: Double
  /// The mean distance.
  public var mean: Double

  /// A spread of the given figures.
  public init(minimum: Double, maximum: Double, mean: Double) {
    self.minimum = minimum
    self.maximum = maximum
    self.mean = mean
  }

  /// The spread of the given distances; all zeros for none.
  public init(of distances: [Double]) {
    guard let first = distances.first else {
      self.init(minimum: 0, maximum: 0, mean: 0)
      return
    }
    self.init(
      minimum: distances.min() ?? first, maximum: distances.max() ?? first,
      mean: distances.reduce(0, +) / Double(distances.count))
  }

  /// The mean of several spreads, figure by figure; all zeros for none.
  public init(averaging spreads: [SignatureDistanceSpread]) {
    let n = Double(max(spreads.count, 1))
    self.init(
      minimum: spreads.reduce(0) { $0 + $1.minimum } / n,
      maximum: spreads.reduce(0) { $0 + $1.maximum } / n,
      mean: spreads.reduce(0) { $0 + $1.mean } / n)
  }
}
