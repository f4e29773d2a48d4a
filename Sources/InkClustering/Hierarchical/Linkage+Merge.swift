extension Linkage {
  /// One merge of a dendrogram: a row of SciPy's linkage matrix.
  public struct Merge: Sendable, Hashable, Codable {
    /// The lower-numbered of the two clusters joined (a point below `n`, else merge `left − n`).
    public var left: Int
    /// The higher-numbered of the two.
    public var right: Int
    /// The distance between them under the linkage method: the merge's height.
    public var distance: Double
    /// The number of points in the merged cluster.
    public var size: Int

    /// A merge from its parts.
    public init(left: Int, right: Int, distance: Double, size: Int) {
      self.left = left
      self.right = right
      self.distance = distance
      self.size = size
    }
  }
}
