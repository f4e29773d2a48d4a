import InkSampling

extension DynamicTimeWarping {
  /// The symmetric matrix of DTW distances between all pairs of `series`.
  ///
  /// Each pair `i < j` is computed once, on all cores, eight pairs of equal-length series at a
  /// time in the lanes of one `SIMD8<Double>`; the diagonal is 0. With a threshold, distances
  /// above it are `+∞` (see ``distance(_:_:abandoningAbove:)``).
  ///
  /// - Throws: ``DTWError`` naming the first bad series by its index.
  /// - Complexity: `N(N−1)/2` DTW computations; `N²` doubles of memory.
  public func distanceMatrix(_ series: [SampleBuffer], abandoningAbove threshold: Double? = nil)
    throws(DTWError) -> DistanceMatrix
  {
    let tile = try PairwiseTiling(count: series.count, tiles: 1).tile(row: 0, column: 0)
    let tileDistances = try distances(series, tile: tile, abandoningAbove: threshold)
    return DistanceMatrix(
      rowCount: series.count, columnCount: series.count, values: tileDistances.values)
  }

  /// The `M × N` matrix of DTW distances between every series of `rows` and every series of
  /// `columns`, computed on all cores.
  ///
  /// - Throws: ``DTWError``; a bad series is named by its index in `rows`, or by `M` plus its
  ///   index in `columns`.
  public func distanceMatrix(
    rows: [SampleBuffer], columns: [SampleBuffer], abandoningAbove threshold: Double? = nil
  ) throws(DTWError) -> DistanceMatrix {
    let job = DTWPairwiseJob<SummedCostRecurrence>(
      dtw: self, rows: try prepareAll(rows, firstIndex: 0),
      columns: try prepareAll(columns, firstIndex: rows.count),
      limit: try accumulatedLimit(threshold))
    let values = try job.run { _ in 0..<columns.count }
    return DistanceMatrix(rowCount: rows.count, columnCount: columns.count, values: values)
  }

  /// The distances of one tile of the upper triangle of the all-pairs job over `series` (see
  /// ``PairwiseTiling``): separate processes compute separate tiles, and
  /// ``DistanceMatrix/init(count:stitching:)`` joins them.
  ///
  /// - Throws: ``DTWError/invalidTile(_:)`` when the tile does not fit `series`, and the errors
  ///   of ``distanceMatrix(_:abandoningAbove:)`` for the series the tile touches.
  public func distances(
    _ series: [SampleBuffer], tile: PairwiseTile, abandoningAbove threshold: Double? = nil
  ) throws(DTWError) -> PairwiseTileDistances {
    guard tile.rows.upperBound <= series.count, tile.columns.upperBound <= series.count,
      tile.rows.lowerBound >= 0, tile.columns.lowerBound >= 0
    else { throw .invalidTile("tile \(tile.row),\(tile.column) exceeds \(series.count) series") }
    let rows = try prepareAll(Array(series[tile.rows]), firstIndex: tile.rows.lowerBound)
    let columns = try prepareAll(Array(series[tile.columns]), firstIndex: tile.columns.lowerBound)
    let job = DTWPairwiseJob<SummedCostRecurrence>(
      dtw: self, rows: rows, columns: columns, limit: try accumulatedLimit(threshold))
    let values = try job.tileValues(
      rowStart: tile.rows.lowerBound, columnStart: tile.columns.lowerBound)
    return PairwiseTileDistances(tile: tile, values: values)
  }

  /// Prepares series for the kernels, numbering them from `firstIndex` in errors.
  func prepareAll(_ series: [SampleBuffer], firstIndex: Int) throws(DTWError)
    -> [DTWPreparedSeries]
  {
    var prepared = [DTWPreparedSeries]()
    prepared.reserveCapacity(series.count)
    for (offset, buffer) in series.enumerated() {
      prepared.append(try prepare(buffer, index: firstIndex + offset))
    }
    return prepared
  }
}
