import InkSampling

/// The cost of matching one sample of a series with one sample of another, and how the costs
/// along the best warping path become the reported distance.
public enum DTWLocalCost: String, Hashable, Sendable, Codable, CaseIterable {
  /// The squared (weighted) Euclidean distance between the two samples; the reported distance is
  /// the square root of the summed costs along the best path.
  ///
  /// This is the distance dtaidistance (`dtw.distance`, `dtw_ndim.distance` with the default
  /// `inner_dist="squared euclidean"`) and tslearn (`metrics.dtw`) report.
  case squaredEuclidean
  /// The (weighted) Euclidean distance between the two samples, which is the absolute difference
  /// for a single channel; the reported distance is the plain sum of the costs along the best
  /// path.
  ///
  /// This is dtaidistance's `inner_dist="euclidean"`.
  case euclidean
}

extension DTWLocalCost {
  /// The local cost of a pair whose weighted squared Euclidean distance is `squaredDistance`.
  func cost(squaredDistance: Double) -> Double {
    self == .squaredEuclidean ? squaredDistance : squaredDistance.squareRoot()
  }
}
