import InkMath
import InkSampling

/// Many DTW distances between prepared row series and prepared column series, spread over all
/// cores with InkMath's `ParallelLoop`.
///
/// Each row's columns are sorted by length and cut into groups of up to eight series of equal
/// length; a group of two or more runs through ``DTWLaneKernel`` (eight pairs in the lanes of
/// one vector), a lone column through ``DTWAntiDiagonalKernel``. With open-begin or open-end
/// matching every pair runs through ``DTWFullMatrixKernel``.
struct DTWPairwiseJob: Sendable {
  let dtw: DynamicTimeWarping
  let rows: [DTWPreparedSeries]
  let columns: [DTWPreparedSeries]
  let limit: Double

  /// One unit of parallel work: a row and up to eight columns of equal length.
  private struct Item: Sendable {
    var row: Int
    var columns: [Int]
  }

  /// The distances, row-major `rows.count × columns.count`; entries outside each row's
  /// `columnRange` are NaN.
  func run(columnRange: (Int) -> Range<Int>) throws(DTWError) -> [Double] {
    try checkWindows()
    let items = self.items(columnRange: columnRange)
    let reversedColumns =
      dtw.openBegin || dtw.openEnd ? [] : columns.map { $0.reversed() }
    var result = [Double](repeating: .nan, count: rows.count * columns.count)
    let columnCount = columns.count
    result.withUnsafeMutableBufferPointer { buffer in
      let output = DisjointWriteBuffer(buffer)
      // Many chunks a core: items of unequal lengths cost unequal times.
      ParallelLoop.forEachChunk(of: items.indices, chunksPerCore: 8) { chunk in
        for item in items[chunk] {
          let values = distances(item, reversedColumns: reversedColumns)
          for (column, value) in zip(item.columns, values) {
            output[item.row * columnCount + column] = value
          }
        }
      }
    }
    return result
  }

  /// The work items: each row's columns sorted by length, cut into equal-length groups of up
  /// to eight.
  private func items(columnRange: (Int) -> Range<Int>) -> [Item] {
    var items = [Item]()
    for row in rows.indices {
      let sorted = columnRange(row).sorted {
        (columns[$0].count, $0) < (columns[$1].count, $1)
      }
      var start = 0
      while start < sorted.count {
        var end = start + 1
        let length = columns[sorted[start]].count
        while end < sorted.count && end - start < SIMD8<Double>.scalarCount
          && columns[sorted[end]].count == length
        {
          end += 1
        }
        items.append(Item(row: row, columns: Array(sorted[start..<end])))
        start = end
      }
    }
    return items
  }

  /// The distances of one item's pairs.
  private func distances(_ item: Item, reversedColumns: [DTWPreparedSeries]) -> [Double] {
    let a = rows[item.row]
    // The windows were checked by `checkWindows`, so building them cannot fail here.
    guard let window = try? dtw.window(rows: a.count, columns: columns[item.columns[0]].count)
    else { return item.columns.map { _ in .nan } }
    let takesRoot = dtw.localCost == .euclidean
    if dtw.openBegin || dtw.openEnd {
      return item.columns.map { column in
        let outcome = DTWFullMatrixKernel.run(
          a, columns[column], window: window, cost: dtw.localCost, openBegin: dtw.openBegin,
          openEnd: dtw.openEnd, limit: limit, tracesPath: false)
        return dtw.reportedDistance(outcome?.accumulatedCost ?? .infinity, limit: limit)
      }
    }
    if item.columns.count == 1 {
      let accumulated = DTWAntiDiagonalKernel.run(
        a, reversedColumns[item.columns[0]], window: window, takesRoot: takesRoot, limit: limit)
      return [dtw.reportedDistance(accumulated, limit: limit)]
    }
    let lanes = DTWLaneKernel.interleave(item.columns.map { columns[$0] })
    let accumulated = DTWLaneKernel.run(
      a, lanes, window: window, takesRoot: takesRoot, limit: limit)
    return item.columns.indices.map { dtw.reportedDistance(accumulated[$0], limit: limit) }
  }

  /// Builds the window of every pair of lengths once, so that an infeasible Itakura
  /// parallelogram or an open-ended constraint is reported before any work starts.
  private func checkWindows() throws(DTWError) {
    let rowLengths = Set(rows.map(\.count))
    let columnLengths = Set(columns.map(\.count))
    if case .itakura = dtw.constraint {
      for n in rowLengths {
        for m in columnLengths { _ = try dtw.window(rows: n, columns: m) }
      }
    } else if let n = rowLengths.first, let m = columnLengths.first {
      _ = try dtw.window(rows: n, columns: m)
    }
  }
}
