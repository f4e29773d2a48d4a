extension CompactingDistanceMatrix {
  /// A merge whose update of the column has not reached every row: the rows not yet brought up
  /// to date apply it to their own entries `d(i, x)` and `d(i, y)`.
  struct PendingUpdate {
    /// The position merged away.
    var x: Int
    /// The position that holds the merged cluster.
    var y: Int
    /// The size of the cluster at `x` before the merge.
    var sizeX: Double
    /// The size of the cluster at `y` before the merge.
    var sizeY: Double
    /// The distance between the two (squared for Ward's method).
    var distance: Double

    /// The size of the merged cluster, `sizeX + sizeY`.
    var mergedSize: Double { sizeX + sizeY }
  }
}
