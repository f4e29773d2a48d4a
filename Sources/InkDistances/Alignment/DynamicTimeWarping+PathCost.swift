import InkSampling

extension DynamicTimeWarping {
  /// The cost of a given warping path between two series under this configuration's channels,
  /// weights, derivative and local cost: the local costs of the path's pairs summed, reported
  /// as ``distance(_:_:abandoningAbove:)`` reports the best path's (the square root of the sum
  /// for ``DTWLocalCost/squaredEuclidean``). The constraint and the open ends are not
  /// consulted: the path is taken as it is.
  ///
  /// Along the path of another configuration's ``alignment(_:_:)`` this is the share of some
  /// channels in an alignment chosen by all of them: each kind of evidence's cost along one
  /// joint multi-channel alignment, for instance, instead of one more alignment a kind.
  ///
  /// ```swift
  /// let joint = DynamicTimeWarping(channels: [.x, .y, .force], localCost: .euclidean)
  /// let path = try joint.alignment(a, b).path
  /// let force = DynamicTimeWarping(channels: [.force], localCost: .euclidean)
  /// let share = try force.cost(a, b, along: path)      // ≤ joint's distance
  /// ```
  ///
  /// - Throws: ``DTWError`` for empty or non-finite series and bad weights, and
  ///   ``DTWError/invalidParameter(_:)`` for a path whose two index arrays differ in length or
  ///   leave the series.
  /// - Complexity: O(path length · channels).
  public func cost(_ first: SampleBuffer, _ second: SampleBuffer, along path: WarpingPath)
    throws(DTWError) -> Double
  {
    let a = try prepare(first, index: 0)
    let b = try prepare(second, index: 1)
    guard path.firstIndices.count == path.secondIndices.count else {
      throw .invalidParameter(
        "the warping path has \(path.firstIndices.count) first and "
          + "\(path.secondIndices.count) second indices")
    }
    var sum = 0.0
    for (i, j) in zip(path.firstIndices, path.secondIndices) {
      guard a.count > i, i >= 0, b.count > j, j >= 0 else {
        throw .invalidParameter(
          "the warping path's pair (\(i), \(j)) is outside series of \(a.count) and \(b.count) "
            + "samples")
      }
      sum += localCost.cost(squaredDistance: a.squaredDistance(i, b, j))
    }
    return reportedDistance(sum, limit: .infinity)
  }
}
