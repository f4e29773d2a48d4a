extension KMeans {
  /// How the nearest centre of each point is found; both give the same labels (up to points
  /// within rounding of two centres).
  public enum Algorithm: String, Sendable, Hashable, CaseIterable, Codable {
    /// Every point against every centre, `‖c‖² − 2·x·c` from one matrix product (BLAS `dgemm`)
    /// a block of points, as scikit-learn's Lloyd. Best for many centres or many dimensions.
    case lloyd
    /// Hamerly's bounds (2010): an upper bound on the distance to the point's centre and a lower
    /// bound on the distance to every other, moved by how far the centres moved, skip the points
    /// that cannot change cluster. Best for few dimensions and well-separated clusters.
    case hamerly
  }
}
